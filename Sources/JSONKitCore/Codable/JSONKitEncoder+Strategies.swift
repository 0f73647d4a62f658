#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// The encoding options and strategies, with Foundation's `JSONEncoder` names and meanings.

extension JSONKitEncoder {
  /// How `encode(_:)` lays out its text.
  ///
  /// ```swift
  /// encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
  /// ```
  public struct OutputFormatting: OptionSet, Sendable, Hashable {
    public let rawValue: UInt

    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Newlines and two-space indentation (JSONKit's layout: `"key": value`).
    public static let prettyPrinted = OutputFormatting(rawValue: 1 << 0)
    /// Object keys in Unicode code point order instead of encoding order.
    public static let sortedKeys = OutputFormatting(rawValue: 1 << 1)
    /// Write `/` as is.
    ///
    /// Without it `/` is written `\/`, as Foundation's `JSONEncoder` does.
    public static let withoutEscapingSlashes = OutputFormatting(rawValue: 1 << 3)

    /// The `JSONWriter` options that produce this formatting.
    var writingOptions: JSONWritingOptions {
      var options: JSONWritingOptions = []
      if contains(.prettyPrinted) { options.insert(.prettyPrinted) }
      if contains(.sortedKeys) { options.insert(.sortedKeys) }
      if !contains(.withoutEscapingSlashes) { options.insert(.escapeSlashes) }
      return options
    }
  }

  /// How coding keys become JSON keys.
  ///
  /// ```swift
  /// encoder.keyEncodingStrategy = .convertToSnakeCase   // screenName → "screen_name"
  /// ```
  public enum KeyEncodingStrategy: Sendable {
    /// Keys are written as the coding keys say.
    case useDefaultKeys
    /// `camelCase` keys are written `snake_case` (Foundation's algorithm: `myURLProperty`
    /// → `my_url_property`). The keys of `[String: …]` dictionaries are never converted.
    case convertToSnakeCase
    /// Each key is converted by the closure, given the coding path ending with the key.
    case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
  }

  /// How `Date` values are written.
  ///
  /// ```swift
  /// encoder.dateEncodingStrategy = .iso8601                 // "2024-05-01T12:00:00Z"
  /// encoder.dateEncodingStrategy = .millisecondsSince1970   // 1714564800000.0
  /// ```
  public enum DateEncodingStrategy: Sendable {
    /// `Date`'s own `Encodable` conformance: seconds since 2001-01-01 as a number.
    case deferredToDate
    /// Seconds since 1970-01-01 00:00:00 UTC.
    case secondsSince1970
    /// Milliseconds since 1970-01-01 00:00:00 UTC.
    case millisecondsSince1970
    /// An ISO 8601 internet date-time in UTC: `2024-05-01T12:00:00Z`.
    case iso8601
    /// A string written by the formatter (Foundation declares `DateFormatter` `Sendable`;
    /// do not change its settings while an encode that uses it runs).
    case formatted(any JSONDateFormatter)
    /// The closure encodes the date into the encoder; if it encodes nothing, `{}` is
    /// written, as Foundation does.
    case custom(@Sendable (_ date: Date, _ encoder: any Encoder) throws -> Void)
  }

  /// How `Data` values are written.
  ///
  /// ```swift
  /// encoder.dataEncodingStrategy = .deferredToData   // [1,2,3] instead of "AQID"
  /// ```
  public enum DataEncodingStrategy: Sendable {
    /// `Data`'s own `Encodable` conformance: an array of bytes.
    case deferredToData
    /// A Base64 string (the default).
    case base64
    /// The closure encodes the data into the encoder; if it encodes nothing, `{}` is
    /// written.
    case custom(@Sendable (_ data: Data, _ encoder: any Encoder) throws -> Void)
  }

  /// How infinities and NaN, which JSON numbers cannot express, are written.
  ///
  /// ```swift
  /// encoder.nonConformingFloatEncodingStrategy =
  ///   .convertToString(positiveInfinity: "+Infinity", negativeInfinity: "-Infinity", nan: "NaN")
  /// ```
  public enum NonConformingFloatEncodingStrategy: Sendable {
    /// Encoding one throws `EncodingError.invalidValue` (the default).
    case `throw`
    /// They are written as these strings.
    case convertToString(positiveInfinity: String, negativeInfinity: String, nan: String)
  }
}
