import JSONKit

/// Maps a property both ways: read from JSON in `fromJSON`, written in `toJSON`.
infix operator <- : DefaultPrecedence

/// Writes a property to JSON only (for `ImmutableMappable` models, whose `init(map:)`
/// reads with `map.value(_:)`).
infix operator >>> : DefaultPrecedence

// One generic pair covers every `MapValue`: scalars, `JSON`, models, and arrays, sets,
// dictionaries and optionals of them to any depth.

/// Maps any `MapValue`: `name <- map["name"]`, `friends <- map["friends"]` (`[User]`),
/// `scores <- map["scores"]` (`[String: [Int]]`), `nickname <- map["nick"]` (`String?`).
///
/// `@inlinable` so that each model's module specializes it for the property's type
/// instead of going through generic metadata for every property.
@inlinable
public func <- <T: MapValue>(left: inout T, right: Map) {
  switch right.mappingType {
  case .fromJSON: right.read(into: &left)
  case .toJSON: left >>> right
  }
}

/// Writes any `MapValue` to JSON.
@inlinable
public func >>> <T: MapValue>(left: T, right: Map) {
  if right.mappingType == .toJSON { right.writeMember(left) }
}

/// Maps an untyped `[Any]` or `[String: Any]` property (Foundation objects).
public func <- <T: FoundationJSONObject>(left: inout T, right: Map) {
  switch right.mappingType {
  case .fromJSON:
    guard let json = right.presentValue(optional: false) else { return }
    if let value = T(foundationJSON: json) {
      left = value
    } else {
      right.record(.mismatch(T.self, json))
    }
  case .toJSON: left >>> right
  }
}

/// Writes an untyped `[Any]` or `[String: Any]` property to JSON (`toJSON` only).
public func >>> <T: FoundationJSONObject>(left: T, right: Map) {
  if right.mappingType == .toJSON { right.write(left.foundationJSONValue) }
}

/// Maps an optional untyped `[Any]?` or `[String: Any]?` property.
public func <- <T: FoundationJSONObject>(left: inout T?, right: Map) {
  switch right.mappingType {
  case .fromJSON:
    guard let json = right.presentValue(optional: true) else { return }
    if json.type == .null {
      if !right.ignoreNil { left = nil }
      return
    }
    if let value = T(foundationJSON: json) {
      left = value
    } else {
      right.record(.mismatch(T.self, json))
    }
  case .toJSON: left >>> right
  }
}

/// Writes an optional untyped `[Any]?` or `[String: Any]?` property to JSON; `nil` is
/// written as `null` (`toJSON` only).
public func >>> <T: FoundationJSONObject>(left: T?, right: Map) {
  if right.mappingType == .toJSON { right.write(left?.foundationJSONValue ?? .null) }
}

extension Map {
  /// The value at the current key, or `nil` after recording a missing key (non-optional
  /// properties only: a missing optional is simply left as it is, as ObjectMapper does).
  @usableFromInline
  func presentValue(optional: Bool) -> JSONKit.JSON? {
    guard let json = currentJSON else {
      if !optional { record(MappingError(.keyNotFound)) }
      return nil
    }
    return json
  }

  /// Reads the current value into `field`; on failure records it and leaves `field`.
  @inlinable
  func read<T: MapValue>(into field: inout T) {
    // The most common property, a `String` read from a string of a parsed document, needs
    // no `JSON` (whose construction and destruction retain and release the document); what
    // it reads is what `String.fromMapJSON` reads. (The check and the cast fold away once
    // specialized.)
    if T.self == String.self, let string = currentDocumentString() {
      field = string as! T
      return
    }
    let isOptional = T.mapValueWhenMissing != nil
    guard let json = presentValue(optional: isOptional) else { return }
    if isOptional && ignoreNil && json.type == .null { return }
    do throws(MappingError) {
      field =
        toObject
        ? try T.fromMapJSON(json, map: self, updating: field)
        : try T.fromMapJSON(json, map: self)
    } catch {
      record(error)
    }
  }
}
