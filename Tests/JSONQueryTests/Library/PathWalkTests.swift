import Foundation
import JSONKit
import Testing

@testable import JSONQuery

/// `paths`, `paths(f)`, `tostream`, `getpath`, `setpath` and `delpaths` walk values with
/// one growing path and interned document keys, and `delpaths` sorts and deletes without
/// the general comparison.
///
/// Checked against jq's own definitions (renamed, run by the
/// evaluator's path mode, which shares none of that machinery) on the values where a walk
/// goes wrong: escaped, non-ASCII, empty and repeated keys, deep nesting, large arrays, and
/// values part parsed, part built in code. `jq_delpaths` dedupes (`unique`): jq 1.8 deletes
/// a path named twice once (`[1,2,3] | delpaths([[0],[0]])` is `[2,3]` in jq 1.8.2).
@Suite("Paths for every kind of key and nesting")
struct PathWalkTests: QueryRunning {
  private static let definitions = #"""
    def jq_paths: path(recurse) | select(length > 0);
    def jq_paths(node_filter): path(recurse | select(node_filter)) | select(length > 0);
    def jq_tostream: path(def r: (.[]? | r), .; r) as $p | getpath($p)
      | reduce path(.[]?) as $q ([$p, .]; [$p + $q]);
    def jq_del1($p):
      if ($p | length) == 0 or type == "null" then null
      elif ($p | length) == 1 then
        if type == "object" then with_entries(select(.key != $p[0]))
        else [range(length) as $i | select($i != $p[0]) | .[$i]] end
      elif .[$p[0]] == null then .
      else .[$p[0]] |= jq_del1($p[1:]) end;
    def jq_delpaths($ps): reduce ($ps | unique | reverse[]) as $p (.; jq_del1($p));
    """#

  /// Keys that a walk must copy exactly, in objects small and large (past the sizes where
  /// documents and built objects index their members).
  private static let keyed: String = {
    let odd = [
      #""a\"b""#, #""c\\d""#, #""\u00e9t\u00e9""#, #""""#, #""\ud83d\ude00""#, #""tab\t""#,
      #""\u0000""#, #""ключ_очень_длинный_ключ""#, #""a_key_longer_than_fifteen_bytes""#,
    ]
    let small = "{" + odd.enumerated().map { "\($1):\($0)" }.joined(separator: ",") + "}"
    let many = (0..<40).map { #""member_number_\#($0)_of_many":\#($0 % 3 == 0)"# }
    let large = "{" + many.joined(separator: ",") + "}"
    return "[\(small),\(large),\(small),{\"nested\":[\(small),\(large)]},{\"\":{\"\":[]}}]"
  }()

  private static let deep = nested(600)

  /// Arrays and objects `depth` levels deep.
  private static func nested(_ depth: Int) -> String {
    let arrays =
      String(repeating: "[", count: depth) + "true" + String(repeating: "]", count: depth)
    let objects =
      String(repeating: #"{"k":"#, count: depth) + "1" + String(repeating: "}", count: depth)
    return "[\(arrays),\(objects)]"
  }

  private static let wide = spread(2000)

  /// An array of `count` numbers and booleans.
  private static func spread(_ count: Int) -> String {
    "[" + (0..<count).map { $0 % 7 == 0 ? "false" : "\($0)" }.joined(separator: ",") + "]"
  }

  private static let inputs: [String] = [
    keyed, deep, wide, "null", "3", "[]", "{}", #"{"a":1,"a":2,"b":{"a":[1,{"a":3}]}}"#,
  ]

  /// `inputs` less deep and less wide: jq's definition of a deletion recurses once per level
  /// and copies an array per deleted element.
  ///
  /// Under AddressSanitizer its recursion (in jq,
  /// run by the evaluator) meets the stack guard before 60 levels: 20 there.
  private static let shallowerInputs = inputs.map {
    $0 == deep ? nested(AddressSanitizer.isOn ? 20 : 60) : $0 == wide ? spread(300) : $0
  }

  /// Programs that turn a parsed input into a value part built in code, part parsed.
  private static let mixers = [
    ".",
    #"{"built": [1, {"x": .}], "again": .}"#,
    #"[., .] | .[0] = {"replaced": [true, {"é": null}]}"#,
  ]

  private func outcome(_ program: String, _ input: String) -> String {
    do {
      let values = try run(Self.definitions + program, JSON(parseJSON: input))
      return values.map { JSONWriter().string($0) }.joined(separator: " ")
    } catch {
      return "error: \(error)"
    }
  }

  private func expectSame(_ ours: String, _ theirs: String, on inputs: [String] = inputs) {
    for input in inputs {
      for mixer in Self.mixers {
        let a = outcome("\(mixer) | \(ours)", input)
        let b = outcome("\(mixer) | \(theirs)", input)
        // Compared outside `#expect`, which would print both (long) texts whole.
        let same = a == b
        let failed = a.hasPrefix("error:")
        let place = "\(mixer) | \(ours) on \(input.prefix(60))"
        #expect(same, "\(place): \(a.prefix(160)) vs \(b.prefix(160))")
        #expect(!failed, "\(place): \(a.prefix(160))")
      }
    }
  }

  @Test("Paths are jq's paths for every kind of key and nesting")
  func pathsAreJqsPathsForEveryKindOfKeyAndNesting() {
    expectSame("[paths]", "[jq_paths]")
    expectSame("[paths(type == \"boolean\")]", "[jq_paths(type == \"boolean\")]")
    expectSame("[paths(scalars)]", "[jq_paths(scalars)]")
  }

  @Test("tostream is jq's stream for every kind of key and nesting")
  func tostreamIsJqsStreamForEveryKindOfKeyAndNesting() {
    expectSame("[tostream]", "[jq_tostream]")
    expectSame("fromstream(tostream)", ".")
  }

  @Test("Every path leads back to its value")
  func everyPathLeadsBackToItsValue() {
    expectSame("[paths as $p | getpath($p)]", "[..] | .[1:]")
    expectSame(
      "reduce paths(type == \"number\") as $p (.; setpath($p; 0))",
      // `paths` leaves out the input itself.
      "if type == \"number\" then . else (.. | numbers) |= 0 end")
  }

  @Test("delpaths deletes what jq's definition deletes")
  func delpathsDeletesWhatJqsDefinitionDeletes() {
    let inputs = Self.shallowerInputs
    for type in ["boolean", "number", "string"] {
      let ours = "delpaths([paths(type == \"\(type)\")])"
      expectSame(ours, "jq_delpaths([jq_paths(type == \"\(type)\")])", on: inputs)
    }
    // Given in any order, and more than once.
    expectSame(
      "delpaths([paths(type == \"boolean\")] | reverse)",
      "jq_delpaths([jq_paths(type == \"boolean\")])", on: inputs)
    expectSame(
      "delpaths([paths(type == \"boolean\")] | . + .)",
      "jq_delpaths([jq_paths(type == \"boolean\")] | . + .)", on: inputs)
  }

  @Test("delpaths still spells out negative indexes and slices")
  func delpathsStillSpellsOutNegativeIndexesAndSlices() {
    let array = #"[1,{"x":2,"y":3},3,true]"#
    #expect(outcome("delpaths([[-1],[0]])", array) == #"[{"x":2,"y":3},3]"#)
    #expect(outcome("delpaths([[0],[-3]])", array) == "[3,true]")
    #expect(outcome(#"delpaths([[{"start":1,"end":3}],[0]])"#, array) == "[true]")
    #expect(outcome(#"delpaths([[1,"x"],[-3,"y"]])"#, array) == "[1,{},3,true]")
    // The same element named twice, as written or once negative, is deleted once (jq 1.8).
    #expect(outcome("delpaths([[0],[0]])", array) == #"[{"x":2,"y":3},3,true]"#)
    #expect(outcome("delpaths([[0],[-4]])", array) == #"[{"x":2,"y":3},3,true]"#)
  }

  @Test("Paths 10,000 levels deep, jq's limit, are set, read and deleted in loops")
  func pathsTenThousandLevelsDeepAreSetReadAndDeleted() throws {
    // On the test's own thread, under AddressSanitizer too: the walks hold the containers
    // they pass in a stack of their own, not in a native frame per level. jq 1.8.2's outputs.
    let keys = #"[range(10000) | "a"]"#
    #expect(try run("null | setpath(\(keys); 1) | getpath(\(keys))") == [1])
    let mixed = #"[range(10000) | "a", 0][:10000]"#
    #expect(
      try run("reduce range(3) as $i (null; setpath(\(mixed); $i)) | getpath(\(mixed))") == [2])
    #expect(
      try run(
        "null | setpath([range(10000) | 0]; 1) | delpaths([[range(9999) | 0]])"
          + " | getpath([range(9998) | 0])") == [[]])
    // An error deep down leaves the value as it was for the handler's caller.
    #expect(
      try run(#"{"a": {"b": [1]}} | (try setpath(["a", "b", "c"]; 1) catch .), .a.b"#)
        == [#"Cannot index array with string ("c")"#, [1]])
  }

  @Test("Many deletions from a large object keep its index right")
  func manyDeletionsFromALargeObjectKeepItsIndexRight() throws {
    // 300 members, every third deleted: each deletion re-places the built object's index.
    let object = try run(
      "[range(300) | {key: \"k\\(.)\", value: .}] | from_entries"
        + " | delpaths([range(0; 300; 3) | [\"k\\(.)\"]])"
        + " | [(keys_unsorted | length), (to_entries | map(.value) | add), .k1, .k3, .k299]")
    #expect(object == [JSON([200, (0..<300).filter { $0 % 3 != 0 }.reduce(0, +), 1, nil, 299])])
  }
}
