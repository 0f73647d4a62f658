import Foundation
import Testing

@testable import JSONKit

/// The builders and comparisons JSONQuery's hot paths use: objects made in one box, an
/// object's values mapped with its keys kept, jq's order without a work list, and
/// `jv_identical`.
@Suite("Objects built whole, flat comparisons, identity")
struct ObjectBuildingTests {
  @Test("JSON(members:) keeps a repeated key's first place and last value")
  func membersInit() throws {
    let json = JSON(members: [("a", 1), ("b", 2), ("a", 3)])
    #expect(json == ["a": 3, "b": 2])
    #expect(json.dictionaryValue.count == 2)
    #expect(Array(json.dictionaryValue.keys).sorted() == ["a", "b"])
    #expect(json.rawString(options: []) == #"{"a":3,"b":2}"#)
    // Past the index threshold, lookups go through the index.
    let many = JSON(members: (0..<20).map { ("k\($0)", JSON($0)) })
    #expect(many["k17"] == 17)
    #expect(many["k20"].exists() == false)
  }

  @Test("mappingMemberValues keeps keys in order, drops members mapped to nil")
  func mappingValues() throws {
    let parsed = try JSON(data: Data(#"{"a": 1, "b": 2, "c": 3}"#.utf8))
    let built: JSON = ["a": 1, "b": 2, "c": 3]
    for source in [parsed, built] {
      let doubled = source.mappingMemberValues { JSON($0.intValue * 2) }
      #expect(doubled?.rawString(options: []) == #"{"a":2,"b":4,"c":6}"#)
      // `.none`, not `nil`: JSON is ExpressibleByNilLiteral, so `nil` would be JSON's null.
      let odd = source.mappingMemberValues { $0.intValue % 2 == 1 ? $0 : .none }
      #expect(odd?.rawString(options: []) == #"{"a":1,"c":3}"#)
      #expect(odd?["c"] == 3)
      #expect(source.mappingMemberValues { _ in nil } == [:])
    }
    #expect(JSON([1, 2]).mappingMemberValues { $0 } == nil)
    // The source is not changed by the copy that shares its keys.
    var copy = built.mappingMemberValues { $0 }!
    copy["d"] = 4
    #expect(built.dictionaryValue.count == 3)
    #expect(copy.dictionaryValue.count == 4)
  }

  @Test("compare orders scalars and flat arrays as the general walk does")
  func flatComparisons() throws {
    let values: [JSON] = [
      nil, false, true, -1, 0, 1.5, 2, "", "a", "ab", "b", [], [nil], [1], [1, "a"], [1, "b"],
      [2], [[1]], [[1], 2], [[2]], [:], ["a": 1],
    ]
    for (i, x) in values.enumerated() {
      for (j, y) in values.enumerated() {
        let expected = i < j ? -1 : (i == j ? 0 : 1)
        #expect(JSON.compare(x, y) == expected, "\(x.rawString(options: []) ?? "") vs \(y)")
      }
    }
    // A depth limit below 0 refuses even a flat array, as the walk does.
    #expect(JSON.compare([1], [2], depthLimit: -1) == nil)
    #expect(JSON.compare(1, 2, depthLimit: -1) == -1)
  }

  @Test("isIdentical: the same document slot or box, equal scalars of one representation")
  func identity() throws {
    let json = try JSON(data: Data(#"{"a": [1], "b": 1, "s": "x"}"#.utf8))
    #expect(json["a"].isIdentical(to: json["a"]))
    #expect(json["s"].isIdentical(to: json["s"]))
    #expect(json["b"].isIdentical(to: json["b"]))
    #expect(!json["a"].isIdentical(to: [1]))
    #expect(!json["s"].isIdentical(to: "x"))
    #expect(!JSON(1).isIdentical(to: JSON(1.0)))
    #expect(JSON.null.isIdentical(to: nil))
    #expect(JSON(true).isIdentical(to: true))
    #expect(!JSON(true).isIdentical(to: false))
    let built: JSON = ["k": 1]
    #expect(built.isIdentical(to: built))
    #expect(!built.isIdentical(to: ["k": 1]))
  }
}
