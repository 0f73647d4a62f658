import Foundation
import JSONKit
import Testing

@testable import JSONQuery

/// `paths`, `paths(f)`, `tostream`, `fromstream`, `walk`, `map_values`, `to_entries` and
/// `from_entries` are written in Swift; jq 1.8 writes them in jq (`src/builtin.jq`).
///
/// Each
/// must give what jq's own definition gives — the definitions are run here, renamed, on
/// the same values — including the order of outputs and the errors.
@Suite("Paths and streams as jq defines them")
struct PathStreamTests: QueryRunning {
  /// jq 1.8.2's definitions, renamed so that they do not replace the builtins.
  private static let jqDefinitions = #"""
    def jq_paths: path(recurse) | select(length > 0);
    def jq_paths(node_filter): path(recurse | select(node_filter)) | select(length > 0);
    def jq_tostream: path(def r: (.[]? | r), .; r) as $p | getpath($p)
      | reduce path(.[]?) as $q ([$p, .]; [$p + $q]);
    def jq_fromstream(i): {x: null, e: false} as $init
      | foreach i as $i ($init;
          if .e then $init else . end
          | if $i | length == 2
            then setpath(["e"]; $i[0] | length == 0) | setpath(["x"] + $i[0]; $i[1])
            else setpath(["e"]; $i[0] | length == 1) end;
          if .e then .x else empty end);
    def jq_walk(f): def w: if type == "object" then map_values(w)
      elif type == "array" then map(w) else . end | f; w;
    def jq_to_entries: [keys_unsorted[] as $k | {key: $k, value: .[$k]}];
    def jq_from_entries: map({(.key // .Key // .name // .Name):
      (if has("value") then .value else .Value end)}) | add // {};
    """#

  /// Values of every shape: nested, empty containers, scalars at the top.
  private static let values: [String] = [
    "null", "3", #""s""#, "[]", "{}", "[[]]", #"{"a":{}}"#,
    #"{"a":[1,{"b":null,"c":[]}],"d":{},"e":"x"}"#,
    #"[[1,[2,[3,[]]]],{"x":{"y":"z","w":[true,false]}},null]"#,
    #"{"k":[{"key":"a","value":1},{"name":"b","Value":2}],"n":-0.5}"#,
  ]

  /// Outputs (or the error's message) of `program` on `input`, written as text.
  private func outcome(_ program: String, _ input: String) -> String {
    do {
      let values = try run(Self.jqDefinitions + program, JSON(parseJSON: input))
      return values.map { JSONWriter().string($0) }.joined(separator: " ")
    } catch {
      return "error: \(error)"
    }
  }

  private func expectSame(_ ours: String, _ theirs: String, on inputs: [String] = values) {
    for input in inputs {
      #expect(outcome(ours, input) == outcome(theirs, input), "\(ours) on \(input)")
    }
  }

  @Test("Paths give jq's paths in jq's order")
  func pathsGiveJqsPathsInJqsOrder() {
    expectSame("[paths]", "[jq_paths]")
    expectSame("[paths(type == \"number\")]", "[jq_paths(type == \"number\")]")
    expectSame("[paths(scalars)]", "[jq_paths(scalars)]")
    // One path per truthy output of the filter.
    expectSame("[paths(true, false, 1)]", "[jq_paths(true, false, 1)]")
    // The filter runs on the input too, as in jq 1.8: `.a` of an array fails there.
    expectSame("[paths(.a)]", "[jq_paths(.a)]")
    expectSame("[paths(error)]", "[jq_paths(error)]")
    #expect(outcome("[paths(.a)]", "[1]").hasPrefix("error:"))
  }

  @Test("tostream gives jq's events")
  func tostreamGivesJqsEvents() {
    expectSame("[tostream]", "[jq_tostream]")
    #expect(
      outcome("[tostream]", #"{"a":[1,{"b":2}]}"#)
        == #"[[["a",0],1],[["a",1,"b"],2],[["a",1,"b"]],[["a",1]],[["a"]]]"#)
    #expect(outcome("[tostream]", "[]") == "[[[],[]]]")
  }

  @Test("fromstream rebuilds what jq's definition rebuilds")
  func fromstreamRebuildsWhatJqsDefinitionRebuilds() {
    expectSame("[fromstream(tostream)]", "[jq_fromstream(jq_tostream)]")
    expectSame("[fromstream(.[] | tostream)]", "[jq_fromstream(.[] | jq_tostream)]")
    // The manual's example: truncated events of a nested array.
    #expect(
      outcome("[1 | truncate_stream([[0],1],[[1,0],2],[[1,0]],[[1]])]", "null")
        == "[[[0],2],[[0]]]")
    expectSame(
      "[fromstream(1 | truncate_stream([[0],1],[[1,0],2],[[1,0]],[[1]]))]",
      "[jq_fromstream(1 | truncate_stream([[0],1],[[1,0],2],[[1,0]],[[1]]))]")
    // Odd events fail as jq's definition fails.
    for events in ["true", "3", #""ab""#, "[1,2]", #"[{"a":1},2]"#, "[[0]]", "[]", "null"] {
      expectSame("[fromstream(\(events))]", "[jq_fromstream(\(events))]", on: ["null"])
    }
  }

  @Test("walk keeps the first output per member and every output per element")
  func walkKeepsTheFirstOutputPerMemberAndEveryOutputPerElement() {
    for f in [
      "if type == \"number\" then . + 1 else . end",
      "if type == \"number\" then ., . * 10 else . end",
      "if type == \"number\" then empty else . end",
      "if type == \"object\" then del(.a) else . end",
      "if type == \"array\" then length else . end",
      "numbers",
      "error",
    ] {
      expectSame("[walk(\(f))]", "[jq_walk(\(f))]")
    }
  }

  @Test("map_values updates in place and deletes where there is no output")
  func mapValuesUpdatesInPlaceAndDeletesWhereThereIsNoOutput() throws {
    #expect(outcome("map_values(. + 1)", "[1,2,3]") == "[2,3,4]")
    #expect(outcome("map_values(., 10)", #"{"a":1,"b":2}"#) == #"{"a":1,"b":2}"#)
    #expect(outcome("map_values(select(. > 1))", "[1,2,3]") == "[2,3]")
    #expect(outcome("map_values(empty)", #"{"a":1}"#) == "{}")
    #expect(outcome("map_values(. + 1)", "3") == "error: Cannot iterate over number (3)")
    // The update leaves the input as it was for whoever still holds it.
    #expect(outcome(". as $x | map_values(. + 1) | [., $x]", "[1]") == "[[2],[1]]")
    // Many elements: one pass, not one copy of the array per element.
    let big = try run("[range(100000)] | .[] |= . + 1 | [.[0], .[-1], length]")
    #expect(big == [JSON([1, 100_000, 100_000])])
  }

  @Test("Entries follow jq's definitions")
  func entriesFollowJqsDefinitions() {
    expectSame("to_entries", "jq_to_entries")
    expectSame("to_entries | from_entries", "jq_to_entries | jq_from_entries")
    let entries = [
      #"[{"key":"a","value":1},{"Key":"b","Value":2},{"name":"c"},{"Name":"d","value":null}]"#,
      #"[{"key":false,"name":"n","value":1},{"key":null,"Key":"K","value":2}]"#,
      #"[{"key":"a","value":1},{"key":"a","value":2},{"key":"b"}]"#,
      #"{"x":{"key":"a","value":1}}"#,
      "[]", "{}", "[null]", "[1]", "[[1]]", #"[{"key":1}]"#, #"[{"value":1}]"#, "3", "null",
    ]
    expectSame("from_entries", "jq_from_entries", on: entries)
    expectSame(
      "with_entries(.value |= tostring)",
      "jq_to_entries | map(.value |= tostring) | jq_from_entries")
  }
}
