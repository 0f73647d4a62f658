#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Decodes `Decodable` values from JSON text or from `JSON` values, like Foundation's
/// `JSONDecoder` but reading JSONKit's parsed tape directly.
///
/// ```swift
/// struct User: Decodable { var id: Int; var screenName: String; var tags: [String]? }
///
/// var decoder = JSONKitDecoder()
/// decoder.keyDecodingStrategy = .convertFromSnakeCase
/// let users = try decoder.decode([User].self, from: data)
/// let user = try decoder.decode(User.self, from: json["users"][0])   // from a `JSON` value
/// ```
///
/// Numbers are exact: decoding `Int8` from `300`, `Int` from `1.5` or `Int` from
/// `18446744073709551615` throws `DecodingError.dataCorrupted` instead of truncating;
/// integral numbers such as `1e2` or `2.0` do decode as integers. Booleans are not numbers
/// and numbers are not strings. `Decimal` is read from the number's source text, so
/// `3.14159265358979323846` keeps every digit (up to `Decimal`'s 38 significant digits;
/// more throws). A field of type `JSON` receives the value itself, without conversion.
///
/// Errors are `DecodingError`s with the coding path, and their `debugDescription` names
/// the place in jq notation and what was found there:
/// `Expected Int at .friends[3].age but found string ("x")`. (The path shows the coding
/// keys, which differ from the JSON's keys when a key strategy converts them.)
public struct JSONKitDecoder: Sendable {
  /// How JSON keys are matched to coding keys.
  ///
  /// Default `.useDefaultKeys`.
  public var keyDecodingStrategy: KeyDecodingStrategy = .useDefaultKeys
  /// How dates are read.
  ///
  /// Default `.deferredToDate`.
  public var dateDecodingStrategy: DateDecodingStrategy = .deferredToDate
  /// How `Data` is read.
  ///
  /// Default `.base64`.
  public var dataDecodingStrategy: DataDecodingStrategy = .base64
  /// How infinities and NaN are read.
  ///
  /// Default `.throw`.
  public var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy = .throw
  /// Values handed to `init(from:)` as `decoder.userInfo`.
  public var userInfo: [CodingUserInfoKey: any Sendable] = [:]
  /// How `decode(_:from:)` parses `Data` (comments, depth limit…).
  ///
  /// Default: strict JSON.
  public var parsingOptions: JSONParser.Options = .default
  /// What this decoder (and its copies) learnt about the parts of a document each type
  /// reads (see `decodeProjecting`).
  let projections = ProjectionCache.make()

  /// A decoder with Foundation's defaults.
  ///
  /// ```swift
  /// let decoder = JSONKitDecoder()
  /// let point = try decoder.decode([Int].self, from: Data("[1, 2]".utf8))   // [1, 2]
  /// ```
  public init() {}

  /// Parses `data` (with yajl, into a tape) and decodes a `T` from it.
  ///
  /// After a decoder has decoded a type twice, it parses that type's documents only as far
  /// as the model reads them (see <doc:CodableCoders>): values the model never asks for are
  /// checked but not stored. Keep one decoder for a type's documents to benefit.
  ///
  /// ```swift
  /// let status = try JSONKitDecoder().decode(Status.self, from: Data(#"{"id": 1}"#.utf8))
  /// ```
  ///
  /// - Throws: `DecodingError.dataCorrupted` whose `underlyingError` is the `JSONError`
  ///   (with line and column) when `data` is not valid JSON, and `DecodingError` when the
  ///   JSON does not match `T`.
  public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    try decodeProjecting(type, from: data)
  }

  /// `bytes` parsed with `parsingOptions`, or the `DecodingError` for text that is not JSON.
  func parsed<Bytes: Collection<UInt8>>(_ bytes: Bytes) throws -> JSON {
    do {
      return try JSONParser.parse(bytes, options: parsingOptions)
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: [], debugDescription: "The given data was not valid JSON: \(error)",
          underlyingError: error))
    }
  }

  /// Decodes a `T` from a `JSON` value: parsed (read straight from its tape) or built in
  /// code (literals, `JSON(array:)`, mutations), or a mix of both.
  ///
  /// ```swift
  /// let json: JSON = ["id": 7, "name": "Ada"]
  /// let user = try JSONKitDecoder().decode(User.self, from: json)
  /// ```
  ///
  /// The result of a failed access (`json["missing"]`) throws `DecodingError.valueNotFound`
  /// with the access's error.
  public func decode<T: Decodable>(_ type: T.Type, from json: JSON) throws -> T {
    try decode(type, from: json, session: nil)
  }
}

extension JSONKitDecoder {
  /// The settings of one decode, read on every value: the strategies, with the common
  /// default case precomputed.
  struct Options {
    let keys: KeyDecodingStrategy
    let dates: DateDecodingStrategy
    let data: DataDecodingStrategy
    let floats: NonConformingFloatDecodingStrategy
    let userInfo: [CodingUserInfoKey: any Sendable]
    /// `keys` is `.useDefaultKeys`: look keys up in the document's key table.
    let defaultKeys: Bool

    init(_ decoder: JSONKitDecoder) {
      keys = decoder.keyDecodingStrategy
      dates = decoder.dateDecodingStrategy
      data = decoder.dataDecodingStrategy
      floats = decoder.nonConformingFloatDecodingStrategy
      userInfo = decoder.userInfo
      if case .useDefaultKeys = decoder.keyDecodingStrategy {
        defaultKeys = true
      } else {
        defaultKeys = false
      }
    }
  }
}
