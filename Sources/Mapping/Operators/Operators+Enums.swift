@_spi(JSONKitInternals) import JSONKit

// `RawRepresentable` enums map through their raw values without naming a transform:
// `kind <- map["kind"]` for `enum Kind: String`. Each shape delegates to the transform
// operators with `EnumTransform`.

public func <- <E: RawRepresentable>(left: inout E, right: Map) where E.RawValue: MapValue {
  left <- (right, EnumTransform<E>())
}

public func >>> <E: RawRepresentable>(left: E, right: Map) where E.RawValue: MapValue {
  left >>> (right, EnumTransform<E>())
}

public func <- <E: RawRepresentable>(left: inout E?, right: Map) where E.RawValue: MapValue {
  left <- (right, EnumTransform<E>())
}

public func >>> <E: RawRepresentable>(left: E?, right: Map) where E.RawValue: MapValue {
  left >>> (right, EnumTransform<E>())
}

public func <- <E: RawRepresentable>(left: inout [E], right: Map) where E.RawValue: MapValue {
  left <- (right, EnumTransform<E>())
}

public func >>> <E: RawRepresentable>(left: [E], right: Map) where E.RawValue: MapValue {
  left >>> (right, EnumTransform<E>())
}

public func <- <E: RawRepresentable>(left: inout [E]?, right: Map) where E.RawValue: MapValue {
  left <- (right, EnumTransform<E>())
}

public func >>> <E: RawRepresentable>(left: [E]?, right: Map) where E.RawValue: MapValue {
  left >>> (right, EnumTransform<E>())
}

public func <- <E: RawRepresentable>(left: inout [String: E], right: Map) where E.RawValue: MapValue {
  left <- (right, EnumTransform<E>())
}

public func >>> <E: RawRepresentable>(left: [String: E], right: Map) where E.RawValue: MapValue {
  left >>> (right, EnumTransform<E>())
}
