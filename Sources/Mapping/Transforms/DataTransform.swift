import Foundation
import JSONKit

/// Reads and writes `Data` as a base64 string (RFC 4648, with padding), as ObjectMapper's
/// `DataTransform`.
///
/// ```swift
/// avatar <- (map["avatar"], DataTransform())      // "aGVsbG8=" ↔ Data("hello".utf8)
/// let key: Data = try map.value("key", using: DataTransform())
/// ```
///
/// A string that is not valid base64 (wrong characters, missing padding, white space)
/// fails rather than giving empty or partial data, as does anything that is not a string.
/// The empty string is the empty `Data`.
///
/// Immutable and `Sendable`: one instance can serve any number of threads.
public final class DataTransform: TransformType, Sendable {
  /// The property's type.
  public typealias Object = Data
  /// The JSON side's type: what `transformToJSON` returns.
  public typealias JSON = String

  /// A transform for base64 text; it has no settings.
  public init() {}

  /// Reads a Foundation value (`nil` for a missing or `null` one), as described for the type;
  /// `nil` when it does not convert.
  public func transformFromJSON(_ value: Any?) -> Data? {
    transformFromFoundationObject(value)
  }

  /// The JSON form of `value`, as described for the type; `nil` when there is nothing to
  /// write.
  public func transformToJSON(_ value: Data?) -> String? {
    value?.base64EncodedString()
  }

  public func transformFromJSONValue(_ json: JSONKit.JSON) -> Data? {
    json.string.flatMap { Data(base64Encoded: $0) }
  }

  public func transformToJSONValue(_ object: Data?) -> JSONKit.JSON {
    object.map { JSONKit.JSON($0.base64EncodedString()) } ?? .null
  }
}
