import Foundation
import JSONKit
import Testing

@Suite("Equality, hashing and ordering compare values, not representations")
struct EqualityTests {
  @Test("Parsed and built values are equal")
  func parsedAndBuiltValuesAreEqual() {
    let parsed = JSON(parseJSON: #"{"a": [1, 2.5, "x", null, true], "b": {}}"#)
    let built: JSON = ["b": [:], "a": [1, 2.5, "x", nil, true]]
    #expect(parsed == built)
    #expect(parsed.hashValue == built.hashValue)
  }

  @Test("Numbers compare by value")
  func numbersCompareByValue() {
    #expect(JSON(parseJSON: "1.0") == JSON(1))
    #expect(JSON(parseJSON: "1e2") == JSON(100))
    #expect(JSON(parseJSON: "0.1") == JSON(0.1))
    #expect(JSON(parseJSON: "-0") == JSON(0))
    #expect(JSON(parseJSON: "9007199254740993") != JSON(parseJSON: "9007199254740992"))
    #expect(JSON(parseJSON: "1.0").hashValue == JSON(1).hashValue)
  }

  @Test("Booleans are not numbers")
  func booleansAreNotNumbers() {
    #expect(JSON(true) != JSON(1))
    #expect(JSON(false) != JSON(0))
  }

  @Test("Strings compare by scalars not canonical equivalence")
  func stringsCompareByScalarsNotCanonicalEquivalence() {
    #expect(JSON("\u{e9}") != JSON("e\u{301}"))
  }

  @Test("Object key order does not matter for equality")
  func objectKeyOrderDoesNotMatterForEquality() {
    #expect(JSON(parseJSON: #"{"a":1,"b":2}"#) == JSON(parseJSON: #"{"b":2,"a":1}"#))
    #expect(JSON(parseJSON: #"{"a":1,"b":2}"#) != JSON(parseJSON: #"{"a":1,"c":2}"#))
    let set: Set<JSON> = [JSON(parseJSON: #"{"a":1,"b":2}"#), JSON(parseJSON: #"{"b":2,"a":1}"#)]
    #expect(set.count == 1)
  }

  @Test("Ordering follows jq")
  func orderingFollowsJq() {
    let sorted: [JSON] = [["a": 1], [1], "b", "a", 2, 1.5, true, false, nil].sorted()
    #expect(sorted == [nil, false, true, 1.5, 2, "a", "b", [1], ["a": 1]])
    #expect(JSON([1, 2]) < JSON([1, 2, 0]))
    #expect(JSON(["a": 2]) < JSON(["b": 1]))
    #expect(JSON(["a": 1]) < JSON(["a": 2]))
  }
}

@Suite("Comparison with a depth limit")
struct DepthLimitedComparisonTests {
  static func nested(_ levels: Int) -> JSON {
    var json: JSON = []
    for _ in 0..<levels { json = JSON(array: [json]) }
    return json
  }

  @Test("Answers within the limit and refuses beyond it")
  func answersWithinTheLimitAndRefusesBeyondIt() {
    let shallow = Self.nested(5)
    #expect(JSON.compare(shallow, shallow, depthLimit: 5) == 0)
    #expect(JSON.compare(shallow, shallow, depthLimit: 4) == nil)
    #expect(JSON.compare(shallow, Self.nested(4), depthLimit: 10) == 1)
    // A difference found before the limit is an answer, however deep the rest goes.
    #expect(JSON.compare([1, Self.nested(50)], [2, Self.nested(50)], depthLimit: 3) == -1)
    #expect(JSON.compare(["a": Self.nested(9)], ["a": Self.nested(9)], depthLimit: 9) == nil)
    #expect(JSON.compare(Self.nested(20_000), Self.nested(20_000)) == 0)
  }
}
