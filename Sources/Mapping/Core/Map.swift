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
///
/// Not thread-safe: a map belongs to one mapping on one thread. (Its per-key properties are
/// `@exclusivity(unchecked)`: they are written for every property mapped, and the dynamic
/// exclusivity checks cost more than the writes.)
public final class Map {
  /// Reading from JSON or writing to JSON.
  public let mappingType: MappingType
  /// The JSONKit value being read (`fromJSON`), or being built (`toJSON`).
  @exclusivity(unchecked)
  public internal(set) var JSON: JSONKit.JSON
  /// Whether the current key is present in the JSON (a `null` value counts as present).
  @exclusivity(unchecked)
  public private(set) var isKeyPresent = false
  /// The current key, as given to the subscript.
  @exclusivity(unchecked)
  public private(set) var currentKey: String?
  /// The value at the current key, as a JSONKit value.
  @exclusivity(unchecked)
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
  /// How many models this map is nested in (0 for the root). Reading a model recurses once
  /// per level, so hostile input nested thousands of levels deep would overflow the stack
  /// (found by the hostile-input suite: 2,000 levels crashed a test thread); past
  /// `maxModelDepth` a nested model is a failure instead.
  @usableFromInline let depth: Int
  /// The deepest nesting of models read from JSON.
  public static let maxModelDepth = 256
  /// Where this map's JSON sits in its parent, to render paths only when a failure needs
  /// one (nested maps are made for every nested object: eager paths cost allocations).
  private let origin: Origin?
  /// Collections being read below the current key push their element's place here, so that
  /// nested objects know their full path.
  @exclusivity(unchecked)
  var elementPath: [JSONPathComponent] = []
  /// The steps of a nested key (`"a.b.0"`); empty for a plain key, which is `currentKey`.
  @exclusivity(unchecked)
  private var nestedSteps: [String] = []
  @exclusivity(unchecked)
  @usableFromInline var ignoreNil = false

  /// A parent map and the key and element at which a nested map's JSON was found.
  private struct Origin {
    let parent: Map
    let key: String?
    let nestedSteps: [String]
    let elementPath: [JSONPathComponent]
  }

  /// The steps of the current key.
  var keySteps: [String] {
    if !nestedSteps.isEmpty { return nestedSteps }
    return currentKey.map { [$0] } ?? []
  }

  /// Where the JSON of this map is, from the root of the document.
  var basePath: [JSONPathComponent] {
    guard let origin else { return [] }
    let steps = origin.nestedSteps.isEmpty ? (origin.key.map { [$0] } ?? []) : origin.nestedSteps
    return origin.parent.path(steps: steps, elementPath: origin.elementPath)
  }

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
    self.depth = 0
    self.origin = nil
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
  @usableFromInline
  init(nestedIn parent: Map, mappingType: MappingType, JSON: JSONKit.JSON) {
    self.mappingType = mappingType
    self.JSON = JSON
    self.context = parent.context
    self.shouldIncludeNilValues = parent.shouldIncludeNilValues
    self.strict = parent.strict
    self.log = parent.log
    self.depth = parent.depth + 1
    self.origin =
      mappingType == .fromJSON
      ? Origin(
        parent: parent, key: parent.currentKey, nestedSteps: parent.nestedSteps,
        elementPath: parent.elementPath)
      : nil
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
    if !elementPath.isEmpty { elementPath.removeAll(keepingCapacity: true) }
    let isNested = nested ?? Map.contains(key, delimiter)
    nestedSteps = isNested ? key.components(separatedBy: delimiter) : []
    if mappingType == .fromJSON {
      var value: JSONKit.JSON?
      if isNested {
        value = JSON
        for step in nestedSteps {
          guard let current = value else { break }
          if current.type == .array, let index = Int(step) {
            value = current.element(index)
          } else {
            value = current.member(step)
          }
        }
      } else {
        value = JSON.member(key)
      }
      currentJSON = value
      isKeyPresent = value != nil
    } else {
      currentJSON = nil
      isKeyPresent = false
    }
    return self
  }

  /// Whether `key` contains `delimiter`, without Foundation's general string search for
  /// the usual one-byte delimiter (this runs for every property of every object).
  static func contains(_ key: String, _ delimiter: String) -> Bool {
    let utf8 = delimiter.utf8
    if utf8.count == 1, let byte = utf8.first {
      // Over the key's contiguous bytes: `utf8.contains` iterates through the view's
      // index machinery, which costs more than the rest of a property's lookup.
      let found = key.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
        for b in bytes where b == byte { return true }
        return false
      }
      return found ?? key.utf8.contains(byte)
    }
    return key.contains(delimiter)
  }

  /// The current key's place from the root of the document.
  var currentPath: [JSONPathComponent] { path(steps: keySteps, elementPath: elementPath) }

  /// The place of `steps` below this map's JSON, then `elementPath`.
  func path(steps: [String], elementPath: [JSONPathComponent]) -> [JSONPathComponent] {
    var path = basePath
    var value: JSONKit.JSON? = mappingType == .fromJSON ? JSON : nil
    for component in steps {
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
  @usableFromInline
  func record(_ failure: MappingError) {
    log.failures.append(failure.prefixed(by: currentPath))
  }

  /// Writes `value` at the current key, creating the objects and arrays on the way (a
  /// numeric step makes an array: `"list.1"` writes `{"list": [null, value]}`).
  @usableFromInline
  func write(_ value: JSONKit.JSON) {
    if value.type == .null && !shouldIncludeNilValues { return }
    Map.set(value, at: keySteps[...], in: &JSON)
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
