import Foundation
import JSONKit

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
  /// Passed to every `Map` of a mapping (`map.context`).
  public var context: MapContext?
  /// Whether `nil` properties are written as `null` (otherwise left out).
  public var shouldIncludeNilValues: Bool
  /// Whether any failure fails the mapping (see the type's documentation).
  public var strict: Bool

  /// A mapper with ObjectMapper's settings, plus `strict`.
  ///
  /// ```swift
  /// let mapper = Mapper<User>(context: Env(currency: "EUR"), strict: true)
  /// ```
  public init(
    context: MapContext? = nil, shouldIncludeNilValues: Bool = false, strict: Bool = false
  ) {
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
    throw failures.first ?? MappingError(.objectNotCreated(type: typeName(N.self)))
  }

  /// Maps JSON text, throwing a parse error or (in strict mode) the first failure.
  public func mapOrThrow(JSONString: String) throws(MappingError) -> N {
    try mapOrThrow(JSON: try Self.parse(JSONString))
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
  ///
  /// In strict mode a
  /// failure leaves the object as it was: the mapping is all or nothing.
  ///
  /// ```swift
  /// let updated = Mapper<User>().map(JSONString: #"{"age": 37}"#, toObject: user)
  /// ```
  public func map(JSON json: JSONKit.JSON, toObject object: N) -> N {
    (try? mapOrThrow(JSON: json, toObject: object)) ?? object
  }

  /// Maps `json` onto an existing object, throwing the first failure in strict mode.
  public func mapOrThrow(JSON json: JSONKit.JSON, toObject object: N) throws(MappingError) -> N {
    guard json.type == .dictionary else { throw .mismatch(N.self, json) }
    var copy = object
    let map = Map(
      mappingType: .fromJSON, JSON: json, context: context,
      shouldIncludeNilValues: shouldIncludeNilValues, strict: strict)
    map.toObject = true
    copy.mapping(map: map)
    // Updating keeps what the JSON does not mention, so a key missing from the top level is
    // not a failure here (it is when a whole model is created).
    let failures = map.failures.filter { failure in
      guard failure.reason == .keyNotFound, case .key(let key)? = failure.path.first else {
        return true
      }
      return json.member(key) != nil
    }
    if strict, let first = failures.first { throw first }
    return copy
  }

  /// `map(JSON:toObject:)` for a Foundation dictionary.
  public func map(JSON: [String: Any], toObject object: N) -> N {
    map(JSON: JSONKit.JSON(JSON), toObject: object)
  }

  /// `map(JSON:toObject:)` for JSON text; the object is returned unchanged when the text is not JSON.
  public func map(JSONString: String, toObject object: N) -> N {
    guard let json = try? Self.parse(JSONString) else { return object }
    return map(JSON: json, toObject: object)
  }

  /// `mapOrThrow(JSON:toObject:)` for JSON text.
  public func mapOrThrow(JSONString: String, toObject object: N) throws(MappingError) -> N {
    try mapOrThrow(JSON: try Self.parse(JSONString), toObject: object)
  }

}

/// A mapper holds only its settings (the context is `Sendable`) and creates a new `Map` for
/// every call, so one mapper can serve many tasks at once.
extension Mapper: Sendable where N: Sendable {}
