#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// The types that JSON coders read specially rather than through their own `Decodable`
// conformance, as Foundation's `JSONDecoder` does: `Date` and `Data` by strategy, `URL` from
// its string.

extension JSONKitDecoder.Impl {
  func unboxDate(_ json: JSON, base: PathBase, item: CodingPathItem?) throws -> Date {
    switch options.dates {
    case .deferredToDate:
      return try descend(into: json, base: base, item: item) { try Date(from: $0) }
    case .secondsSince1970:
      return Date(
        timeIntervalSince1970: try read(json, Double.self, base: base, item: item) {
          j throws(ScalarFailure) in try double(j)
        })
    case .millisecondsSince1970:
      let ms = try read(json, Double.self, base: base, item: item) { j throws(ScalarFailure) in
        try double(j)
      }
      return Date(timeIntervalSince1970: ms / 1000)
    case .iso8601:
      let text = try read(json, String.self, base: base, item: item) { j throws(ScalarFailure) in
        try Self.requireString(j)
      }
      guard let date = InternetDateTime.parse(text) else {
        throw corrupted("Expected an ISO 8601 date", json, base: base, item: item)
      }
      return date
    case .formatted(let formatter):
      let text = try read(json, String.self, base: base, item: item) { j throws(ScalarFailure) in
        try Self.requireString(j)
      }
      guard let date = formattedDate(text, formatter) else {
        throw corrupted("Expected a date in the formatter's format", json, base: base, item: item)
      }
      return date
    case .custom(let closure):
      return try descend(into: json, base: base, item: item) { try closure($0) }
    }
  }

  /// `formatter.date(from: text)`, faster.
  ///
  /// `DateFormatter.date(from:)` takes 40–60 µs on
  /// Linux, so text in the formatter's canonical form is read by a `FixedDateFormat`
  /// made once per decode, and other text is parsed once per decode: repeats are common
  /// (retweets share their original's timestamp: twitter.json has 173 dates, 33 distinct),
  /// and a formatter maps equal text to equal dates. The memo is bounded and dies with the
  /// decode.
  func formattedDate(_ text: String, _ formatter: any JSONDateFormatter) -> Date? {
    // Safe: `formattedParser` was set just above when it was `nil`.
    if formattedParser == nil {
      formattedParser = .some(FixedDateFormat(formatter.jsonKitFixedPattern))
    }
    if let parser = formattedParser.unsafelyUnwrapped, let date = parser.parse(text) { return date }
    if let date = formattedDates[text] { return date }
    guard let date = formatter.date(from: text) else { return nil }
    if formattedDates.count < 4096 { formattedDates[text] = date }
    return date
  }

  func unboxData(_ json: JSON, base: PathBase, item: CodingPathItem?) throws -> Data {
    switch options.data {
    case .deferredToData:
      return try descend(into: json, base: base, item: item) { try Data(from: $0) }
    case .base64:
      let text = try read(json, String.self, base: base, item: item) { j throws(ScalarFailure) in
        try Self.requireString(j)
      }
      guard let data = Data(base64Encoded: text) else {
        throw corrupted("Expected Base64 data", json, base: base, item: item)
      }
      return data
    case .custom(let closure):
      return try descend(into: json, base: base, item: item) { try closure($0) }
    }
  }

  func unboxURL(_ json: JSON, base: PathBase, item: CodingPathItem?) throws -> URL {
    let text = try read(json, String.self, base: base, item: item) { j throws(ScalarFailure) in
      try Self.requireString(j)
    }
    guard let url = URL(string: text) else {
      throw corrupted("Expected a URL", json, base: base, item: item)
    }
    return url
  }
}
