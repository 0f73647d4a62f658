import Foundation
import Testing

@testable import JSONKit
@testable import JSONKitCore

/// Objects and arrays built in code are changed in place while one value holds them, and
/// copied once when shared, so building an object of n keys costs O(n), not O(n²).
@Suite("Copy on write")
struct CopyOnWriteTests {
  /// The identity of the box behind an object or array value, without keeping the box
  /// (a kept reference would itself force the next change to copy).
  static func boxID(_ json: JSON) -> ObjectIdentifier? {
    switch json.storage {
    case .object(let box): ObjectIdentifier(box)
    case .array(let box): ObjectIdentifier(box)
    default: nil
    }
  }

  @Test("Setting keys of an unshared object keeps its box")
  func settingKeysOfAnUnsharedObjectKeepsItsBox() {
    var json = JSON(dictionary: [:])
    json["first"] = 0
    let box = Self.boxID(json)
    for index in 0..<1_000 { json["k\(index)"] = JSON(index) }
    json["first"]["nested"] = 1  // through `_modify`: a no-op on a number, still in place
    #expect(Self.boxID(json) == box)
    #expect(json.count == 1_001)
    #expect(json["k999"].intValue == 999)
  }

  @Test("Setting elements of an unshared array keeps its box")
  func settingElementsOfAnUnsharedArrayKeepsItsBox() {
    var json = JSON(array: [0, 1, 2])
    json[0] = 5
    let box = Self.boxID(json)
    for index in 0..<1_000 { json.append(JSON(index)) }
    json[1] = "x"
    #expect(Self.boxID(json) == box)
    #expect(json.count == 1_003)
  }

  @Test("A shared object is copied once and the copy keeps its own values")
  func aSharedObjectIsCopiedOnceAndTheCopyKeepsItsOwnValues() {
    var json = JSON(dictionary: ["a": 1])
    json["b"] = 2
    let shared = json
    json["c"] = 3
    let copied = Self.boxID(json)
    #expect(copied != Self.boxID(shared))
    json["d"] = 4
    #expect(Self.boxID(json) == copied)
    #expect(shared == ["a": 1, "b": 2])
    #expect(json == ["a": 1, "b": 2, "c": 3, "d": 4])
  }
}
