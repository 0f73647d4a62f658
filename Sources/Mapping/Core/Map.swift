@_spi(JSONKitInternals) import JSONKit
import Foundation

/// The state of one mapping: which way it goes, the JSON being read or written, the
/// current key, the context, and the failures seen so far.
///
/// `mapping(map:)` uses it through subscripts and the `<-` / `>>>` operators:
///
/// ```swift
/// mutating func mapping(map: Map) {
///   name     <- map["name"]
///   city     <- map["address.city"]              // nested key
///   first    <- map["distances.0.value"]         // array index in a nested key
///   appID    <- map["app.identifier", nested: false]
///   score    <- map["stats->score", delimiter: "->"]
/// }
/// ```
///
/// Failures (a wrong type, a number that does not fit, a failed transform, a missing key for
/// a non-optional property) leave the property unchanged and are recorded in `failures`
/// with their full path; a strict `Mapper` throws the first one.
public final class Map {
  /// Reading from JSON or writing to JSON.
  public let mappingType: MappingType
  /// The JSONKit value being read (`fromJSON`), or being built (`toJSON`).
  public internal(set) var JSON: JSONKit.JSON
  /// Whether the current key is present in the JSON (a `null` value counts as present).
  public private(set) var isKeyPresent = false
  /// The current key, as given to the subscript.
  public private(set) var currentKey: String?
  /// The value at the current key, as a JSONKit value.
  public private(set) var currentJSON: JSONKit.JSON?
  /// The object passed to `Mapper(context:)`.
  public var context: MapContext?
  /// Whether `nil` properties are written as `null` (otherwise they are left out).
  public let shouldIncludeNilValues: Bool
  /// Whether the first failure should make the mapping fail (see `Mapper(strict:)`).
  public let strict: Bool

  /// The value at the current key as a Foundation object (`String`, `NSNumber`, `NSNull`,
  /// `[Any]`, `[String: Any]`), as ObjectMapper gave it.
  public var currentValue: Any? { currentJSON.map(\.object) }

  /// The current value cast to `T`, as ObjectMapper's `value()`.
  public func value<T>() -> T? { currentValue as? T }

  /// Failures recorded so far, in this map and in the maps of nested objects.
  public var failures: [MappingError] { log.failures }

  let log: FailureLog
  /// Where the JSON of this map is, from the root of the document.
  let basePath: [JSONPathComponent]
  /// Collections being read below the current key push their element's place here, so that
  /// nested objects know their full path.
  var elementPath: [JSONPathComponent] = []
  var keyComponents: [String] = []
  var ignoreNil = false

  /// A map over a JSONKit value.
  public init(
    mappingType: MappingType, JSON: JSONKit.JSON, context: MapContext? = nil,
    shouldIncludeNilValues: Bool = false, strict: Bool = false
  ) {
    self.mappingType = mappingType
    self.JSON = JSON
    self.context = context
    self.shouldIncludeNilValues = shouldIncludeNilValues
    self.strict = strict
    self.log = FailureLog()
    self.basePath = []
  }

  /// A map over a Foundation dictionary (ObjectMapper's initializer).
  public convenience init(
    mappingType: MappingType, JSON: [String: Any], toObject: Bool = false,
    context: MapContext? = nil, shouldIncludeNilValues: Bool = false
  ) {
    self.init(
      mappingType: mappingType, JSON: JSONKit.JSON(JSON), context: context,
      shouldIncludeNilValues: shouldIncludeNilValues)
  }

  /// A map for a nested object, sharing the failure log and settings of `parent`.
  init(nestedIn parent: Map, mappingType: MappingType, JSON: JSONKit.JSON) {
    self.mappingType = mappingType
    self.JSON = JSON
    self.context = parent.context
    self.shouldIncludeNilValues = parent.shouldIncludeNilValues
    self.strict = parent.strict
    self.log = parent.log
    self.basePath = mappingType == .fromJSON ? parent.currentPath : []
  }

  /// Selects `key`. With `nested` (the default when the key contains `delimiter`), the key
  /// is a path: `"user.address.city"`, `"items.0.name"` (a number indexes an array).
  /// With `ignoreNil`, a missing or `null` value leaves optional properties unchanged.
  public subscript(
    key: String, nested nested: Bool? = nil, delimiter delimiter: String = ".",
    ignoreNil ignoreNil: Bool = false
  ) -> Map {
    currentKey = key
    self.ignoreNil = ignoreNil
    elementPath.removeAll(keepingCapacity: true)
    let isNested = nested ?? key.contains(delimiter)
    keyComponents = isNested ? key.components(separatedBy: delimiter) : [key]
    if mappingType == .fromJSON {
      var value: JSONKit.JSON? = JSON
      for component in keyComponents {
        guard let current = value else { break }
        if current.type == .array, let index = Int(component) {
          value = current.element(index)
        } else {
          value = current.member(component)
        }
      }
      currentJSON = value
      isKeyPresent = value != nil
    } else {
      currentJSON = nil
      isKeyPresent = false
    }
    return self
  }

  /// The current key's place from the root of the document.
  var currentPath: [JSONPathComponent] {
    var path = basePath
    var value: JSONKit.JSON? = mappingType == .fromJSON ? JSON : nil
    for component in keyComponents {
      if let current = value, current.type == .array, let index = Int(component) {
        path.append(.index(index))
        value = current.element(index)
      } else {
        path.append(.key(component))
        value = value?.member(component)
      }
    }
    return path + elementPath
  }

  /// Records a failure at the current key (its relative path, if any, is completed).
  func record(_ failure: MappingError) {
    log.failures.append(failure.prefixed(by: currentPath))
  }

  /// Writes `value` at the current key, creating the objects and arrays on the way (a
  /// numeric step makes an array: `"list.1"` writes `{"list": [null, value]}`).
  func write(_ value: JSONKit.JSON) {
    if value.type == .null && !shouldIncludeNilValues { return }
    Map.set(value, at: keyComponents[...], in: &JSON)
  }

  static func set(_ value: JSONKit.JSON, at path: ArraySlice<String>, in json: inout JSONKit.JSON) {
    guard let first = path.first else {
      json = value
      return
    }
    let rest = path.dropFirst()
    if let index = Int(first), index >= 0, json.type == .array || json.type == .null || !json.exists() {
      if json.type != .array { json = [] }
      while json.count <= index { json.append(.null) }
      set(value, at: rest, in: &json[index])
    } else {
      if json.type != .dictionary { json = [:] }
      if !json[first].exists() { json[first] = .null }
      set(value, at: rest, in: &json[first])
    }
  }
}

/// The failures of one mapping, shared by the maps of nested objects.
final class FailureLog {
  var failures: [MappingError] = []
}
