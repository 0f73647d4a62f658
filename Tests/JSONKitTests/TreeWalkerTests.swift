import Foundation
import TestInputs
import Testing

@testable import JSONKit
@testable import JSONKitCore

/// `JSONTreeWalker` (behind jq's `paths` and `tostream`) against a plain recursive walk
/// through the public API, on parsed values, built values and values that mix both.
@Suite("The tree walker against a plain recursion")
struct TreeWalkerTests {
  /// Every value with its path, each value before its children; with `closings`, after the
  /// last child of a non-empty container, the path of that last child.
  private func reference(_ root: JSON, closings: Bool) -> [[JSON]] {
    var out: [[JSON]] = []
    func visit(_ value: JSON, _ path: [JSON]) {
      out.append([JSON(array: path), value])
      var children: [(JSON, JSON)] = []
      switch value.type {
      case .array: children = value.arrayValue.enumerated().map { (JSON($0), $1) }
      case .dictionary: children = value.map { (JSON($0), $1) }
      default: break
      }
      for (key, child) in children { visit(child, path + [key]) }
      if closings, let last = children.last { out.append([JSON(array: path + [last.0])]) }
    }
    visit(root, [])
    return out
  }

  private func walked(_ root: JSON, closings: Bool) -> [[JSON]] {
    let walker = JSONTreeWalker(root, closings: closings)
    var out: [[JSON]] = []
    while let event = walker.next() {
      switch event {
      case .value:
        #expect(walker.hasChildren == (walker.value.count > 0))
        #expect(walker.depth == walker.path.count)
        out.append([walker.pathValue(), walker.value])
      case .close:
        out.append([walker.pathValue()])
      }
    }
    return out
  }

  private static let texts = [
    "null", "1", #""s""#, "[]", "{}", "[[]]", #"{"":{"":[]}}"#,
    #"{"a\"b":1,"c\\d":{"\u00e9":[true,null]},"\ud83d\ude00":"x","":{"":0},"\u0000":[]}"#,
    #"[{"a_key_longer_than_fifteen":1},{"a_key_longer_than_fifteen":[2,{"b":3}]}]"#,
    "{" + (0..<40).map { #""key\#($0)":[\#($0)]"# }.joined(separator: ",") + "}",
    String(repeating: "[", count: 300) + "1" + String(repeating: "]", count: 300),
    "[" + (0..<3000).map(String.init).joined(separator: ",") + "]",
  ]

  @Test("Parsed values walk as the recursive reference")
  func parsedValuesWalkAsTheRecursiveReference() throws {
    for text in Self.texts {
      let json = try JSON(data: Data(text.utf8))
      for closings in [false, true] {
        #expect(
          walked(json, closings: closings) == reference(json, closings: closings),
          "\(text.prefix(60))")
      }
    }
  }

  @Test("Built and mixed values walk as the recursive reference")
  func builtAndMixedValuesWalkAsTheRecursiveReference() throws {
    for text in Self.texts {
      let parsed = try JSON(data: Data(text.utf8))
      var mixed: JSON = ["parsed": parsed, "built": [1, ["x": "y"], []]]
      mixed["built"][1]["z"] = parsed
      var changed = parsed
      if changed.type == .dictionary { changed["added"] = [true] }
      if changed.type == .array { changed[0] = ["first": parsed] }
      for value in [mixed, changed, JSON(array: [parsed, parsed])] {
        for closings in [false, true] {
          #expect(walked(value, closings: closings) == reference(value, closings: closings))
        }
      }
    }
  }

  @Test("Keys come out as their unescaped text")
  func keysComeOutAsTheirUnescapedText() throws {
    let json = try JSON(data: Data(#"{"a\"b":{"\u00e9\ud83d\ude00":{"":{"tab\t":1}}}}"#.utf8))
    let walker = JSONTreeWalker(json, closings: false)
    var last: [JSON] = []
    while walker.next() != nil { last = walker.path }
    #expect(last == [JSON("a\"b"), JSON("é😀"), JSON(""), JSON("tab\t")])
  }

  @Test("A path value keeps its components while the walk goes on")
  func aPathValueKeepsItsComponentsWhileTheWalkGoesOn() throws {
    let json = try JSON(data: Data(#"{"a":[1,2],"b":{"c":3}}"#.utf8))
    let walker = JSONTreeWalker(json, closings: false)
    var paths: [JSON] = []
    while walker.next() != nil { paths.append(walker.pathValue()) }
    #expect(paths == [[], ["a"], ["a", 0], ["a", 1], ["b"], ["b", "c"]])
  }

  @Test("Element order is the general comparison of arrays")
  func elementOrderIsTheGeneralComparisonOfArrays() {
    var rng = SplitMix64(seed: 0x9A7B)
    let parts: [JSON] = [
      "a", "b", "", "é", "e\u{301}", "ab", 0, 1, -1, 2.5, 1.0, 10, nil, true, false, [1], ["k": 1],
    ]
    for _ in 0..<3000 {
      let a = (0..<Int.random(in: 0...3, using: &rng)).map { _ in parts.randomElement(using: &rng)!
      }
      let b = (0..<Int.random(in: 0...3, using: &rng)).map { _ in parts.randomElement(using: &rng)!
      }
      #expect(
        JSON.compareElements(a, b) == JSON.compare(JSON(array: a), JSON(array: b)), "\(a) \(b)")
    }
  }
}
