import JSONKit

/// Maps a JSON object whose keys are the raw values of an enum to `[Key: Value]`, with
/// `Mappable` values, as ObjectMapper's `DictionaryTransform`.
///
/// ```swift
/// enum Size: String { case small, large }
/// struct Variant: Mappable { var price = 0; … }
/// // {"variants": {"small": {"price": 5}, "large": {"price": 9}}}
/// variants <- (map["variants"], DictionaryTransform<Size, Variant>())   // [Size: Variant]
/// ```
///
/// **Reading** fails as a whole, leaving the property unchanged and recording the
/// failure, when the value is not an object, when a key is no raw value of `Key`, or
/// when a value does not map to a `Value` without any failure (it is mapped strictly).
/// ObjectMapper silently dropped such members, so a typo in a key lost data unseen. The
/// recorded failure names the member and the failure inside it
/// (`.variants.large.price`).
///
/// **Writing** gives an object with the keys' raw values, sorted, so the text is stable.
///
/// Nested values are mapped with a `Mapper` of their own: the `MapContext` and
/// `shouldIncludeNilValues` of the enclosing mapping do not reach them.
public struct DictionaryTransform<Key: Hashable & RawRepresentable, Value: Mappable>: TransformType,
  Sendable
where Key.RawValue == String {
  /// The property's type.
  public typealias Object = [Key: Value]
  /// The JSON side's type: what `transformToJSON` returns.
  public typealias JSON = [String: Any]

  /// A transform for `[Key: Value]`; it has no settings.
  public init() {}

  /// Reads a Foundation value (`nil` for a missing or `null` one), as described for the type;
  /// `nil` when it does not convert.
  public func transformFromJSON(_ value: Any?) -> [Key: Value]? {
    transformFromFoundationObject(value)
  }

  /// The JSON form of `value`, as described for the type; `nil` when there is nothing to
  /// write.
  public func transformToJSON(_ value: [Key: Value]?) -> [String: Any]? {
    guard let value else { return nil }
    var result: [String: Any] = [:]
    for (key, model) in value { result[key.rawValue] = model.toJSON() }
    return result
  }

  public func transformFromJSONValue(_ json: JSONKit.JSON) -> [Key: Value]? {
    try? transformFromJSONValueOrThrow(json)
  }

  public func transformFromJSONValueOrThrow(_ json: JSONKit.JSON) throws(MappingError) -> [Key:
    Value]
  {
    guard json.type == .dictionary else { throw .mismatch([String: Value].self, json) }
    let mapper = Mapper<Value>(strict: true)
    var result: [Key: Value] = [:]
    result.reserveCapacity(json.count)
    var failure: MappingError?
    json.forEachMember { name, member in
      guard failure == nil else { return }
      guard let key = Key(rawValue: name) else {
        failure = MappingError(
          .unknownRawValue(type: typeName(Key.self), preview: JSONKit.JSON(name).shortPreview),
          path: [.key(name)])
        return
      }
      do throws(MappingError) {
        result[key] = try mapper.mapOrThrow(JSON: member)
      } catch {
        failure = error.relative().inside(.key(name))
      }
    }
    if let failure { throw failure }
    return result
  }

  public func transformToJSONValue(_ object: [Key: Value]?) -> JSONKit.JSON {
    guard let object else { return .null }
    var result: JSONKit.JSON = [:]
    for (key, model) in object.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      result[key.rawValue] = Mapper<Value>().toJSONValue(model)
    }
    return result
  }
}
