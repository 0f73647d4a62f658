import JSONKit

// `RawRepresentable` enums map through their raw values without naming a transform:
// `kind <- map["kind"]` for `enum Kind: String`. Each shape delegates to the transform
// operators with `RawValueTransform` (below).

/// Maps a `RawRepresentable` enum property both ways through its raw values: read in `fromJSON`,
/// written in `toJSON`.
@inlinable
public func <- <E: RawRepresentable>(left: inout E, right: Map) where E.RawValue: MapValue {
  left <- (right, RawValueTransform<E>())
}

/// Writes a `RawRepresentable` enum property to JSON as raw values (`toJSON` only).
@inlinable
public func >>> <E: RawRepresentable>(left: E, right: Map) where E.RawValue: MapValue {
  left >>> (right, RawValueTransform<E>())
}

/// Maps an optional enum property both ways through its raw values: read in `fromJSON`, written in
/// `toJSON`.
@inlinable
public func <- <E: RawRepresentable>(left: inout E?, right: Map) where E.RawValue: MapValue {
  left <- (right, RawValueTransform<E>())
}

/// Writes an optional enum property to JSON as raw values (`toJSON` only).
@inlinable
public func >>> <E: RawRepresentable>(left: E?, right: Map) where E.RawValue: MapValue {
  left >>> (right, RawValueTransform<E>())
}

/// Maps an array of enums both ways through its raw values: read in `fromJSON`, written in
/// `toJSON`.
@inlinable
public func <- <E: RawRepresentable>(left: inout [E], right: Map) where E.RawValue: MapValue {
  left <- (right, RawValueTransform<E>())
}

/// Writes an array of enums to JSON as raw values (`toJSON` only).
@inlinable
public func >>> <E: RawRepresentable>(left: [E], right: Map) where E.RawValue: MapValue {
  left >>> (right, RawValueTransform<E>())
}

/// Maps an optional array of enums both ways through its raw values: read in `fromJSON`, written in
/// `toJSON`.
@inlinable
public func <- <E: RawRepresentable>(left: inout [E]?, right: Map) where E.RawValue: MapValue {
  left <- (right, RawValueTransform<E>())
}

/// Writes an optional array of enums to JSON as raw values (`toJSON` only).
@inlinable
public func >>> <E: RawRepresentable>(left: [E]?, right: Map) where E.RawValue: MapValue {
  left >>> (right, RawValueTransform<E>())
}

/// Maps a string-keyed dictionary of enums both ways through its raw values: read in `fromJSON`,
/// written in `toJSON`.
@inlinable
public func <- <E: RawRepresentable>(left: inout [String: E], right: Map)
where E.RawValue: MapValue {
  left <- (right, RawValueTransform<E>())
}

/// Writes a string-keyed dictionary of enums to JSON as raw values (`toJSON` only).
@inlinable
public func >>> <E: RawRepresentable>(left: [String: E], right: Map) where E.RawValue: MapValue {
  left >>> (right, RawValueTransform<E>())
}

/// Maps an optional string-keyed dictionary of enums both ways through its raw values: read in
/// `fromJSON`, written in `toJSON`.
@inlinable
public func <- <E: RawRepresentable>(left: inout [String: E]?, right: Map)
where E.RawValue: MapValue {
  left <- (right, RawValueTransform<E>())
}

/// Writes an optional string-keyed dictionary of enums to JSON as raw values (`toJSON` only).
@inlinable
public func >>> <E: RawRepresentable>(left: [String: E]?, right: Map) where E.RawValue: MapValue {
  left >>> (right, RawValueTransform<E>())
}

/// `EnumTransform` for the enum operators and `map.value(_:)`, which name no transform: a
/// raw value of the wrong type fails as that type would (`typeMismatch`,
/// `numberOutOfRange`), a raw value that no case has is `unknownRawValue`. (A model that
/// names `EnumTransform` itself gets `transformFailed`, naming it.)
@usableFromInline
struct RawValueTransform<E: RawRepresentable>: TransformType where E.RawValue: MapValue {
  @usableFromInline typealias Object = E
  @usableFromInline typealias JSON = E.RawValue

  @usableFromInline let base = EnumTransform<E>()

  @usableFromInline init() {}

  @usableFromInline func transformFromJSON(_ value: Any?) -> E? { base.transformFromJSON(value) }
  @usableFromInline func transformToJSON(_ value: E?) -> E.RawValue? { base.transformToJSON(value) }
  @usableFromInline func transformFromJSONValue(_ json: JSONKit.JSON) -> E? {
    base.transformFromJSONValue(json)
  }
  @usableFromInline func transformToJSONValue(_ object: E?) -> JSONKit.JSON {
    base.transformToJSONValue(object)
  }

  @usableFromInline func transformFromJSONValueOrThrow(_ json: JSONKit.JSON) throws(MappingError)
    -> E
  {
    if let value = base.transformFromJSONValue(json) { return value }
    _ = try E.RawValue.fromMapJSON(json, map: Map(mappingType: .fromJSON, JSON: json))
    throw MappingError(.unknownRawValue(type: typeName(E.self), preview: json.shortPreview))
  }
}
