import Foundation
import JSONKit
import Testing

@Suite("Equality, hashing and ordering compare values, not representations")
struct EqualityTests {
  @Test func parsedAndBuiltValuesAreEqual() {
    let parsed = JSON(parseJSON: #"{"a": [1, 2.5, "x", null, true], "b": {}}"#)
    let built: JSON = ["b": [:], "a": [1, 2.5, "x", nil, true]]
    #expect(parsed == built)
    #expect(parsed.hashValue == built.hashValue)
  }

  @Test func numbersCompareByValue() {
    #expect(JSON(parseJSON: "1.0") == JSON(1))
    #expect(JSON(parseJSON: "1e2") == JSON(100))
    #expect(JSON(parseJSON: "0.1") == JSON(0.1))
    #expect(JSON(parseJSON: "-0") == JSON(0))
    #expect(JSON(parseJSON: "9007199254740993") != JSON(parseJSON: "9007199254740992"))
    #expect(JSON(parseJSON: "1.0").hashValue == JSON(1).hashValue)
  }

  @Test func booleansAreNotNumbers() {
    #expect(JSON(true) != JSON(1))
    #expect(JSON(false) != JSON(0))
  }

  @Test func stringsCompareByScalarsNotCanonicalEquivalence() {
    #expect(JSON("\u{e9}") != JSON("e\u{301}"))
  }

  @Test func objectKeyOrderDoesNotMatterForEquality() {
    #expect(JSON(parseJSON: #"{"a":1,"b":2}"#) == JSON(parseJSON: #"{"b":2,"a":1}"#))
    #expect(JSON(parseJSON: #"{"a":1,"b":2}"#) != JSON(parseJSON: #"{"a":1,"c":2}"#))
    let set: Set<JSON> = [JSON(parseJSON: #"{"a":1,"b":2}"#), JSON(parseJSON: #"{"b":2,"a":1}"#)]
    #expect(set.count == 1)
  }

  @Test func orderingFollowsJq() {
    let sorted: [JSON] = [["a": 1], [1], "b", "a", 2, 1.5, true, false, nil].sorted()
    #expect(sorted == [nil, false, true, 1.5, 2, "a", "b", [1], ["a": 1]])
    #expect(JSON([1, 2]) < JSON([1, 2, 0]))
    #expect(JSON(["a": 2]) < JSON(["b": 1]))
    #expect(JSON(["a": 1]) < JSON(["a": 2]))
  }
}
