import Foundation
import JSONKit
import Testing

@testable import JSONQuery

/// The classes of difference from jq 1.8.2 that `Scripts/jq-differential` found, each
/// asserted as the rule jq's source states (builtin.c, builtin.jq, jv.c, jv_aux.c,
/// jv_parse.c, jv_print.c), with cases the oracle confirmed.
@Suite("jq 1.8's rules found by differential testing")
struct JQ18DifferentialClassTests: QueryRunning {
  private func caught(_ program: String, _ input: JSON = .null) throws -> [JSON] {
    try run("try (\(program)) catch .", input)
  }

  @Test("values in messages are jv_dump_string_trunc's: jq's number text, cut and closed")
  func errorPreviews() throws {
    #expect(
      try caught("[range(1; 15)] - 1") == [
        "array ([1,2,3,4,5,6,7,8,9,10,11,...]) and number (1) cannot be subtracted"
      ])
    #expect(
      try caught(#"{"aaaaaaaaaa": 1, "bbbbbbbbbbb": 2} - 1"#) == [
        #"object ({"aaaaaaaaaa":1,"bbbbbbbb...}) and number (1) cannot be subtracted"#
      ])
    #expect(
      try caught(#""é" * 20 | . - 1"#) == [
        #"string ("éééééééééééé...") and number (1) cannot be subtracted"#
      ])
    #expect(try caught("keys", JSON(parseJSON: "0.00001")) == ["number (0.00001) has no keys"])
    #expect(try caught("keys", JSON(parseJSON: "1e1000")) == ["number (1E+1000) has no keys"])
  }

  @Test("fromjson and tonumber read as jq's parser does; input past the end is \"break\"")
  func jqReader() throws {
    #expect(
      try caught(#""{'a': 123}" | fromjson"#) == [
        #"Invalid string literal; expected ", but got ' at line 1, column 5 (while parsing '{'a': 123}')"#
      ])
    #expect(
      try run(#""[NaN, -Infinity, .5, 01]" | fromjson | tojson"#) == [
        "[null,-1.7976931348623157e+308,0.5,1]"
      ])
    #expect(try caught(#""" | fromjson"#) == ["Expected JSON value (while parsing '')"])
    #expect(try run(#""+1.50" | tonumber | tojson"#) == ["1.50"])
    #expect(try caught("input") == ["break"])
    #expect(try run("[inputs]") == [[]])
  }

  @Test("indexing follows jv_get: null[null] fails, a slice needs both bounds")
  func indexing() throws {
    #expect(try caught("null | .[null]") == ["Cannot index null with null (null)"])
    #expect(try run("null | .[{}]") == [nil])
    #expect(
      try caught("1 | .[1:]") == [#"Cannot index number with object ({"start":1,"end":null})"#])
    #expect(try caught(#""abc" | .[{}]"#) == ["Array/string slice indices must be integers"])
    #expect(
      try caught(#"[1] | .[{"start": "a", "end": null}]"#) == [
        "Array/string slice indices must be integers"
      ])
    #expect(try run(#"null | has("a"), ([1] | has(-0.5), has(nan))"#) == [false, true, false])
  }

  @Test("two- and three-argument math checks each argument and converts as C does")
  func mathArguments() throws {
    #expect(try caught("pow(null; 2)") == ["null (null) number required"])
    #expect(try caught(#"fma(1; "a"; 2)"#) == [#"string ("a") number required"#])
    #expect(try run("ldexp(1; 1e10)") == [0])
    #expect(try run("scalb(1; 2.5) | isnan") == [true])
    #expect(try run("-1.25 | significand") == [-1.25])
    #expect(try run("asin | tojson", JSON(parseJSON: "-0.0")) == ["-0"])
    #expect(try run("length | tojson", JSON(parseJSON: "-0.0")) == ["0.0"])
    #expect(try run("abs | tojson", JSON(parseJSON: "-0.0")) == ["-0.0"])
  }

  @Test("builtins jq 1.8 defines in jq fail as those definitions do")
  func definitionErrors() throws {
    #expect(try caught("{} | flatten(-1)") == ["flatten depth must not be negative"])
    #expect(try run("{a: [1, [2]]} | flatten") == [[1, 2]])
    #expect(try caught("1 | flatten") == ["Cannot iterate over number (1)"])
    #expect(try run("[[1, [2]]] | flatten(1.5)") == [[1, 2]])
    #expect(try caught("true | indices(1)") == ["Cannot index boolean with number (1)"])
    #expect(
      try run(#"({} | indices("a")), ("abc" | indices("")), ([1] | indices([]))"#) == [
        nil, [], [],
      ])
    #expect(try run(#"[limit("a"; empty)]"#) == [[]])
    #expect(
      try caught(#"[limit("a"; 1, 2)]"#) == [
        #"string ("a") and number (1) cannot be subtracted"#
      ])
    #expect(try caught("[limit(null; 1)]") == ["limit doesn't support negative count"])
    #expect(try caught("format(1)") == ["number (1) is not a valid format"])
    #expect(try caught("1 | max") == ["number (1) and number (1) cannot be iterated over"])
    #expect(
      try caught("false | contains(true)") == [
        "boolean (false) and boolean (true) cannot have their containment checked"
      ])
    #expect(try run("[[1], [2, 3]] | transpose") == [[[1, 2], [nil, 3]]])
    #expect(try caught("[1] | from_entries") == [#"Cannot index number with string ("key")"#])
    #expect(try caught("[null] | from_entries") == ["Cannot use null (null) as object key"])
    #expect(try run("null | isnormal, (1 | isnormal), (0 | isnormal)") == [false, true, false])
    #expect(try caught("{} % 1") == ["object ({}) and number (1) cannot be divided (remainder)"])
  }

  @Test("the regex wrappers join flags with + and let errors through, as builtin.jq does")
  func regexWrappers() throws {
    #expect(try caught(#""a" | sub("a"; "b"; 1)"#) == ["number (1) is not a string"])
    #expect(
      try caught(#""abc" | split("b"; 1)"#) == [
        #"number (1) and string ("g") cannot be added"#
      ])
    #expect(
      try caught(#""ab" | [scan("a"; 1)]"#) == [
        #"string ("g") and number (1) cannot be added"#
      ])
    #expect(
      try caught(#"1 | sub("a"; "b")"#) == [
        "number (1) cannot be matched, as it is not a string"
      ])
    #expect(try run(#""aXbxc" | split("x"; "i")"#) == [["a", "b", "c"]])
    #expect(try run(#""abc" | sub("(?<x>b)"; "1\(.x)", "2\(.x)")"#) == ["a1bc", "a2bc"])
    #expect(try run(#""abc" | gsub("z"; "y")"#) == ["abc"])
  }

  @Test("NaN sorts below every number, itself included")
  func nanOrder() throws {
    #expect(try run("nan < nan, nan < 1, nan > nan, nan == nan") == [true, true, false, false])
    #expect(try run("[1, nan] | sort | map(isnan)") == [[true, false]])
    #expect(try run("[1, nan] | min | isnan") == [true])
  }

  @Test("NaN nested in arrays and objects orders as jv_cmp puts it, below every number")
  func nestedNaNOrder() throws {
    // jq 1.8.2: [[1], [nan]] | min, max → [null], [1]; sort_by(.a) puts the NaN first.
    #expect(try run("[[1], [nan]] | min | map(isnan)") == [[true]])
    #expect(try run("[[1], [nan]] | max") == [[1]])
    #expect(try run(#"[{"a": 1}, {"a": nan}] | sort_by(.a) | map(.a | isnan)"#) == [[true, false]])
    #expect(try run("[[nan], [1]] | sort | map(.[0] | isnan)") == [[true, false]])
    #expect(try run("[nan] < [1], [nan] == [nan], [1] > [nan]") == [true, false, true])
    #expect(try run(#"{"a": nan} < {"a": 0}"#) == [true])
  }

  @Test("exp10 is the C library's: exp10(-1) is 0.09999999999999999 as in jq")
  func exp10() throws {
    #expect(
      try run("[2, -1, 0.5, 400, -400] | map(exp10) | tojson") == [
        "[100,0.09999999999999999,3.1622776601683795,1.7976931348623157e+308,0]"
      ])
  }

  @Test("dates: seconds truncated toward zero, missing fields 0, strptime's sentinels")
  func dates() throws {
    #expect(
      try run("-2.5 | todate, gmtime") == [
        "1969-12-31T23:59:58Z", [1969, 11, 31, 23, 59, 58.5, 3, 364],
      ])
    #expect(try run("[] | todate, mktime") == ["1899-12-31T00:00:00Z", -2_209_075_200])
    #expect(try run("[2015, 14, 40] | todate") == ["2016-04-09T00:00:00Z"])
    #expect(
      try run(#""10 March 2015 x" | strptime("%d %B %Y")"#) == [
        [2015, 2, 10, 0, 0, 0, 2, 68, " x"]
      ])
    #expect(try run(#""12" | strptime("%H")"#) == [[1900, 0, 0, 12, 0, 0, 8, 367]])
  }

  /// The compile error of `program`, with its column, or `nil` when it compiles.
  private func compileError(_ program: String) -> (message: String, column: Int?)? {
    do {
      _ = try Query(program)
      return nil
    } catch {
      #expect(error.kind == .compile)
      return (error.message, error.location?.column)
    }
  }

  @Test("break without its label and $__prog_args do not compile, as in jq 1.8.2")
  func undefinedNames() throws {
    let unlabelled = compileError("label $f | break $g")
    #expect(unlabelled?.message == "$*label-g is not defined")
    #expect(unlabelled?.column == 12)
    #expect(compileError("$__prog_args")?.message == "$__prog_args is not defined")
    #expect(try run("[label $f | 1, break $f, 2]") == [[1]])
  }

  @Test("a definition that does not compile is an error only when it is called")
  func uncalledDefinitions() throws {
    #expect(try run("def f: $x; def g: f; 1") == [1])
    #expect(try run("def f: break $x; def g: h; 2") == [2])
    let called = compileError("def f: $x; def g: f; g")
    #expect(called?.message == "$x is not defined")
    #expect(called?.column == 8)
    #expect(compileError("def f(a): a; f(g)")?.message == "g/0 is not defined")
  }

  @Test("-x of a number that keeps its text keeps its form, as decNumber's minus")
  func negatedLiterals() throws {
    #expect(
      try run("[1.0, 1e2, 1.50, 100, 0.0] | map(-.) | tojson") == ["[-1.0,-1E+2,-1.50,-100,0.0]"])
    #expect(try run("1.0 as $x | -$x | tojson") == ["-1.0"])
    #expect(try run("[1, 2.5] | map(. + 0 | -.) | tojson") == ["[-1,-2.5]"])
  }

  @Test("setpath and delpaths read slice keys as parse_slice, with jv_dels' words")
  func sliceKeysInPaths() throws {
    let notIntegers = "Array/string slice indices must be integers"
    #expect(try caught(#"[1,2,3] | setpath([{"start":1}]; [9])"#) == [JSON(notIntegers)])
    #expect(try caught(#"null | setpath([{}]; [9])"#) == [JSON(notIntegers)])
    #expect(try caught(#""abc" | setpath([{"end":1}]; "x")"#) == [JSON(notIntegers)])
    #expect(
      try caught(#""abc" | setpath([{"start":1,"end":null}]; "x")"#) == [
        "Cannot update string slices"
      ])
    #expect(try run(#"[1,2,3] | setpath([{"start":1,"end":null}]; [9])"#) == [[1, 9]])
    #expect(try caught(#"[1,2,3] | delpaths([[{}]])"#) == [JSON(notIntegers)])
    #expect(try caught(#"[1] | delpaths([["a"]])"#) == ["Cannot delete string element of array"])
    #expect(try caught(#"{"a":1} | delpaths([[{}]])"#) == ["Cannot delete object field of object"])
    #expect(try caught(#""abc" | delpaths([[0]])"#) == ["Cannot delete fields from string"])
  }

  @Test("reduce, range and sorts step as jq's bytecode and C do")
  func stepping() throws {
    #expect(try run("reduce (1, 2) as $x (0; empty)") == [nil])
    #expect(try run("[range(1.0; 3)] | tojson") == ["[1.0,2]"])
    #expect(try run("[limit(3; range(nan))]") == [[0, 1, 2]])
    #expect(try run("[3, 1, 2] | sort_by(nan), group_by(nan)") == [[3, 1, 2], [[3], [1], [2]]])
    #expect(try run("[1, 2, 3] | max_by(nan), min_by(nan)") == [1, 3])
    #expect(
      try caught("1 | . as [$a, $b] | $a") == ["Cannot index number with number (1)"])
    #expect(
      try run("[1, 2, 3] | delpaths([[0], [0]]), delpaths([[0], [-3]])") == [[2, 3], [2, 3]])
    #expect(
      try caught(#"[1] | delpaths(["a", 0])"#) == ["Path must be specified as array, not number"])
  }

  @Test("messages as jq's C formats them: NUL ends a %s, jv_dump_string's numbers")
  func cMessages() throws {
    #expect(
      try caught(#""a\u0000b" | strptime("%Y")"#) == [#"date "a" does not match format "%Y""#])
    #expect(
      try run(#""a\u0000b" | @sh, @html, ([.] | @csv, @tsv)"#) == [
        #"'a\0b'"#, #"a\0b"#, #""a\0b""#, #"a\0b"#,
      ])
    #expect(try caught("true | . as [$a] | $a") == ["Cannot index boolean with number (0)"])
    #expect(try caught("null | getpath([[0]])") == ["Cannot index null with array ([0])"])
    #expect(
      try caught(#""x" | halt_error("a")"#) == [#"string ("x") halt_error/1: number required"#])
    #expect(
      try caught("[1970, 0, 1, 0, 0, -1, 0, 0] | mktime") == ["invalid gmtime representation"])
    #expect(
      try run(#""abc" | [match("(?<n>x)?b")][0].captures[0] | keys_unsorted"#) == [
        ["offset", "string", "length", "name"]
      ])
  }

  @Test("? after an index, iteration or slice covers that step only (jq's INDEX_OPT)")
  func optionalStep() throws {
    #expect(try caught(".a.b?", true) == [#"Cannot index boolean with string ("a")"#])
    #expect(try caught("to_entries[0]?") == ["null (null) has no keys"])
    #expect(try run(".a.b?, .a[0]?, [.a[]?]", ["a": true]) == [[]])
    #expect(try run("(.a.b)?, [.[]?[0]?]", true) == [[]])
    #expect(try run("path(.a.b?)", ["a": ["b": 1]]) == [["a", "b"]])
  }
}
