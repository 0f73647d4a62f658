import JSONKit

/// Maps a `RawRepresentable` enum through its raw value, as ObjectMapper's `EnumTransform`.
///
/// `<-` uses it for enums by itself; name it to map an enum inside another shape, or to
/// read one in `ImmutableMappable.init(map:)`:
///
/// ```swift
/// enum Kind: String { case user, bot }
/// kind   <- map["kind"]                                   // no transform needed
/// kinds  <- (map["kinds"], EnumTransform<Kind>())         // [Kind], [String: Kind]?, …
/// let k: Kind = try map.value("kind", using: EnumTransform<Kind>())
/// ```
///
/// The raw value is read exactly as a property of type `RawValue` would be (`1.5` is not an
/// `Int` raw value, a string is not a number); a value that is no case fails.
public struct EnumTransform<T: RawRepresentable>: TransformType, Sendable
where T.RawValue: MapValue {
  /// The property's type.
  public typealias Object = T
  /// The JSON side's type: what `transformToJSON` returns.
  public typealias JSON = T.RawValue

  /// A transform for `T`; it has no settings.
  public init() {}

  /// Reads a Foundation value (`nil` for a missing or `null` one), as described for the type;
  /// `nil` when it does not convert.
  public func transformFromJSON(_ value: Any?) -> T? {
    transformFromFoundationObject(value)
  }

  /// The JSON form of `value`, as described for the type; `nil` when there is nothing to
  /// write.
  public func transformToJSON(_ value: T?) -> T.RawValue? {
    value?.rawValue
  }

  public func transformFromJSONValue(_ json: JSONKit.JSON) -> T? {
    // The common raw types directly: this runs for every enum property, and the general
    // path needs a `Map` (an allocation) only to satisfy `fromMapJSON`'s signature.
    if T.RawValue.self == String.self {
      return json.string.flatMap { T(rawValue: $0 as! T.RawValue) }
    }
    if T.RawValue.self == Int.self {
      guard json.type == .number else { return nil }
      return json.int.flatMap { T(rawValue: $0 as! T.RawValue) }
    }
    let map = Map(mappingType: .fromJSON, JSON: json)
    guard let raw = try? T.RawValue.fromMapJSON(json, map: map) else { return nil }
    return T(rawValue: raw)
  }

  public func transformToJSONValue(_ object: T?) -> JSONKit.JSON {
    guard let object else { return .null }
    if let string = object.rawValue as? String { return JSONKit.JSON(string) }
    if let int = object.rawValue as? Int { return JSONKit.JSON(int) }
    return object.rawValue.toMapJSON(map: Map(mappingType: .toJSON, JSON: [:]))
  }
}
