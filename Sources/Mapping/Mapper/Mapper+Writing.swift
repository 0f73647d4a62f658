import JSONKit

// Writing models as JSONKit values, Foundation objects and JSON text.

extension Mapper {
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

  /// The models as Foundation dictionaries: `Mapper<User>().toJSONArray(users)`.
  public func toJSONArray(_ array: [N]) -> [[String: Any]] {
    array.map(toJSON)
  }

  /// A set of models as Foundation dictionaries (in the set's order).
  public func toJSONSet(_ set: Set<N>) -> [[String: Any]] where N: Hashable {
    set.map(toJSON)
  }

  /// A dictionary of models as a dictionary of Foundation dictionaries.
  public func toJSONDictionary(_ dictionary: [String: N]) -> [String: [String: Any]] {
    dictionary.mapValues(toJSON)
  }

  /// A dictionary of arrays of models as Foundation objects.
  public func toJSONDictionaryOfArrays(_ dictionary: [String: [N]]) -> [String: [[String: Any]]] {
    dictionary.mapValues(toJSONArray)
  }

  /// JSON text of a model, compact or pretty.
  ///
  /// Compact text is written straight from the model's properties, with no `JSON` value in
  /// between; it is the same text as `JSONWriter().string(toJSONValue(object))`.
  public func toJSONString(_ object: N, prettyPrint: Bool = false) -> String? {
    if prettyPrint { return JSONWriter(options: .prettyPrinted).string(toJSONValue(object)) }
    return writeText { map in map.writeTextObject(object) }.string
  }

  /// JSON text of an array of models.
  public func toJSONString(_ array: [N], prettyPrint: Bool = false) -> String? {
    if prettyPrint {
      return JSONWriter(options: .prettyPrinted).string(JSONKit.JSON(array: array.map(toJSONValue)))
    }
    return writeText { map in map.writeTextObjects(array) }.string
  }

  /// Compact JSON text of a model as UTF-8 bytes, for a reply body (the adapters' mapped
  /// replies).
  package func toJSONBytes(_ object: N) -> [UInt8] {
    writeText { map in map.writeTextObject(object) }.bytes
  }

  /// Compact JSON text of an array of models as UTF-8 bytes.
  package func toJSONBytes(_ array: [N]) -> [UInt8] {
    writeText { map in map.writeTextObjects(array) }.bytes
  }

  private func writeText(_ body: (Map) -> Void) -> JSONTextSink {
    let text = JSONTextSink()
    body(
      Map(
        writingTextTo: text, context: context, shouldIncludeNilValues: shouldIncludeNilValues,
        strict: strict))
    return text
  }
}

extension Map {
  /// Writes `object` as this map's object.
  fileprivate func writeTextObject<N: BaseMappable>(_ object: N) {
    beginTextObject(type(of: object))
    var object = object
    object.mapping(map: self)
    endTextObject()
  }

  /// Writes `objects` as an array of this map's objects.
  fileprivate func writeTextObjects<N: BaseMappable>(_ objects: [N]) {
    writeTextByte(0x5B)
    // By index, not `enumerated()`: each model is copied once (`mapping(map:)` is
    // mutating), not once more by the iterator.
    for i in objects.indices {
      if i > 0 { writeTextByte(0x2C) }
      var object = objects[i]
      beginTextObject(type(of: object))
      object.mapping(map: self)
      endTextObject()
    }
    writeTextByte(0x5D)
  }
}
