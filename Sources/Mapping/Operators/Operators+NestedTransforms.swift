import JSONKit

// Transforms on arrays of arrays, dictionaries of arrays and sets of the transform's
// `Object`, as ObjectMapper: `teams <- (map["teams"], RelationshipTransform<Team>())`.

extension Map {
  @usableFromInline
  func readTransformedArrays<Tr: TransformType>(_ json: JSONKit.JSON, _ transform: Tr)
    throws(MappingError) -> [[Tr.Object]]
  {
    guard json.type == .array else { throw .mismatch([[Tr.Object]].self, json) }
    var result: [[Tr.Object]] = []
    var failure: MappingError?
    json.forEachElement { i, element in
      guard failure == nil else { return }
      do throws(MappingError) { result.append(try readTransformedArray(element, transform)) } catch
      {
        failure = error.inside(.index(i))
      }
    }
    if let failure { throw failure }
    return result
  }

  @usableFromInline
  func readTransformedDictionaryOfArrays<Tr: TransformType>(_ json: JSONKit.JSON, _ transform: Tr)
    throws(MappingError) -> [String: [Tr.Object]]
  {
    guard json.type == .dictionary else { throw .mismatch([String: [Tr.Object]].self, json) }
    var result: [String: [Tr.Object]] = [:]
    var failure: MappingError?
    json.forEachMember { key, member in
      guard failure == nil else { return }
      do throws(MappingError) { result[key] = try readTransformedArray(member, transform) } catch {
        failure = error.inside(.key(key))
      }
    }
    if let failure { throw failure }
    return result
  }

  @usableFromInline
  func writeTransformed<Tr: TransformType>(_ arrays: [[Tr.Object]], _ transform: Tr) -> JSONKit.JSON
  {
    JSONKit.JSON(
      array: arrays.map { JSONKit.JSON(array: $0.map { transform.transformToJSONValue($0) }) })
  }

  @usableFromInline
  func writeTransformed<Tr: TransformType>(_ dictionary: [String: [Tr.Object]], _ transform: Tr)
    -> JSONKit.JSON
  {
    var object: JSONKit.JSON = [:]
    for (key, value) in dictionary.sorted(by: { $0.key < $1.key }) {
      object[key] = JSONKit.JSON(array: value.map { transform.transformToJSONValue($0) })
    }
    return object
  }
}

/// Reads an array of arrays through `transform`; writes it back.
///
/// ```swift
/// grid <- (map["grid"], TransformOf<Cell, String>(fromJSON: Cell.init, toJSON: { $0?.text }))
/// ```
@inlinable
public func <- <Tr: TransformType>(left: inout [[Tr.Object]], right: (Map, Tr)) {
  let (map, transform) = right
  switch map.mappingType {
  case .fromJSON:
    map.readPresent(optional: false) { json throws(MappingError) in
      left = try map.readTransformedArrays(json, transform)
    }
  case .toJSON: left >>> right
  }
}

/// Writes an array of arrays through `transform`.
@inlinable
public func >>> <Tr: TransformType>(left: [[Tr.Object]], right: (Map, Tr)) {
  if right.0.mappingType == .toJSON { right.0.write(right.0.writeTransformed(left, right.1)) }
}

/// Reads an optional array of arrays through `transform` (`nil` for `null`); writes it back.
@inlinable
public func <- <Tr: TransformType>(left: inout [[Tr.Object]]?, right: (Map, Tr)) {
  let (map, transform) = right
  switch map.mappingType {
  case .fromJSON:
    map.readPresent(optional: true) { json throws(MappingError) in
      left = json.type == .null ? nil : try map.readTransformedArrays(json, transform)
    }
  case .toJSON: left >>> right
  }
}

/// Writes an optional array of arrays through `transform` (`null` for `nil`).
@inlinable
public func >>> <Tr: TransformType>(left: [[Tr.Object]]?, right: (Map, Tr)) {
  guard right.0.mappingType == .toJSON else { return }
  right.0.write(left.map { right.0.writeTransformed($0, right.1) } ?? .null)
}

/// Reads a dictionary of arrays through `transform`; writes it back.
///
/// ```swift
/// rosters <- (map["rosters"], RelationshipTransform<Player>())
/// ```
@inlinable
public func <- <Tr: TransformType>(left: inout [String: [Tr.Object]], right: (Map, Tr)) {
  let (map, transform) = right
  switch map.mappingType {
  case .fromJSON:
    map.readPresent(optional: false) { json throws(MappingError) in
      left = try map.readTransformedDictionaryOfArrays(json, transform)
    }
  case .toJSON: left >>> right
  }
}

/// Writes a dictionary of arrays through `transform`.
@inlinable
public func >>> <Tr: TransformType>(left: [String: [Tr.Object]], right: (Map, Tr)) {
  if right.0.mappingType == .toJSON { right.0.write(right.0.writeTransformed(left, right.1)) }
}

/// Reads an optional dictionary of arrays through `transform`; writes it back.
@inlinable
public func <- <Tr: TransformType>(left: inout [String: [Tr.Object]]?, right: (Map, Tr)) {
  let (map, transform) = right
  switch map.mappingType {
  case .fromJSON:
    map.readPresent(optional: true) { json throws(MappingError) in
      left = json.type == .null ? nil : try map.readTransformedDictionaryOfArrays(json, transform)
    }
  case .toJSON: left >>> right
  }
}

/// Writes an optional dictionary of arrays through `transform` (`null` for `nil`).
@inlinable
public func >>> <Tr: TransformType>(left: [String: [Tr.Object]]?, right: (Map, Tr)) {
  guard right.0.mappingType == .toJSON else { return }
  right.0.write(left.map { right.0.writeTransformed($0, right.1) } ?? .null)
}

/// Reads a set through `transform` (from a JSON array); writes it back as an array.
///
/// ```swift
/// teams <- (map["teams"], RelationshipTransform<Team>())
/// ```
@inlinable
public func <- <Tr: TransformType>(left: inout Set<Tr.Object>, right: (Map, Tr))
where Tr.Object: Hashable {
  let (map, transform) = right
  switch map.mappingType {
  case .fromJSON:
    map.readPresent(optional: false) { json throws(MappingError) in
      left = Set(try map.readTransformedArray(json, transform))
    }
  case .toJSON: left >>> right
  }
}

/// Writes a set through `transform`, as a JSON array.
@inlinable
public func >>> <Tr: TransformType>(left: Set<Tr.Object>, right: (Map, Tr))
where Tr.Object: Hashable {
  Array(left) >>> right
}

/// Reads an optional set through `transform` (`nil` for `null`); writes it back.
@inlinable
public func <- <Tr: TransformType>(left: inout Set<Tr.Object>?, right: (Map, Tr))
where Tr.Object: Hashable {
  let (map, transform) = right
  switch map.mappingType {
  case .fromJSON:
    map.readPresent(optional: true) { json throws(MappingError) in
      left = json.type == .null ? nil : Set(try map.readTransformedArray(json, transform))
    }
  case .toJSON: left >>> right
  }
}

/// Writes an optional set through `transform` (`null` for `nil`).
@inlinable
public func >>> <Tr: TransformType>(left: Set<Tr.Object>?, right: (Map, Tr))
where Tr.Object: Hashable {
  let array: [Tr.Object]? = left.map { Array($0) }
  array >>> right
}
