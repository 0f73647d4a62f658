#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// The decoding strategies, with Foundation's `JSONDecoder` names and meanings, so that code
// configuring a `JSONDecoder` ports by changing the type name.

extension JSONKitDecoder {
  /// How the keys of JSON objects are matched to coding keys.
  ///
  /// ```swift
  /// var decoder = JSONKitDecoder()
  /// decoder.keyDecodingStrategy = .convertFromSnakeCase   // "screen_name" → screenName
  /// ```
  public enum KeyDecodingStrategy: Sendable {
    /// Keys are used as written (the fast path: a key is found through the document's
    /// interned key table without making any string).
    case useDefaultKeys
    /// `snake_case` keys are converted to `camelCase` before matching (Foundation's
    /// algorithm: leading and trailing underscores are kept, a key without underscores is
    /// left alone). The keys of `[String: …]` dictionaries are never converted.
    case convertFromSnakeCase
    /// Each JSON key is converted by the closure, given the coding path followed by the
    /// key as written in the JSON; the last element of the path is never an array index.
    case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
  }

  /// How `Date` values are read.
  ///
  /// ```swift
  /// decoder.dateDecodingStrategy = .iso8601                 // "2024-05-01T12:00:00Z"
  /// decoder.dateDecodingStrategy = .millisecondsSince1970   // 1714564800000
  /// ```
  public enum DateDecodingStrategy: Sendable {
    /// `Date`'s own `Decodable` conformance: seconds since 2001-01-01 as a number.
    case deferredToDate
    /// A number of seconds since 1970-01-01 00:00:00 UTC.
    case secondsSince1970
    /// A number of milliseconds since 1970-01-01 00:00:00 UTC.
    case millisecondsSince1970
    /// An ISO 8601 string with a time zone and no fractional seconds
    /// (`2024-05-01T12:00:00Z`), as `ISO8601DateFormatter`'s internet date time.
    case iso8601
    /// A string read by the formatter. Foundation declares `DateFormatter` `Sendable`
    /// (Apple documents it as thread-safe; swift-corelibs-foundation marks it
    /// `@unchecked Sendable`), so the strategy holds it directly, without a wrapper. Do not
    /// change the formatter's settings while a decode that uses it runs.
    case formatted(any JSONDateFormatter)
    /// The closure decodes the date from a decoder positioned at the value.
    case custom(@Sendable (_ decoder: any Decoder) throws -> Date)
  }

  /// How `Data` values are read.
  ///
  /// ```swift
  /// decoder.dataDecodingStrategy = .deferredToData   // [1, 2, 3] instead of "AQID"
  /// ```
  public enum DataDecodingStrategy: Sendable {
    /// `Data`'s own `Decodable` conformance: an array of bytes.
    case deferredToData
    /// A Base64 string (the default).
    case base64
    /// The closure decodes the data from a decoder positioned at the value.
    case custom(@Sendable (_ decoder: any Decoder) throws -> Data)
  }

  /// How `Double` and `Float` read infinities and NaN, which JSON numbers cannot express.
  ///
  /// ```swift
  /// decoder.nonConformingFloatDecodingStrategy =
  ///   .convertFromString(positiveInfinity: "+Infinity", negativeInfinity: "-Infinity", nan: "NaN")
  /// ```
  public enum NonConformingFloatDecodingStrategy: Sendable {
    /// Only numbers are accepted (the default); a number beyond the type's range throws.
    case `throw`
    /// These exact strings are read as +∞, -∞ and NaN.
    case convertFromString(positiveInfinity: String, negativeInfinity: String, nan: String)
  }
}
