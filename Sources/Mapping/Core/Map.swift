import Foundation
import JSONKit

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
  /// The JSONKit value being read (`fromJSON`), or the object written so far (`toJSON`).
  public internal(set) var JSON: JSONKit.JSON {
    get { text == nil || textAsTree ? storedJSON : textObjectSoFar() }
    set { storedJSON = newValue }
  }
  /// `JSON`, except while this map writes text (see Map+Text.swift).
  @exclusivity(unchecked)
  var storedJSON: JSONKit.JSON
  /// Whether the current key is present in the JSON (a `null` value counts as present).
  public var isKeyPresent: Bool { currentJSON != nil }
  /// The current key, as given to the subscript.
  @exclusivity(unchecked)
  public internal(set) var currentKey: String?
  /// The string at the current key when it was found by the subscript in a parsed
  /// document and is a string; `nil` otherwise (then read `currentJSON`).
  ///
  /// Reads it without
  /// building a `JSON` (see `read(into:)`).
  @usableFromInline
  func currentDocumentString() -> String? {
    guard currentSlot != Map.unresolved, currentSlot != Map.missing, let readObject else {
      return nil
    }
    return readObject.string(slot: currentSlot)
  }

  /// The value at the current key, as a JSONKit value (`nil` when writing).
  ///
  /// Looked up when asked for, not by the subscript: the operators ask exactly once per
  /// property, and keeping the value in the map would cost reference counting per
  /// property.
  public var currentJSON: JSONKit.JSON? {
    guard mappingType == .fromJSON else { return nil }
    if currentSlot != Map.unresolved {
      guard currentSlot != Map.missing, let readObject else { return nil }
      return readObject.value(slot: currentSlot)
    }
    guard let key = currentKey else { return nil }
    if nestedSteps.isEmpty { return storedJSON.member(key) }
    var value: JSONKit.JSON? = storedJSON
    for step in nestedSteps {
      guard let current = value else { break }
      if current.type == .array, let index = Int(step) {
        value = current.element(index)
      } else {
        value = current.member(step)
      }
    }
    return value
  }
  /// The object passed to `Mapper(context:)`.
  public var context: MapContext?
  /// Whether `nil` properties are written as `null` (otherwise they are left out).
  public let shouldIncludeNilValues: Bool
  /// Whether the first failure should make the mapping fail (see `Mapper(strict:)`).
  public let strict: Bool
  /// Whether this map updates an existing object (`Mapper.map(JSON:toObject:)`), as in
  /// ObjectMapper: nested models that the object already holds are then updated in place
  /// (a class instance stays the same instance) instead of being replaced.
  public internal(set) var toObject = false

  /// The value at the current key as a Foundation object (`String`, `NSNumber`, `NSNull`,
  /// `[Any]`, `[String: Any]`), as ObjectMapper gave it.
  public var currentValue: Any? { currentJSON.map(\.object) }

  /// The current value cast to `T`, as ObjectMapper's `value()`.
  public func value<T>() -> T? { currentValue as? T }

  /// Failures recorded so far, in this map and in the maps of nested objects.
  public var failures: [MappingError] { log.failures }

  let log: FailureLog
  /// The map whose current key (and element) this map's JSON was found at, while this map
  /// is reading a nested object.
  ///
  /// Paths are rendered from it only when a failure needs one
  /// (failures happen while the parent still points at this object, so its state is the
  /// place). Cleared when the nested object is done, so that parent and child never keep
  /// each other alive.
  @exclusivity(unchecked)
  private var parent: Map?
  /// The map of the last nested object, reused for the next one: one `Map` per depth
  /// instead of one per nested object (see `nestedMap(reading:)`).
  @exclusivity(unchecked)
  var spareChild: Map?
  /// How many models this map is nested in (0 for the root).
  ///
  /// Reading a model recurses once per level, so hostile input nested thousands of levels deep
  /// would overflow the stack (found by the hostile-input suite: 2,000 levels crashed a test
  /// thread); past `maxModelDepth` a nested model is a failure instead.
  @usableFromInline let depth: Int
  /// The deepest nesting of models read from JSON.
  public static let maxModelDepth = 256
  /// Collections being read below the current key push their element's place here, so that
  /// nested objects know their full path.
  @exclusivity(unchecked)
  @usableFromInline var elementPath: [JSONPathComponent] = []
  /// The steps of a nested key (`"a.b.0"`); empty for a plain key, which is `currentKey`.
  @exclusivity(unchecked)
  var nestedSteps: [String] = []
  @exclusivity(unchecked)
  @usableFromInline var ignoreNil = false
  /// While reading a plain key of an object of a parsed document: the slot of the key's
  /// value (`Map.missing` when absent), found by the subscript in the same pass over the
  /// key's bytes as the delimiter check.
  ///
  /// Otherwise `Map.unresolved`, and `currentJSON`
  /// looks the key up. A slot is one word: keeping it costs no reference counting.
  @exclusivity(unchecked)
  private var currentSlot: UInt64 = Map.unresolved
  /// Not slots (no slot has tag 15).
  private static var unresolved: UInt64 { .max }
  private static var missing: UInt64 { .max - 1 }
  /// `JSON` when reading an object of a parsed document, held without reference counting
  /// (`JSON` keeps the document alive); `nil` otherwise.
  ///
  /// Set with `JSON`.
  @exclusivity(unchecked)
  private var readObject: UnownedDocumentObject?
  /// While writing JSON text (`Mapper.toJSONString`): the output, shared with the maps of
  /// nested models; `nil` when the map builds `JSON` (see Map+Text.swift).
  @exclusivity(unchecked)
  var text: JSONTextSink?
  /// Where this map's object starts in `text` (its `{`); -1 when no object is open.
  @exclusivity(unchecked)
  var textObjectStart = -1
  /// The keys begun in this map's object so far, once they stopped following its type's log.
  ///
  /// Kept in order (a key taken back stays) while they do not follow `textExpectedLog`
  /// (`textFollowsLog` false): a second write to a key replaces the first in a `JSON` tree,
  /// which text already written cannot do, so each key is checked against these. While they
  /// follow it, they are its first `textKeyCount`.
  @exclusivity(unchecked)
  var textKeyLog: [String] = []
  /// The number of keys begun in this map's object so far.
  @exclusivity(unchecked)
  var textKeyCount = 0
  /// The key logs of objects already written by this map, one per model type.
  ///
  /// Each is known to hold distinct keys: an object whose keys come in the same order as its type's log needs one
  /// comparison per key instead of a search, and its keys' text is copied, not escaped (a
  /// model writes the same keys every time). A list: a map writes few types.
  @exclusivity(unchecked)
  var textKnownLogs: [TextKeyLog] = []
  /// The known log of the open object's type (empty when none), and whether the keys begun
  /// so far follow it.
  @exclusivity(unchecked)
  var textExpectedLog = TextKeyLog.empty
  @exclusivity(unchecked)
  var textFollowsLog = false
  /// Whether this object's members moved from `text` into `JSON` (after a nested or
  /// repeated key); they go back as text when the object ends.
  @exclusivity(unchecked)
  var textAsTree = false

  /// The steps of the current key.
  var keySteps: [String] {
    if !nestedSteps.isEmpty { return nestedSteps }
    return currentKey.map { [$0] } ?? []
  }

  /// Where the JSON of this map is, from the root of the document.
  var basePath: [JSONPathComponent] {
    parent?.currentPath ?? []
  }

  /// A map over a JSONKit value.
  public init(
    mappingType: MappingType, JSON: JSONKit.JSON, context: MapContext? = nil,
    shouldIncludeNilValues: Bool = false, strict: Bool = false
  ) {
    self.mappingType = mappingType
    self.storedJSON = JSON
    self.readObject = mappingType == .fromJSON ? JSON.unownedDocumentObject : nil
    self.context = context
    self.shouldIncludeNilValues = shouldIncludeNilValues
    self.strict = strict
    self.log = FailureLog()
    self.depth = 0
  }

  /// A map over a Foundation dictionary (ObjectMapper's initializer).
  public convenience init(
    mappingType: MappingType, JSON: [String: Any], toObject: Bool = false,
    context: MapContext? = nil, shouldIncludeNilValues: Bool = false
  ) {
    self.init(
      mappingType: mappingType, JSON: JSONKit.JSON(JSON), context: context,
      shouldIncludeNilValues: shouldIncludeNilValues)
    self.toObject = toObject
  }

  /// A map for a nested object, sharing the failure log and settings of `parent`.
  @usableFromInline
  init(nestedIn parent: Map, mappingType: MappingType, JSON: JSONKit.JSON) {
    self.mappingType = mappingType
    self.storedJSON = JSON
    self.readObject = mappingType == .fromJSON ? JSON.unownedDocumentObject : nil
    self.context = parent.context
    self.shouldIncludeNilValues = parent.shouldIncludeNilValues
    self.strict = parent.strict
    self.toObject = parent.toObject
    self.log = parent.log
    self.depth = parent.depth + 1
    self.parent = mappingType == .fromJSON ? parent : nil
  }

  /// The map to read the nested object `json` (at the current key and element) with.
  ///
  /// Reuses the previous nested map when nobody else holds it; call `finishNested(_:)`
  /// when done.
  @usableFromInline
  func nestedMap(reading json: JSONKit.JSON) -> Map {
    // Unique: no model kept the map of the previous nested object, so it can be reset.
    if isKnownUniquelyReferenced(&spareChild), let child = spareChild {
      child.storedJSON = json
      child.readObject = json.unownedDocumentObject
      child.currentKey = nil
      child.currentSlot = Map.unresolved
      child.ignoreNil = false
      if !child.nestedSteps.isEmpty { child.nestedSteps = [] }
      if !child.elementPath.isEmpty { child.elementPath.removeAll(keepingCapacity: true) }
      child.parent = self
      return child
    }
    let child = Map(nestedIn: self, mappingType: .fromJSON, JSON: json)
    spareChild = child
    return child
  }

  /// Ends the reading of a nested object by `child` (from `nestedMap(reading:)`).
  @usableFromInline
  func finishNested(_ child: Map) {
    child.parent = nil
  }

  /// Selects `key`.
  ///
  /// With `nested` (the default when the key contains `delimiter`), the key
  /// is a path: `"user.address.city"`, `"items.0.name"` (a number indexes an array).
  /// With `ignoreNil`, a missing or `null` value leaves optional properties unchanged.
  public subscript(
    key: String, nested nested: Bool? = nil, delimiter delimiter: String = ".",
    ignoreNil ignoreNil: Bool = false
  ) -> Map {
    currentKey = key
    self.ignoreNil = ignoreNil
    if !elementPath.isEmpty { elementPath.removeAll(keepingCapacity: true) }
    currentSlot = Map.unresolved
    switch select(key, nested: nested, delimiter: delimiter) {
    case .nested:
      nestedSteps = key.components(separatedBy: delimiter)
    case .plain:
      if !nestedSteps.isEmpty { nestedSteps = [] }
    case .found(let slot):
      if !nestedSteps.isEmpty { nestedSteps = [] }
      currentSlot = slot
    }
    return self
  }

  private enum Selection {
    case nested
    case plain
    /// A plain key, already looked up (see `currentSlot`).
    case found(UInt64)
  }

  /// Whether `key` is nested; when reading a plain key of a parsed object, also where its
  /// value is.
  ///
  /// One pass over the key's bytes does both for the usual one-byte delimiter
  /// (this runs for every property of every object).
  private func select(_ key: String, nested: Bool?, delimiter: String) -> Selection {
    if nested == true { return .nested }
    let byte: UInt8?
    if nested == false {
      byte = nil
    } else if delimiter == "." {
      byte = 0x2E
    } else if delimiter.utf8.count == 1, let only = delimiter.utf8.first {
      byte = only
    } else {
      return Map.contains(key, delimiter) ? .nested : .plain
    }
    let object = readObject
    let selection = key.utf8.withContiguousStorageIfAvailable { bytes -> Selection in
      if let byte {
        for b in bytes where b == byte { return .nested }
      }
      guard let object else { return .plain }
      return .found(object.memberSlot(bytes) ?? Map.missing)
    }
    if let selection { return selection }
    return nested ?? Map.contains(key, delimiter) ? .nested : .plain
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
    var value: JSONKit.JSON? = mappingType == .fromJSON ? storedJSON : nil
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
    if beginTextMember() != nil { return writeText(value) }
    Map.set(value, at: keySteps[...], in: &storedJSON)
  }

  static func set(_ value: JSONKit.JSON, at path: ArraySlice<String>, in json: inout JSONKit.JSON) {
    guard let first = path.first else {
      json = value
      return
    }
    let rest = path.dropFirst()
    if let index = Int(first), index >= 0,
      json.type == .array || json.type == .null || !json.exists()
    {
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
