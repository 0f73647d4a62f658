import JSONKit

/// Converts between a property's type and its JSON form, as in ObjectMapper:
/// `birthday <- (map["birthday"], ISO8601DateTransform())`.
///
/// Existing ObjectMapper transforms (`transformFromJSON(_ value: Any?)`, which receives
/// Foundation objects: `String`, `NSNumber`, `[Any]`, `[String: Any]`, or `nil` for a
/// missing or `null` value) port unchanged. Transforms of JSONKit override the two
/// `…Value` methods to read the JSONKit value directly (exact numbers, no bridging).
public protocol TransformType {
  /// The property's type.
  associatedtype Object
  /// The JSON side's type (a Foundation type for ObjectMapper's transforms).
  associatedtype JSON

  /// Reads a Foundation value: `String`, `NSNumber`, `[Any]`, `[String: Any]`, or `nil` for
  /// a missing or `null` value; returns `nil` when it does not convert.
  func transformFromJSON(_ value: Any?) -> Object?
  /// The JSON form of `value`; `nil` writes nothing (or `null` where one is needed).
  func transformToJSON(_ value: Object?) -> JSON?

  /// Reads from a JSONKit value; by default calls `transformFromJSON` with its Foundation
  /// form (`nil` for `null`).
  func transformFromJSONValue(_ json: JSONKit.JSON) -> Object?
  /// Writes to a JSONKit value; by default converts `transformToJSON`'s result.
  func transformToJSONValue(_ object: Object?) -> JSONKit.JSON

  /// Reads from a JSONKit value or throws why, with a path relative to that value (the
  /// member or element inside it that failed). Every read through a transform goes here.
  /// By default it calls `transformFromJSONValue` and fails with `.transformFailed`;
  /// transforms of structured values (`DictionaryTransform`, `CodableTransform`) override
  /// it so that the inner failure and its path reach the error.
  func transformFromJSONValueOrThrow(_ json: JSONKit.JSON) throws(MappingError) -> Object
}

extension TransformType {
  public func transformFromJSONValue(_ json: JSONKit.JSON) -> Object? {
    transformFromJSON(json.type == .null ? nil : json.object)
  }

  public func transformToJSONValue(_ object: Object?) -> JSONKit.JSON {
    guard let json = transformToJSON(object) else { return .null }
    return JSONKit.JSON(json)
  }

  public func transformFromJSONValueOrThrow(_ json: JSONKit.JSON) throws(MappingError) -> Object {
    guard let object = transformFromJSONValue(json) else {
      // The dynamic type: a subclass (`CustomDateFormatTransform`) names itself.
      throw MappingError(
        .transformFailed(transform: typeName(type(of: self)), preview: json.shortPreview))
    }
    return object
  }
}

/// A transform made of two closures.
///
/// ```swift
/// let cents = TransformOf<Int, Double>(
///   fromJSON: { $0.map { Int(($0 * 100).rounded()) } },
///   toJSON: { $0.map { Double($0) / 100 } })
/// price <- (map["price"], cents)
/// ```
open class TransformOf<ObjectType, JSONType>: TransformType {
  /// The property's type.
  public typealias Object = ObjectType
  /// The JSON side's type: what `transformToJSON` returns.
  public typealias JSON = JSONType

  private let fromJSON: (JSONType?) -> ObjectType?
  private let toJSON: (ObjectType?) -> JSONType?

  /// A transform from its two directions.
  ///
  /// - Parameters:
  ///   - fromJSON: reads the JSON value cast to `JSONType` (`nil` when it is missing, `null`
  ///     or of another type); returns `nil` when it does not convert.
  ///   - toJSON: gives the JSON form of a property's value; `nil` writes nothing.
  public init(
    fromJSON: @escaping (JSONType?) -> ObjectType?, toJSON: @escaping (ObjectType?) -> JSONType?
  ) {
    self.fromJSON = fromJSON
    self.toJSON = toJSON
  }

  /// Reads a Foundation value (`nil` for a missing or `null` one), as described for the type;
  /// `nil` when it does not convert.
  open func transformFromJSON(_ value: Any?) -> ObjectType? {
    fromJSON(value as? JSONType)
  }

  /// The JSON form of `value`, as described for the type; `nil` when there is nothing to
  /// write.
  open func transformToJSON(_ value: ObjectType?) -> JSONType? {
    toJSON(value)
  }
}

extension TransformType {
  /// `transformFromJSON(_:)` for transforms that read JSONKit values: converts the
  /// Foundation object (`String`, `NSNumber`, `NSNull`, arrays, dictionaries, or a JSONKit
  /// `JSON`) and calls `transformFromJSONValue(_:)`, so both entry points agree.
  func transformFromFoundationObject(_ value: Any?) -> Object? {
    guard let value else { return nil }
    return transformFromJSONValue(JSONKit.JSON(value))
  }
}
