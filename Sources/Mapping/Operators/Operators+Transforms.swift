import JSONKit

// Transforms, for a property, an optional, an array or a string-keyed dictionary of the
// transform's `Object`: `dates <- (map["dates"], DateTransform())`.

extension Map {
  /// Reads `json` through `transform`, or throws why (relative to `json`).
  @inlinable
  func readTransformed<Tr: TransformType>(_ json: JSONKit.JSON, _ transform: Tr)
    throws(MappingError) -> Tr.Object
  {
    try transform.transformFromJSONValueOrThrow(json)
  }

  /// Runs `read` on the current value when present; records its failure.
  @inlinable
  func readPresent(optional: Bool, _ read: (JSONKit.JSON) throws(MappingError) -> Void) {
    guard let json = presentValue(optional: optional) else { return }
    if optional && ignoreNil && json.type == .null { return }
    do throws(MappingError) { try read(json) } catch { record(error) }
  }

  @usableFromInline
  func readTransformedArray<Tr: TransformType>(_ json: JSONKit.JSON, _ transform: Tr)
    throws(MappingError) -> [Tr.Object]
  {
    guard json.type == .array else { throw .mismatch([Tr.Object].self, json) }
    var result: [Tr.Object] = []
    var failure: MappingError?
    // As ObjectMapper, which keeps the elements its transform returns and drops the rest
    // (`[Color]` from `["red", "teal"]` is `[.red]`); lenient mode records each dropped one.
    json.forEachElement { i, element in
      guard failure == nil else { return }
      do throws(MappingError) { result.append(try readTransformed(element, transform)) } catch {
        if strict { failure = error.inside(.index(i)) } else { record(error.inside(.index(i))) }
      }
    }
    if let failure { throw failure }
    return result
  }

  /// A dictionary through `transform`; lenient mode drops (and records) the members the
  /// transform rejects, as for arrays.
  @usableFromInline
  func readTransformedDictionary<Tr: TransformType>(_ json: JSONKit.JSON, _ transform: Tr)
    throws(MappingError) -> [String: Tr.Object]
  {
    guard json.type == .dictionary else { throw .mismatch([String: Tr.Object].self, json) }
    var result: [String: Tr.Object] = [:]
    var failure: MappingError?
    json.forEachMember { key, member in
      guard failure == nil else { return }
      do throws(MappingError) { result[key] = try readTransformed(member, transform) } catch {
        if strict { failure = error.inside(.key(key)) } else { record(error.inside(.key(key))) }
      }
    }
    if let failure { throw failure }
    return result
  }
}

// `@inlinable`: specialized for each transform in the model's module (a generic call
// through the transform's witness table costs more than reading a date).
/// Maps a property of the transform's `Object` type both ways through the transform:
/// `transformFromJSON` when reading, `transformToJSON` when writing.
@inlinable
public func <- <Tr: TransformType>(left: inout Tr.Object, right: (Map, Tr)) {
  let (map, transform) = right
  switch map.mappingType {
  case .fromJSON:
    map.readPresent(optional: false) { json throws(MappingError) in
      left = try map.readTransformed(json, transform)
    }
  case .toJSON: left >>> right
  }
}

/// Writes a property of the transform's `Object` type to JSON through the transform's
/// `transformToJSON` (`toJSON` only).
@inlinable
public func >>> <Tr: TransformType>(left: Tr.Object, right: (Map, Tr)) {
  let (map, transform) = right
  guard map.mappingType == .toJSON, !map.writeDateText(left, transform) else { return }
  map.write(transform.transformToJSONValue(left))
}

/// Maps an optional property of the transform's `Object` type both ways through the transform:
/// `transformFromJSON` when reading, `transformToJSON` when writing.
@inlinable
public func <- <Tr: TransformType>(left: inout Tr.Object?, right: (Map, Tr)) {
  let (map, transform) = right
  switch map.mappingType {
  case .fromJSON:
    map.readPresent(optional: true) { json throws(MappingError) in
      left = json.type == .null ? nil : try map.readTransformed(json, transform)
    }
  case .toJSON: left >>> right
  }
}

/// Writes an optional property of the transform's `Object` type to JSON through the transform's
/// `transformToJSON` (`toJSON` only).
@inlinable
public func >>> <Tr: TransformType>(left: Tr.Object?, right: (Map, Tr)) {
  let (map, transform) = right
  guard map.mappingType == .toJSON else { return }
  if let left, map.writeDateText(left, transform) { return }
  map.write(left == nil ? .null : transform.transformToJSONValue(left))
}

/// Maps an array of the transform's `Object`s both ways through the transform: `transformFromJSON`
/// when reading, `transformToJSON` when writing.
@inlinable
public func <- <Tr: TransformType>(left: inout [Tr.Object], right: (Map, Tr)) {
  let (map, transform) = right
  switch map.mappingType {
  case .fromJSON:
    map.readPresent(optional: false) { json throws(MappingError) in
      left = try map.readTransformedArray(json, transform)
    }
  case .toJSON: left >>> right
  }
}

/// Writes an array of the transform's `Object`s to JSON through the transform's `transformToJSON`
/// (`toJSON` only).
@inlinable
public func >>> <Tr: TransformType>(left: [Tr.Object], right: (Map, Tr)) {
  let (map, transform) = right
  if map.mappingType == .toJSON {
    map.write(JSONKit.JSON(array: left.map { transform.transformToJSONValue($0) }))
  }
}

/// Maps an optional array of the transform's `Object`s both ways through the transform:
/// `transformFromJSON` when reading, `transformToJSON` when writing.
@inlinable
public func <- <Tr: TransformType>(left: inout [Tr.Object]?, right: (Map, Tr)) {
  let (map, transform) = right
  switch map.mappingType {
  case .fromJSON:
    map.readPresent(optional: true) { json throws(MappingError) in
      left = json.type == .null ? nil : try map.readTransformedArray(json, transform)
    }
  case .toJSON: left >>> right
  }
}

/// Writes an optional array of the transform's `Object`s to JSON through the transform's
/// `transformToJSON` (`toJSON` only).
@inlinable
public func >>> <Tr: TransformType>(left: [Tr.Object]?, right: (Map, Tr)) {
  let (map, transform) = right
  guard map.mappingType == .toJSON else { return }
  map.write(
    left.map { JSONKit.JSON(array: $0.map { transform.transformToJSONValue($0) }) } ?? .null)
}

/// Maps a string-keyed dictionary of the transform's `Object`s both ways through the transform:
/// `transformFromJSON` when reading, `transformToJSON` when writing.
@inlinable
public func <- <Tr: TransformType>(left: inout [String: Tr.Object], right: (Map, Tr)) {
  let (map, transform) = right
  switch map.mappingType {
  case .fromJSON:
    map.readPresent(optional: false) { json throws(MappingError) in
      left = try map.readTransformedDictionary(json, transform)
    }
  case .toJSON: left >>> right
  }
}

/// Writes a string-keyed dictionary of the transform's `Object`s to JSON through the transform's
/// `transformToJSON` (`toJSON` only).
@inlinable
public func >>> <Tr: TransformType>(left: [String: Tr.Object], right: (Map, Tr)) {
  let (map, transform) = right
  guard map.mappingType == .toJSON else { return }
  var object: JSONKit.JSON = [:]
  for (key, value) in left { object[key] = transform.transformToJSONValue(value) }
  map.write(object)
}

/// Maps an optional string-keyed dictionary of the transform's `Object`s both ways through the
/// transform: `transformFromJSON` when reading, `transformToJSON` when writing.
@inlinable
public func <- <Tr: TransformType>(left: inout [String: Tr.Object]?, right: (Map, Tr)) {
  let (map, transform) = right
  switch map.mappingType {
  case .fromJSON:
    map.readPresent(optional: true) { json throws(MappingError) in
      left = json.type == .null ? nil : try map.readTransformedDictionary(json, transform)
    }
  case .toJSON: left >>> right
  }
}

/// Writes an optional string-keyed dictionary of the transform's `Object`s to JSON through the
/// transform's `transformToJSON` (`toJSON` only).
@inlinable
public func >>> <Tr: TransformType>(left: [String: Tr.Object]?, right: (Map, Tr)) {
  guard let left else {
    if right.0.mappingType == .toJSON { right.0.write(.null) }
    return
  }
  left >>> right
}
