import Foundation
import JSONKit
import Testing

@testable import JSONQuery

/// `Query.inputProjection`: which programs get one, and that running a program on an input
/// parsed with it gives the same outputs and the same error as on the full input.
@Suite("Input projection")
struct InputProjectionTests {
  static let pathPrograms = [
    ".a", ".a.b", ".a[]", ".a[].b", ".a[0]", ".a[-1].b", ".a[1:]", ".a[:2][]", ".[]", ".[].b",
    ".a.b.c", ".a?", ".a[]?.b?", ".a, .c", "(.a, .c) | .b", ".a | .b, .c", ".a[\"b\"]", ".\"a\".b",
    ".a | ..", "..", ".a[0].b[]", ".c[]", ".c.x", ".c[0]", ".d[]?", ".a[].b[].c", ".[0]", ".a[1.5]",
    ".e", ".a[]|.b|.c",
    ".a[] | select(.b) | .c", ".a[] | select(.b == 1)",
    "[.a[] | select(.c > 1) | {b, n: (.c | length)}]",
    "{x: .a.b, y: .e}", ".a | length", ".a[] | keys?", "if .a then .c else .e end", ".a // .c",
    ".a.b + 1", "try (.a | .b) catch .", "\"\\(.a)-\\(.e)\"", ".c | @json", ".a[] | type",
    ".a | first", ".a | not", ".a[]? | .b? // \"none\"", "[.a[]? | .b?] | add", ".a | tojson",
    "(.a | length) > 1", ".a | to_entries", ".a[].b | select(. != null)", ".c | @csv?",
    "1", "$__loc__", "[1, .e]",
    ".a | map(.b)", ".a | map(select(.c) | .b)", ".c | map(tostring)", ".a[]? | has(\"b\")",
    ".a | first(.[])", ".a | [limit(2; .[])]", ".e | tostring | test(\"1\")", ".a | sort_by(.b?)",
    ".a | to_entries | map(.key)", "[.a | paths]", ".c | getpath([\"x\"])?",
    "[.a | recurse(.[]?; . != null)]",
    // Going along a path without reading what is there still finds every element.
    ".a[] | 1", "[.a[]? | 1]", ".a | map(1)", ".a[1:][] | 1", ".a | .. | 1", ".c[]? | \"x\"",
    ".a.b | 1", "[.a[]?, .c[]?] | length", ".a | first(.[] | 0)",
    // Variables, reduce and foreach: where a variable's values come from is followed.
    ".a as $x | $x", ".a as $x | $x.b", ".a[]? as $x | $x | .b?", ".c as $c | .a | $c",
    "reduce .[] as $x (0; .)", "reduce .a[]? as $x (0; . + ($x.c? | length))",
    "reduce .a[]? as $x ([]; . + [$x.b?])", "[foreach .a[]? as $x (0; . + 1; [., $x.c?])]",
    "[foreach .c[]? as $x (null; $x; .)]", "reduce .a[]? as $x (.e; $x) | .b?",
    ".a as $x | $__loc__", "$ENV | type",
    // Builtins whose outputs are some of their inputs' outputs or elements.
    "[.a | sort_by(.c?)[]?.b?]", ".a | min_by(.b?) | .c?", ".a | max_by(.b?)",
    "[.a | unique_by(.b?) | .[]?.c?]", ".a | last(.[]?)", ".a | [limit(1; .[]? | .b?)]",
    ".a | sort_by(.b?) | length",
  ]

  static let others = [
    ".", "keys", ".[.k]", "input", "[inputs]", "def f: .a; f",
    ".a[$x]", "keys | map(.)", ".a = 1", ".a |= 1", ". as [$a] | $a", ". as {$a} | $a",
    "reduce .[] as [$x] (0; .)", ".a as $x | .[$x]", "reduce .a as $x (.; .b)",
    "if .a then . else .b end",
    "getpath([\"a\"])", "select(.a) | .", "label $f | .a", "[.[] | .a] | $__prog",
    ".a | first(input)", ".a | [limit(1; inputs)]", ".a | sort_by(input)",
    ".a as $x | input | $x",
  ]

  static let documents = [
    #"{"a":{"b":1,"c":2},"c":[1,2],"d":null,"e":"s"}"#,
    #"{"a":[{"b":[{"c":1,"d":2}],"x":1},{"b":[],"y":2},3,{"c":4}],"c":{"x":[1]},"e":{"f":1}}"#,
    #"{"a":"text","c":1}"#,
    #"{"a":[1,2,3],"a":{"b":{"c":[true]},"z":0},"c":[[{"x":1}]]}"#,
    #"[{"a":1,"b":2},{"b":3},[4],5]"#,
    #"{"a":{"0":1,"b":{"c":null}},"\u0061x":1,"c":{"x":{"y":2}},"d":{"k":[1]}}"#,
    #"{"a":[[1],{"b":[{"c":2}],"z":"x"},null],"e":[1.5,-0,1e400]}"#,
    #"{"a":[{"b":true,"c":[1,2]},{"b":false,"c":"str"},{"c":{"x":1}},{"b":1,"c":null}],"e":[1]}"#,
    #"{"a":{"b":{"c":1},"x":[2]},"c":"text","e":null}"#,
    #"{"a":[null,{"b":1,"c":2},{"b":"1"}],"c":[["x"],{"k":1}],"e":{"f":[]}}"#,
    #"{"a":true,"c":{"0":1},"e":-1.5}"#,
    "42", #""a string""#, "null", "[]", "{}",
  ]

  @Test("Programs whose reads can be told get a projection; others do not")
  func whoGetsOne() throws {
    for program in Self.pathPrograms where program != ".." {
      #expect(try Query(program).inputProjection != nil, "\(program)")
    }
    for program in Self.others + [".."] {
      let query = try? Query(program, options: QueryOptions(variableNames: ["x"]))
      #expect(query?.inputProjection == nil, "\(program)")
    }
  }

  @Test("A program that reads nothing of its input keeps nothing (the input is still checked)")
  func readsNothing() throws {
    #expect(try Query("1, \"x\"").inputProjection == JSONProjection(paths: []))
  }

  @Test("The projection of .statuses[].user.screen_name")
  func twitterShape() throws {
    let projection = try #require(try Query(".statuses[].user.screen_name").inputProjection)
    #expect(
      projection
        == JSONProjection(paths: [[.key("statuses"), .each, .key("user"), .key("screen_name")]]))
  }

  @Test("Outputs and errors are the same on projected and full inputs")
  func sameResults() throws {
    for program in Self.pathPrograms {
      let query = try Query(program)
      guard let projection = query.inputProjection else { continue }
      for document in Self.documents {
        let full = try JSONParser.parse(Data(document.utf8))
        let pruned = try JSONParser.parse(
          Data(document.utf8), options: .init(projection: projection))
        #expect(outcome(query, full) == outcome(query, pruned), "\(program) on \(document)")
      }
    }
  }

  /// Every output as compact text, then the error (if any) as text.
  private func outcome(_ query: Query, _ input: JSON) -> [String] {
    var lines: [String] = []
    var results = query.run(on: input)
    do {
      while let value = try results.next() { lines.append(JSONWriter().string(value)) }
    } catch {
      lines.append("error: \(error.value)")
    }
    return lines
  }
}
