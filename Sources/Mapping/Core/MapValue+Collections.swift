import JSONKit

// Collections and optionals of mappable values are mappable, to any depth. A failure inside
// names the element (`[3]`, `.key`) so that the whole path reaches the error.
//
// The reads are `@inlinable` so that each model's module specializes them for its element
// type: unspecialized, every element paid a generic-metadata lookup.

extension Optional: MapValue where Wrapped: MapValue {
  public static var mapValueWhenMissing: Wrapped?? { .some(nil) }

  /// `null` reads as `nil`.
  @inlinable
  public static func fromMapJSON(_ json: JSONKit.JSON, map: Map) throws(MappingError) -> Wrapped? {
    if json.type == .null { return nil }
    return try Wrapped.fromMapJSON(json, map: map)
  }

  /// `null` reads as `nil`; a value updates the wrapped one, when there is one.
  public static func fromMapJSON(_ json: JSONKit.JSON, map: Map, updating existing: Wrapped?)
    throws(MappingError) -> Wrapped?
  {
    if json.type == .null { return nil }
    guard let existing else { return try Wrapped.fromMapJSON(json, map: map) }
    return try Wrapped.fromMapJSON(json, map: map, updating: existing)
  }

  public func toMapJSON(map: Map) -> JSONKit.JSON {
    switch self {
    case .some(let value): return value.toMapJSON(map: map)
    case .none: return .null
    }
  }

  /// Appends the wrapped value's text, or `null`.
  ///
  /// - Parameter map: the map whose current key (or element) is this value.
  /// - Returns: whether the value is `nil` (or the wrapped value is `null`).
  public func writeMapText(map: Map) -> Bool {
    switch self {
    case .some(let value): return value.writeMapText(map: map)
    case .none:
      map.writeText(.null)
      return true
    }
  }
}

extension Array: MapValue where Element: MapValue {
  @inlinable
  public static func fromMapJSON(_ json: JSONKit.JSON, map: Map) throws(MappingError) -> [Element] {
    guard json.type == .array else { throw .mismatch([Element].self, json) }
    var result: [Element] = []
    result.reserveCapacity(json.count)
    // ObjectMapper keeps the models it could make and drops the others; lenient mode does
    // the same but records each dropped element with its path. Arrays of other values stay
    // all-or-nothing: dropping a number would shift every index after it.
    let skipsFailedElements = !map.strict && Element.self is any BaseMappable.Type
    var failure: MappingError?
    Map.forEachElement(of: json) { i, element in
      guard failure == nil else { return }
      map.elementPath.append(.index(i))
      do throws(MappingError) {
        result.append(try Element.fromMapJSON(element, map: map))
        map.elementPath.removeLast()
      } catch {
        map.elementPath.removeLast()
        if skipsFailedElements {
          map.record(error.inside(.index(i)))
        } else {
          failure = error.inside(.index(i))
        }
      }
    }
    if let failure { throw failure }
    return result
  }

  public func toMapJSON(map: Map) -> JSONKit.JSON {
    JSONKit.JSON(array: self.map { $0.toMapJSON(map: map) })
  }

  /// Appends the elements' text in brackets.
  ///
  /// - Parameter map: the map whose current key is this collection.
  /// - Returns: `false`: an array is never `null`.
  public func writeMapText(map: Map) -> Bool {
    map.writeTextElements(self)
    return false
  }
}

extension Set: MapValue where Element: MapValue {
  @inlinable
  public static func fromMapJSON(_ json: JSONKit.JSON, map: Map) throws(MappingError) -> Set<
    Element
  > {
    guard json.type == .array else { throw .mismatch(Set<Element>.self, json) }
    return Set(try [Element].fromMapJSON(json, map: map))
  }

  public func toMapJSON(map: Map) -> JSONKit.JSON {
    JSONKit.JSON(array: self.map { $0.toMapJSON(map: map) })
  }

  /// Appends the elements' text in brackets.
  ///
  /// - Parameter map: the map whose current key is this collection.
  /// - Returns: `false`: an array is never `null`.
  public func writeMapText(map: Map) -> Bool {
    map.writeTextElements(self)
    return false
  }
}

extension Dictionary: MapValue where Key == String, Value: MapValue {
  @inlinable
  public static func fromMapJSON(_ json: JSONKit.JSON, map: Map) throws(MappingError) -> [String:
    Value]
  {
    try read(json, map: map, existing: nil)
  }

  /// Members update the values the dictionary already has under their keys (ObjectMapper's
  /// `map(JSON:toObject:)` keeps those instances); other members are read anew.
  public static func fromMapJSON(_ json: JSONKit.JSON, map: Map, updating existing: [String: Value])
    throws(MappingError) -> [String: Value]
  {
    try read(json, map: map, existing: existing)
  }

  @inlinable
  static func read(_ json: JSONKit.JSON, map: Map, existing: [String: Value]?)
    throws(MappingError) -> [String: Value]
  {
    guard json.type == .dictionary else { throw .mismatch([String: Value].self, json) }
    var result: [String: Value] = [:]
    result.reserveCapacity(json.count)
    // As for arrays: lenient mode drops (and records) the models it cannot make.
    let skipsFailedValues = !map.strict && Value.self is any BaseMappable.Type
    var failure: MappingError?
    Map.forEachMember(of: json) { key, member in
      guard failure == nil else { return }
      map.elementPath.append(.key(key))
      do throws(MappingError) {
        if let current = existing?[key] {
          result[key] = try Value.fromMapJSON(member, map: map, updating: current)
        } else {
          result[key] = try Value.fromMapJSON(member, map: map)
        }
        map.elementPath.removeLast()
      } catch {
        map.elementPath.removeLast()
        if skipsFailedValues {
          map.record(error.inside(.key(key)))
        } else {
          failure = error.inside(.key(key))
        }
      }
    }
    if let failure { throw failure }
    return result
  }

  /// Members are written in key order, so the same dictionary always gives the same text
  /// (a Swift dictionary's own order changes from run to run).
  public func toMapJSON(map: Map) -> JSONKit.JSON {
    var object: JSONKit.JSON = [:]
    for (key, value) in self.sorted(by: { $0.key < $1.key }) {
      object[key] = value.toMapJSON(map: map)
    }
    return object
  }
}

extension Map {
  /// JSONKit's element iteration for the inlinable reads above, which cannot name its SPI.
  @usableFromInline
  static func forEachElement(of json: JSONKit.JSON, _ body: (Int, JSONKit.JSON) -> Void) {
    json.forEachElement(body)
  }

  /// JSONKit's member iteration for the inlinable reads above, which cannot name its SPI.
  @usableFromInline
  static func forEachMember(of json: JSONKit.JSON, _ body: (String, JSONKit.JSON) -> Void) {
    json.forEachMember(body)
  }
}

extension Map {
  /// Appends `elements` as a JSON array, each as its own text.
  @usableFromInline
  func writeTextElements<C: Collection>(_ elements: C) where C.Element: MapValue {
    writeTextByte(0x5B)
    var first = true
    for element in elements {
      if !first { writeTextByte(0x2C) }
      first = false
      _ = element.writeMapText(map: self)
    }
    writeTextByte(0x5D)
  }
}
