@_spi(JSONKitInternals) import JSONKit
import Foundation

/// Maps JSON text, JSONKit values or Foundation objects to models and back, with
/// ObjectMapper's names.
///
/// ```swift
/// let user = Mapper<User>().map(JSONString: text)                 // User?
/// let users = Mapper<User>().mapArray(JSONString: listText)       // [User]?
/// let json = Mapper<User>().toJSON(user!)                         // [String: Any]
/// let strict = try Mapper<User>(strict: true).mapOrThrow(JSONString: text)
/// ```
///
/// Lenient by default (as ObjectMapper): a property that fails to map is left unchanged
/// and the failure is recorded (`mapWithFailures`). With `strict: true` any failure makes
/// the mapping fail: the `…OrThrow` methods throw the first `MappingError`, the others
/// return `nil`.
public struct Mapper<N: BaseMappable> {
  public var context: MapContext?
  public var shouldIncludeNilValues: Bool
  public var strict: Bool

  public init(context: MapContext? = nil, shouldIncludeNilValues: Bool = false, strict: Bool = false) {
    self.context = context
    self.shouldIncludeNilValues = shouldIncludeNilValues
    self.strict = strict
  }

  // MARK: Reading, core

  /// Maps `json` and returns the model (if one could be made) and every failure.
  public func mapWithFailures(JSON json: JSONKit.JSON) -> (N?, [MappingError]) {
    let map = Map(
      mappingType: .fromJSON, JSON: json, context: context,
      shouldIncludeNilValues: shouldIncludeNilValues, strict: strict)
    do throws(MappingError) {
      let object = try N.fromMapJSON(json, map: map)
      return (object, map.failures)
    } catch {
      return (nil, map.failures + [error.prefixed(by: [])])
    }
  }

  /// Maps `json`, throwing the first failure in strict mode (and any failure to create
  /// the model in both modes).
  public func mapOrThrow(JSON json: JSONKit.JSON) throws(MappingError) -> N {
    let (object, failures) = mapWithFailures(JSON: json)
    if let object, !strict || failures.isEmpty { return object }
    throw failures.first ?? MappingError(.objectNotCreated(type: "\(N.self)"))
  }

  /// Maps JSON text, throwing a parse error or (in strict mode) the first failure.
  public func mapOrThrow(JSONString: String) throws(MappingError) -> N {
    try mapOrThrow(JSON: try Self.parse(JSONString))
  }

  /// Maps an array of models, throwing on any failure in strict mode.
  public func mapArrayOrThrow(JSON json: JSONKit.JSON) throws(MappingError) -> [N] {
    let map = Map(
      mappingType: .fromJSON, JSON: json, context: context,
      shouldIncludeNilValues: shouldIncludeNilValues, strict: strict)
    let result = try [N].fromMapJSON(json, map: map)
    if strict, let first = map.failures.first { throw first }
    return result
  }

  public func mapArrayOrThrow(JSONString: String) throws(MappingError) -> [N] {
    try mapArrayOrThrow(JSON: try Self.parse(JSONString))
  }

  static func parse(_ text: String) throws(MappingError) -> JSONKit.JSON {
    let json = JSONKit.JSON(parseJSON: text)
    if let error = json.error { throw MappingError(.invalidJSON(error)) }
    return json
  }

  // MARK: Reading, ObjectMapper's names

  /// Maps a JSONKit value; `nil` when it is not an object of the model, or (strict) on
  /// any failure.
  public func map(JSON json: JSONKit.JSON) -> N? { try? mapOrThrow(JSON: json) }

  /// Maps a Foundation dictionary.
  public func map(JSON: [String: Any]) -> N? { map(JSON: JSONKit.JSON(JSON)) }

  /// Maps JSON text.
  public func map(JSONString: String) -> N? { try? mapOrThrow(JSONString: JSONString) }

  /// Maps a Foundation object or JSONKit value (`Any?` from elsewhere).
  public func map(JSONObject: Any?) -> N? {
    guard let object = JSONObject else { return nil }
    return map(JSON: JSONKit.JSON(object))
  }

  /// Maps `json` onto an existing object (its other properties are kept).
  public func map(JSON json: JSONKit.JSON, toObject object: N) -> N {
    var object = object
    let map = Map(
      mappingType: .fromJSON, JSON: json, context: context,
      shouldIncludeNilValues: shouldIncludeNilValues, strict: strict)
    object.mapping(map: map)
    return object
  }

  public func map(JSON: [String: Any], toObject object: N) -> N {
    map(JSON: JSONKit.JSON(JSON), toObject: object)
  }

  public func map(JSONString: String, toObject object: N) -> N {
    guard let json = try? Self.parse(JSONString) else { return object }
    return map(JSON: json, toObject: object)
  }

  /// Maps an array of objects; `nil` when the value is not an array (or, strict, on any
  /// failure). Elements that are not objects of the model are skipped in lenient mode.
  public func mapArray(JSON json: JSONKit.JSON) -> [N]? {
    guard json.type == .array else { return nil }
    if strict { return try? mapArrayOrThrow(JSON: json) }
    // One map (and failure log) for the whole array; each element's nested map knows its
    // index through `elementPath`.
    let map = Map(
      mappingType: .fromJSON, JSON: json, context: context,
      shouldIncludeNilValues: shouldIncludeNilValues, strict: strict)
    var result: [N] = []
    result.reserveCapacity(json.count)
    json.forEachElement { i, element in
      map.elementPath.append(.index(i))
      defer { map.elementPath.removeLast() }
      if let object = try? N.fromMapJSON(element, map: map) { result.append(object) }
    }
    return result
  }

  public func mapArray(JSONArray: [[String: Any]]) -> [N] {
    mapArray(JSON: JSONKit.JSON(JSONArray)) ?? []
  }

  public func mapArray(JSONString: String) -> [N]? {
    guard let json = try? Self.parse(JSONString) else { return nil }
    return mapArray(JSON: json)
  }

  public func mapArray(JSONObject: Any?) -> [N]? {
    guard let object = JSONObject else { return nil }
    return mapArray(JSON: JSONKit.JSON(object))
  }

  /// Maps an array of objects into a set.
  public func mapSet(JSON json: JSONKit.JSON) -> Set<N>? where N: Hashable {
    mapArray(JSON: json).map { Set($0) }
  }

  public func mapSet(JSONString: String) -> Set<N>? where N: Hashable {
    mapArray(JSONString: JSONString).map { Set($0) }
  }

  public func mapSet(JSONArray: [[String: Any]]) -> Set<N> where N: Hashable {
    Set(mapArray(JSONArray: JSONArray))
  }

  /// Maps an object of objects: `{"a": {…}, "b": {…}}` → `[String: N]`.
  public func mapDictionary(JSON json: JSONKit.JSON) -> [String: N]? {
    guard json.type == .dictionary else { return nil }
    var result: [String: N] = [:]
    var failed = false
    json.forEachMember { key, member in
      if let object = map(JSON: member) { result[key] = object } else { failed = true }
    }
    // Strict: any failure fails the whole call, as in `mapArray` (lenient: skip the entry).
    return strict && failed ? nil : result
  }

  public func mapDictionary(JSON: [String: [String: Any]]) -> [String: N]? {
    mapDictionary(JSON: JSONKit.JSON(JSON))
  }

  public func mapDictionary(JSONString: String) -> [String: N]? {
    guard let json = try? Self.parse(JSONString) else { return nil }
    return mapDictionary(JSON: json)
  }

  /// Maps an object of arrays of objects: `{"a": [{…}], …}` → `[String: [N]]`.
  public func mapDictionaryOfArrays(JSON json: JSONKit.JSON) -> [String: [N]]? {
    guard json.type == .dictionary else { return nil }
    var result: [String: [N]] = [:]
    var failed = false
    json.forEachMember { key, member in
      if let objects = mapArray(JSON: member) { result[key] = objects } else { failed = true }
    }
    return strict && failed ? nil : result
  }

  public func mapDictionaryOfArrays(JSON: [String: [[String: Any]]]) -> [String: [N]]? {
    mapDictionaryOfArrays(JSON: JSONKit.JSON(JSON))
  }

  /// Maps an array of arrays of objects: `[[{…}], …]` → `[[N]]`.
  public func mapArrayOfArrays(JSON json: JSONKit.JSON) -> [[N]]? {
    guard json.type == .array else { return nil }
    var result: [[N]] = []
    var failed = false
    json.forEachElement { _, element in
      if let objects = mapArray(JSON: element) { result.append(objects) } else { failed = true }
    }
    return strict && failed ? nil : result
  }

  public func mapArrayOfArrays(JSONObject: Any?) -> [[N]]? {
    guard let object = JSONObject else { return nil }
    return mapArrayOfArrays(JSON: JSONKit.JSON(object))
  }

  // MARK: Writing

  /// The model as a JSONKit value.
  public func toJSONValue(_ object: N) -> JSONKit.JSON {
    let map = Map(
      mappingType: .toJSON, JSON: [:], context: context,
      shouldIncludeNilValues: shouldIncludeNilValues, strict: strict)
    var object = object
    object.mapping(map: map)
    return map.JSON
  }

  /// The model as a Foundation dictionary (ObjectMapper's `toJSON`).
  public func toJSON(_ object: N) -> [String: Any] {
    toJSONValue(object).dictionaryObject ?? [:]
  }

  public func toJSONArray(_ array: [N]) -> [[String: Any]] {
    array.map(toJSON)
  }

  public func toJSONSet(_ set: Set<N>) -> [[String: Any]] where N: Hashable {
    set.map(toJSON)
  }

  public func toJSONDictionary(_ dictionary: [String: N]) -> [String: [String: Any]] {
    dictionary.mapValues(toJSON)
  }

  public func toJSONDictionaryOfArrays(_ dictionary: [String: [N]]) -> [String: [[String: Any]]] {
    dictionary.mapValues(toJSONArray)
  }

  /// JSON text of a model, compact or pretty.
  public func toJSONString(_ object: N, prettyPrint: Bool = false) -> String? {
    JSONWriter(options: prettyPrint ? .prettyPrinted : []).string(toJSONValue(object))
  }

  /// JSON text of an array of models.
  public func toJSONString(_ array: [N], prettyPrint: Bool = false) -> String? {
    JSONWriter(options: prettyPrint ? .prettyPrinted : []).string(JSONKit.JSON(array: array.map(toJSONValue)))
  }
}

/// A mapper holds only its settings and creates a new `Map` for every call, so one mapper
/// can serve many tasks at once. `@unchecked` because of `context`: it is only handed to
/// the models, never changed by the mapper; a context that models change while mapping must
/// itself be safe to share.
extension Mapper: @unchecked Sendable where N: Sendable {}
