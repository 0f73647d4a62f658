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
  public func toJSONString(_ object: N, prettyPrint: Bool = false) -> String? {
    JSONWriter(options: prettyPrint ? .prettyPrinted : []).string(toJSONValue(object))
  }

  /// JSON text of an array of models.
  public func toJSONString(_ array: [N], prettyPrint: Bool = false) -> String? {
    JSONWriter(options: prettyPrint ? .prettyPrinted : []).string(
      JSONKit.JSON(array: array.map(toJSONValue)))
  }
}
