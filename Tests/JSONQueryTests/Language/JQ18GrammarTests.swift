import Foundation
import JSONKit
import Testing

@testable import JSONQuery

/// Productions of jq 1.8's parser.y that differ from older jq: `reduce`/`foreach` over an
/// `Expr`, `$name: value` object pairs, constant keys checked when compiling, `try` binding
/// tighter than every binary operator.
@Suite("jq 1.8's grammar")
struct JQ18GrammarTests: QueryRunning {
  @Test("reduce and foreach take a whole expression as their source")
  func reduceOverAnExpression() throws {
    #expect(try run("reduce .[] / .[] as $i (0; . + $i)", [1, 2]) == [4.5])
    #expect(try run("reduce .[] + 1 as $i (0; . + $i)", [1, 2]) == [5])
    #expect(try run("[foreach .[] * 2 as $i (0; . + $i)]", [1, 2]) == [[2, 6]])
    #expect(
      try run("[foreach .[] // 0 as $i (0; . + $i; [$i, .])]", [nil, false]) == [[[0, 0]]])
  }

  @Test("`as` binds the whole expression before it")
  func bindingTakesTheExpression() throws {
    #expect(try run("1 + 2 as $x | $x * 10") == [30])
    #expect(try run("[1, 2 as $x | $x]") == [[1, 2]])
  }

  @Test("an object pair may take its key from a variable")
  func variableKeys() throws {
    #expect(try run(#""k" as $x | {$x: 1, $x}"#) == [["k": 1, "x": "k"]])
    #expect(throws: QueryError.self) { try run(#"1 as $x | {$x: 1}"#) }
  }

  @Test("constant keys that are not strings are compile errors, in objects and patterns")
  func constantKeys() {
    for program in ["{(1): 2}", "{(true): 2}", ". as {(null): $x} | $x", ". as {(1): $x} | $x"] {
      #expect {
        try Query(program)
      } throws: { error in
        guard let error = error as? QueryError else { return false }
        return error.kind == .compile && error.message.hasPrefix("Cannot use ")
          && error.message.hasSuffix(" as object key")
      }
    }
    #expect(throws: QueryError.self) { try Query("{1: 2}") }  // no number keys at all
  }

  @Test("an object's pairs may end with a comma; its pattern's may not")
  func trailingCommaInObjects() throws {
    #expect(try run("{a: 1,}") == [["a": 1]])
    #expect(try run(#"{"a": 1, b,}"#, ["b": 2]) == [["a": 1, "b": 2]])
    #expect(try run(#"{$__loc__,} | keys"#) == [["__loc__"]])
    for program in ["{,}", "{a: 1,,}", ". as {a: $x,} | $x", ". as {$a,} | $a", ". as [$a,] | $a"] {
      #expect(throws: QueryError.self, "\(program)") { try Query(program) }
    }
  }

  @Test(
    "patterns match an array from its last element, and a repeated variable keeps its first match")
  func patternMatchOrder() throws {
    // Objects: entries first to last, the first binding of a name wins.
    #expect(try run(#"{"a":1,"b":2} as {a: $a, b: $a} | $a"#) == [1])
    #expect(try run(#"{"a":1,"b":2} as {$a, $b, a: $b} | [$a, $b]"#) == [[1, 2]])
    #expect(try run(#"{"a":[3],"b":4} as {a: [$x], b: $x} | $x"#) == [3])
    // Arrays: elements last to first, so the last one's binding wins, and its error is
    // the one reported.
    #expect(try run("[[1,2],[3,4]] as [[$a,$b],[$a,$c]] | [$a,$b,$c]") == [[3, 2, 4]])
    #expect(try run("[4,[3]] as [$x, [$x]] | $x") == [3])
    #expect(
      try caught(#"[1,2] as [[$x], {$y}] | 1"#) == [#"Cannot index number with string ("y")"#])
    #expect(try caught(#"[1,2] as [{$y}, [$x]] | 1"#) == ["Cannot index number with number (0)"])
    #expect(try run("reduce ([1,2],[3,4]) as [$a,$a] (0; . + $a)") == [6])
  }

  @Test("a term followed by `.[` takes an index or `[]`, not a slice")
  func noSliceAfterDotBracket() throws {
    #expect(try run("[1, 2].[1]") == [2])
    #expect(try run("[[1, 2]].[]") == [[1, 2]])
    #expect(try run(".a[1:]", ["a": [1, 2]]) == [[2]])
    for program in [".a.[1:]", "[1, 2].[1:]", ".a.[:1]", ".a.[1:]?"] {
      #expect(throws: QueryError.self, "\(program)") { try Query(program) }
    }
  }

  @Test("number literals in jq's syntax keep their decimal text as jq 1.8's do")
  func numberLiteralSpellings() throws {
    // As decimal literals: `.50` is 0.50 (not 0.5), `1.e2` is 1e2 (jsonkit prints 1E+2, as
    // jq 1.8 does), not the double 100.
    let written = try run("[1., .5, .50, 1.e2, .5e1, 1.e-2, 10.]").map { JSONWriter().string($0) }
    #expect(written == ["[1,0.5,0.50,1e2,0.5e1,1e-2,10]"])
  }

  @Test("try and catch take a term: binary operators apply to the whole try")
  func tryBindsTight() throws {
    #expect(try run(#"try error("x") catch . + "!""#) == ["x!"])
    #expect(try run("try -1") == [-1])
    #expect(try run("[.[] | try error catch . * 2]", [1, 2]) == [[2, 4]])
  }
}
