import Foundation

@testable import JSONKitCore

/// A way of storing a value into an array or object: each API that can store a container,
/// for the tests of the flag that freeing a box goes by (`TeardownFlagTests`,
/// `DeepValueTests`).
enum ContainerStore: String, CaseIterable, CustomStringConvertible {
  case arrayLiteral, dictionaryLiteral, initArray, initDictionary, initMembers, initAny
  case append, appendContentsOf, insert
  case subscriptIndex, subscriptKey, subscriptKeyReplaced, subscriptPath
  case mergeObjects, mergeArrays, merged
  case withUniqueElements, withUniqueMember, withUniqueMemberNewKey, setUniqueMember
  case restoreUniqueMember, mappingMemberValues, mappingMemberValuesDropping
  case parsedArraySet, parsedObjectSet, parsedElementChangedInPlace, parsedMemberChangedInPlace
  case builtChildChangedInPlace, sharedArrayCopied

  var description: String { rawValue }

  /// Whether the way looks at what it stores: the others (`withUniqueElements` hands out the
  /// elements to change at will) count as storing a container whatever they store.
  var isPrecise: Bool { self != .withUniqueElements }

  /// A new array or object, of one value or two, that holds `value` (directly, or in a child
  /// for the ways that change a child in place through its parent).
  func store(_ value: JSON) throws -> JSON {
    var json: JSON
    switch self {
    case .arrayLiteral: json = [1, value]
    case .dictionaryLiteral: json = ["a": 1, "b": value]
    case .initArray: json = JSON(array: [1, value])
    case .initDictionary: json = JSON(dictionary: ["a": value])
    case .initMembers: json = JSON(members: [("a", 1), ("b", value)])
    case .initAny: json = JSON([1, value] as [Any])
    case .append:
      json = [1]
      json.append(value)
    case .appendContentsOf:
      json = [1]
      json.append(contentsOf: [2, value])
    case .insert:
      json = [1]
      json.insert(value, at: 1)
    case .subscriptIndex:
      json = [1, 2]
      json[1] = value
    case .subscriptKey:
      json = ["a": 1]
      json["b"] = value
    case .subscriptKeyReplaced:
      json = ["a": 1]
      json["a"] = value
    case .subscriptPath:
      json = ["a": 1]
      json[["b"]] = value
    case .mergeObjects:
      json = ["a": 1]
      try json.merge(with: JSON(dictionary: ["b": value]))
    case .mergeArrays:
      json = [1]
      try json.merge(with: JSON(array: [value]))
    case .merged:
      json = try JSON(dictionary: ["a": 1]).merged(with: JSON(dictionary: ["b": value]))
    case .withUniqueElements:
      json = [1]
      json.withUniqueElements { $0.append(value) }
    case .withUniqueMember:
      json = ["a": 1]
      json.withUniqueMember("a") { $0 = value }
    case .withUniqueMemberNewKey:
      json = ["a": 1]
      json.withUniqueMember("b") { $0 = value }
    case .setUniqueMember:
      json = ["a": 1]
      json.setUniqueMember("a", value)
    case .restoreUniqueMember:
      json = ["a": 1]
      let slot = json.takeUniqueMember("a")?.slot
      json.restoreUniqueMember("a", value, at: slot)
    case .mappingMemberValues:
      json = JSON(dictionary: ["a": 1]).mappingMemberValues { _ in value }!
    case .mappingMemberValuesDropping:
      json = JSON(members: [("a", 1), ("b", 2)]).mappingMemberValues { $0 == 1 ? .none : value }!
    case .parsedArraySet:
      json = JSON(parseJSON: "[1, 2]")
      json[1] = value
    case .parsedObjectSet:
      json = JSON(parseJSON: #"{"a": 1}"#)
      json["b"] = value
    case .parsedElementChangedInPlace:
      // Both boxes made from the document (which holds no box), the inner one through the
      // outer, which then holds a container it was not made with.
      json = JSON(parseJSON: "[[1], 2]")
      json[0].append(value)
    case .parsedMemberChangedInPlace:
      json = JSON(parseJSON: #"{"a": {"b": 1}}"#)
      json["a"]["c"] = value
    case .builtChildChangedInPlace:
      // The child, stored empty, gains the value in place through its parent.
      json = ["a": []]
      json["a"].append(value)
    case .sharedArrayCopied:
      let shared: JSON = [1]
      json = shared
      json.append(value)
    }
    return json
  }
}
