import JSONKit
import Testing

@testable import JSONQuery

/// `path()` through `skip`, `nth`, `last`, `limit`, `reduce` and `foreach` as jq 1.8.2 takes
/// them.
///
/// jq tracks one global path: a loop's source moves it, its state holds a value only, and a
/// value is a path only where it is the very value at the path so far.
@Suite("jq 1.8.2: path() through skip, nth, last, limit, reduce and foreach")
struct PathThroughLoopsTests: PrintedOutputs {
  @Test("skip and nth keep the paths of the outputs they let through")
  func skipAndNth() throws {
    #expect(try printed("[path(skip(1; .[]))]", "[1,2,3]") == ["[[1],[2]]"])
    #expect(try printed("[path(nth(1; .[]))]", "[1,2,3]") == ["[[1]]"])
    #expect(try printed("del(skip(1; .[]))", "[1,2,3]") == ["[1]"])
    #expect(try printed("del(nth(0; .[]))", "[1,2,3]") == ["[2,3]"])
    #expect(try printed("[path(limit(2; .[]))]", "[1,2,3]") == ["[[0],[1]]"])
    #expect(try printed("[path(first(.[]))]", "[1,2,3]") == ["[[0]]"])
  }

  @Test("skip counts as jq's definition does")
  func skipValues() throws {
    #expect(try printed("[skip(1; .[])]", "[1,2,3]") == ["[2,3]"])
    #expect(try printed("[skip(0; .[])]", "[1,2,3]") == ["[1,2,3]"])
    #expect(try printed("[skip(1.5; .[])]", "[1,2,3]") == ["[2,3]"])
    #expect(
      try failure("[skip(-1; .[])]", "[1,2,3]")
        == Failure(outputs: [], message: "skip doesn't support negative count"))
    #expect(
      try failure(#"[skip("a"; .[])]"#, "[1,2,3]")
        == Failure(outputs: [], message: #"string ("a") and number (1) cannot be subtracted"#))
    #expect(try printed(#"[skip("a"; empty)]"#) == ["[]"])
    #expect(try printed("[skip(5; .[])]", "[1,2,3]") == ["[]"])
    #expect(try printed("[skip(1,2; .[])]", "[1,2,3]") == ["[2,3,3]"])
    #expect(try printed("[nth(5; .[])]", "[1,2,3]") == ["[]"])
  }

  @Test("last(f) is a path only where it is the input itself")
  func last() throws {
    #expect(
      try failure("[path(last(.[]))]", "[1,2,3]")
        == Failure(outputs: [], message: "Invalid path expression with result 3"))
    #expect(try printed("[path(last(.))]", "[1,2,3]") == ["[[]]"])
    #expect(try printed("[path(last(empty))]", "[1,2,3]") == ["[]"])
    #expect(try printed("[last(.[])]", "[1,2,3]") == ["[3]"])
    #expect(try printed("[last(empty)]") == ["[]"])
  }

  @Test("reduce ends at the initial value's path")
  func reduce() throws {
    #expect(try printed("[path(reduce .[] as $x (.; .))]", "[1,2,3]") == ["[[]]"])
    #expect(try printed("[path(reduce empty as $x (.; .a))]", #"{"a":1}"#) == ["[[]]"])
    #expect(try printed("[path(reduce (1,2) as $x (.a; .))]", #"{"a":1}"#) == [#"[["a"]]"#])
    try expectInvalidPaths([
      ("path(reduce (1,2) as $x (.; .a))", nested, #"access element "a" of {"a":{"a":1}}"#),
      ("[path(reduce .a[] as $x (.a; .))]", #"{"a":[1,2]}"#, #"access element "a" of {"a":[1,2]}"#),
    ])
  }

  @Test("foreach's state is at the path its source left")
  func foreach() throws {
    #expect(
      try printed("[path(foreach (1,2) as $x (.; .; .a))]", nested) == [#"[["a"],["a"]]"#])
    #expect(
      try failure("[path(foreach .[] as $x (.; .))]", "[1,2,3]")
        == Failure(outputs: [], message: "Invalid path expression with result [1,2,3]"))
    try expectInvalidPaths([
      ("[path(foreach (0,1) as $x (.; .[$x]))]", "[1,2,3]", "access element 1 of 1"),
      ("[path(foreach (1,2) as $x (.; .a))]", nested, #"access element "a" of {"a":{"a":1}}"#),
      (
        "[path(foreach .a[] as $x (.a; .; .[0]))]", #"{"a":[1,2]}"#,
        #"access element "a" of {"a":[1,2]}"#
      ),
    ])
  }

  private let nested = #"{"a":{"a":{"a":1}}}"#

  /// Each program fails on its input, before any output, with jq's "Invalid path expression
  /// near attempt to …".
  private func expectInvalidPaths(_ cases: [(String, String, String)]) throws {
    for (program, input, attempt) in cases {
      let expected = Failure(
        outputs: [], message: "Invalid path expression near attempt to " + attempt)
      #expect(try failure(program, input) == expected, "\(program)")
    }
  }

  @Test("a variable's index, an assignment and slice paths")
  func otherForms() throws {
    #expect(try printed(". as $x | [path($x.[0])]", "[[1],2]") == ["[[0]]"])
    #expect(
      try failure("[path(. = .x)]", #"{"x":1}"#)
        == Failure(outputs: [], message: "Invalid path expression with result 1"))
    #expect(try printed(#"delpaths([[{"start":1,"end":null}]])"#, "[1,2,3]") == ["[1]"])
    // A slice object needs both bounds, as jq's `parse_slice` reads them.
    let slices = [
      #"delpaths([[{"start":1}]])"#, #"delpaths([[{"end":2}]])"#, #"del(.[{"start":1}])"#,
      #"getpath([{"start":1}])"#,
    ]
    for program in slices {
      #expect(
        try failure(program, "[1,2,3]")
          == Failure(outputs: [], message: "Array/string slice indices must be integers"),
        "\(program)")
    }
  }
}
