import JSONKit

// Arrays, sets and dictionaries of models. Lenient (the default) keeps the models it can
// make and drops the others, as ObjectMapper does; strict fails on the first failure.
// Every shape has a `…OrThrow` form that says why.

extension Mapper {
  /// Reads `json` as a collection of models, throwing the first failure in strict mode.
  ///
  /// `@inlinable` (as the array entry points): specialized in the model's module, the loop
  /// over the elements runs without generic metadata lookups and witness-table calls per
  /// element.
  @inlinable
  func mapCollection<C: MapValue>(_ type: C.Type, _ json: JSONKit.JSON) throws(MappingError) -> C {
    let map = Map(
      mappingType: .fromJSON, JSON: json, context: context,
      shouldIncludeNilValues: shouldIncludeNilValues, strict: strict)
    do throws(MappingError) {
      let result = try C.fromMapJSON(json, map: map)
      if strict, let first = map.failures.first { throw first }
      return result
    } catch {
      throw error.prefixed(by: [])
    }
  }

  // MARK: Arrays

  /// Maps an array of objects; `nil` when the value is not an array (or, strict, on any
  /// failure).
  ///
  /// Lenient mode skips the elements that are not objects of the model.
  ///
  /// ```swift
  /// let users = Mapper<User>().mapArray(JSONString: #"[{"name": "Ada"}, 3]"#)  // one user
  /// ```
  @inlinable
  public func mapArray(JSON json: JSONKit.JSON) -> [N]? { try? mapArrayOrThrow(JSON: json) }

  /// Maps an array of Foundation dictionaries; `[]` when nothing maps.
  public func mapArray(JSONArray: [[String: Any]]) -> [N] {
    mapArray(JSON: JSONKit.JSON(JSONArray)) ?? []
  }

  /// Maps JSON text holding an array of objects; text holding one object gives a
  /// one-element array, as in ObjectMapper.
  public func mapArray(JSONString: String) -> [N]? {
    guard let json = try? Self.parse(JSONString) else { return nil }
    if json.type == .dictionary { return map(JSON: json).map { [$0] } }
    return mapArray(JSON: json)
  }

  /// Maps a Foundation array or a JSONKit value holding an array.
  public func mapArray(JSONObject: Any?) -> [N]? {
    guard let object = JSONObject else { return nil }
    return mapArray(JSON: JSONKit.JSON(object))
  }

  /// Maps an array of models, throwing when the value is not an array or (strict) on any
  /// failure.
  ///
  /// ```swift
  /// let users = try Mapper<User>(strict: true).mapArrayOrThrow(JSONString: text)
  /// ```
  @inlinable
  public func mapArrayOrThrow(JSON json: JSONKit.JSON) throws(MappingError) -> [N] {
    try mapCollection([N].self, json)
  }

  /// Maps JSON text holding an array, throwing a parse error or (strict) the first failure.
  public func mapArrayOrThrow(JSONString: String) throws(MappingError) -> [N] {
    try mapArrayOrThrow(JSON: try Self.parse(JSONString))
  }

  // MARK: Sets

  /// Maps an array of objects into a set.
  public func mapSet(JSON json: JSONKit.JSON) -> Set<N>? where N: Hashable {
    try? mapSetOrThrow(JSON: json)
  }

  /// Maps JSON text holding an array into a set.
  public func mapSet(JSONString: String) -> Set<N>? where N: Hashable {
    try? mapSetOrThrow(JSONString: JSONString)
  }

  /// Maps an array of Foundation dictionaries into a set.
  public func mapSet(JSONArray: [[String: Any]]) -> Set<N> where N: Hashable {
    mapSet(JSON: JSONKit.JSON(JSONArray)) ?? []
  }

  /// Maps an array into a set, throwing when it is not an array or (strict) on any failure.
  public func mapSetOrThrow(JSON json: JSONKit.JSON) throws(MappingError) -> Set<N>
  where N: Hashable {
    try mapCollection(Set<N>.self, json)
  }

  /// `mapSetOrThrow(JSON:)` for JSON text.
  public func mapSetOrThrow(JSONString: String) throws(MappingError) -> Set<N> where N: Hashable {
    try mapSetOrThrow(JSON: try Self.parse(JSONString))
  }

  // MARK: Dictionaries

  /// Maps an object of objects: `{"a": {…}, "b": {…}}` → `[String: N]`.
  public func mapDictionary(JSON json: JSONKit.JSON) -> [String: N]? {
    try? mapDictionaryOrThrow(JSON: json)
  }

  /// Maps a Foundation dictionary of dictionaries.
  public func mapDictionary(JSON: [String: [String: Any]]) -> [String: N]? {
    mapDictionary(JSON: JSONKit.JSON(JSON))
  }

  /// Maps JSON text holding an object of objects.
  public func mapDictionary(JSONString: String) -> [String: N]? {
    try? mapDictionaryOrThrow(JSONString: JSONString)
  }

  /// Maps an object of objects, throwing when it is not an object or (strict) on any failure.
  ///
  /// ```swift
  /// let byID = try Mapper<User>(strict: true).mapDictionaryOrThrow(JSON: json["users"])
  /// ```
  public func mapDictionaryOrThrow(JSON json: JSONKit.JSON) throws(MappingError) -> [String: N] {
    try mapCollection([String: N].self, json)
  }

  /// `mapDictionaryOrThrow(JSON:)` for JSON text.
  public func mapDictionaryOrThrow(JSONString: String) throws(MappingError) -> [String: N] {
    try mapDictionaryOrThrow(JSON: try Self.parse(JSONString))
  }

  // MARK: Nested collections

  /// Maps an object of arrays of objects: `{"a": [{…}], …}` → `[String: [N]]`.
  ///
  /// Lenient
  /// mode skips the members that are not arrays.
  public func mapDictionaryOfArrays(JSON json: JSONKit.JSON) -> [String: [N]]? {
    guard json.type == .dictionary else { return nil }
    if strict { return try? mapDictionaryOfArraysOrThrow(JSON: json) }
    var result: [String: [N]] = [:]
    json.forEachMember { key, member in
      if let objects = mapArray(JSON: member) { result[key] = objects }
    }
    return result
  }

  /// Maps a Foundation dictionary of arrays of dictionaries.
  public func mapDictionaryOfArrays(JSON: [String: [[String: Any]]]) -> [String: [N]]? {
    mapDictionaryOfArrays(JSON: JSONKit.JSON(JSON))
  }

  /// Maps an object of arrays of objects, throwing the first failure (strict) or a shape mismatch.
  public func mapDictionaryOfArraysOrThrow(JSON json: JSONKit.JSON) throws(MappingError) -> [String:
    [N]]
  {
    try mapCollection([String: [N]].self, json)
  }

  /// Maps an array of arrays of objects: `[[{…}], …]` → `[[N]]`.
  ///
  /// Lenient mode skips the
  /// elements that are not arrays.
  public func mapArrayOfArrays(JSON json: JSONKit.JSON) -> [[N]]? {
    guard json.type == .array else { return nil }
    if strict { return try? mapArrayOfArraysOrThrow(JSON: json) }
    var result: [[N]] = []
    json.forEachElement { _, element in
      if let objects = mapArray(JSON: element) { result.append(objects) }
    }
    return result
  }

  /// Maps a Foundation array of arrays (or a JSONKit value holding one).
  public func mapArrayOfArrays(JSONObject: Any?) -> [[N]]? {
    guard let object = JSONObject else { return nil }
    return mapArrayOfArrays(JSON: JSONKit.JSON(object))
  }

  /// Maps an array of arrays of objects, throwing the first failure (strict) or a shape mismatch.
  public func mapArrayOfArraysOrThrow(JSON json: JSONKit.JSON) throws(MappingError) -> [[N]] {
    try mapCollection([[N]].self, json)
  }
}
