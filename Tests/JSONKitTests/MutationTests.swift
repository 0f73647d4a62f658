import Foundation
import JSONKit
import Testing

@Suite("Append, insert, remove and merge edit containers")
struct MutationTests {
  @Test("Append and insert grow arrays")
  func appendAndInsertGrowArrays() {
    var json = JSON(parseJSON: #"{"tags": ["a"]}"#)
    let r1 = json["tags"].append("c")
    #expect(r1)
    let r2 = json["tags"].insert("b", at: 1)
    #expect(r2)
    let r3 = json["tags"].insert("z", at: 9)
    #expect(!r3)
    #expect(json["tags"] == ["a", "b", "c"])
    let r4 = json["tags"].append(contentsOf: [1, 2])
    #expect(r4)
    #expect(json["tags"].count == 5)
  }

  @Test("Append to a non array does nothing")
  func appendToANonArrayDoesNothing() {
    var json: JSON = ["n": 1]
    let r5 = json["n"].append(2)
    #expect(!r5)
    let r6 = json.append(2)
    #expect(!r6)
    #expect(json == ["n": 1])
  }

  @Test("Remove by index and by key")
  func removeByIndexAndKey() {
    var json = JSON(parseJSON: #"{"a": [1, 2, 3], "b": 2, "c": 3}"#)
    let r7 = json["a"].remove(at: 1)
    #expect(r7 == 2)
    let r8 = json["a"].remove(at: 7)
    #expect(r8 == nil)
    let r9 = json.removeValue(forKey: "b")
    #expect(r9 == 2)
    let r10 = json.removeValue(forKey: "zz")
    #expect(r10 == nil)
    #expect(json.rawString(options: []) == #"{"a":[1,3],"c":3}"#)
    json.removeAll()
    #expect(json == [:])
  }

  @Test("Merge combines objects and concatenates arrays")
  func mergeCombinesObjectsAndConcatenatesArrays() throws {
    var base: JSON = ["name": "Ada", "langs": ["en"], "address": ["city": "London"]]
    try base.merge(with: ["langs": ["fr"], "address": ["zip": "N1"], "age": 36])
    #expect(
      base == [
        "name": "Ada", "langs": ["en", "fr"], "address": ["city": "London", "zip": "N1"], "age": 36,
      ])
    #expect(try JSON(1).merged(with: 2) == 2)
  }

  @Test("Merging different types throws")
  func mergingDifferentTypesThrows() {
    var json: JSON = ["a": 1]
    #expect(throws: JSONError.self) { try json.merge(with: [1]) }
  }

  @Test("Objects keep insertion order after edits")
  func objectsKeepInsertionOrderAfterEdits() {
    var json: JSON = ["z": 1, "a": 2]
    json["m"] = 3
    json["z"] = 4
    #expect(json.map(\.0) == ["z", "a", "m"])
  }

  @Test("Large objects still look up by key")
  func largeObjectsStillLookUpByKey() {
    var json: JSON = [:]
    for i in 0..<1000 { json["k\(i)"] = JSON(i) }
    #expect(json["k999"].int == 999)
    json.removeValue(forKey: "k500")
    #expect(!json["k500"].exists())
    #expect(json["k501"].int == 501)
    let parsed = JSON(parseJSON: json.rawString(options: [])!)
    #expect(parsed["k777"].int == 777)
    #expect(parsed.count == 999)
  }
}

@Suite("Sequence, Codable and Sendable")
struct ProtocolTests {
  @Test("Iterates objects and arrays as key-value pairs")
  func iteratesObjectsAndArraysAsKeyValuePairs() {
    let json = JSON(parseJSON: #"{"a": 1, "b": [true]}"#)
    #expect(json.map(\.0) == ["a", "b"])
    #expect(json["b"].map(\.0) == ["0"])
    #expect(JSON(5).map(\.0).isEmpty)
  }

  @Test("Codable round trip through Foundation")
  func codableRoundTripThroughFoundation() throws {
    struct Event: Codable, Equatable {
      var kind: String
      var payload: JSON
    }
    let event = Event(
      kind: "x", payload: ["id": 1, "tags": ["a"], "ok": true, "none": nil, "r": 2.5])
    let data = try JSONEncoder().encode(event)
    let decoded = try JSONDecoder().decode(Event.self, from: data)
    #expect(decoded == event)
  }

  @Test("Values are shared across tasks")
  func valuesAreSharedAcrossTasks() async {
    let json = JSON(parseJSON: #"{"n": [1, 2, 3]}"#)
    let sums = await withTaskGroup(of: Int.self) { group in
      for _ in 0..<8 { group.addTask { json["n"].arrayValue.reduce(0) { $0 + $1.intValue } } }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(sums == Array(repeating: 6, count: 8))
  }
}
