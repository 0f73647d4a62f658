import Foundation
import JSONKit
import Testing

@testable import JSONQuery

/// The classes of difference from jq 1.8.2 left after the earlier rounds of
/// `Scripts/jq-differential`, each asserted as jq's source states it, with the values the
/// oracle (jq 1.8.2) gave.
@Suite("jq 1.8's rules for the differential's last classes")
struct JQ18ClosingClassTests: QueryRunning {
  @Test("@base64d decodes up to the first '=' and ignores the rest (f_format)")
  func base64dStopsAtPadding() throws {
    #expect(try run(#""QQ==tail" | @base64d"#) == ["A"])
    #expect(try run(#""YWJj=ZGVm" | @base64d"#) == ["abc"])
    #expect(try caught(#""Q=Q" | @base64d"#) == [#"string ("Q=Q") trailing base64 byte found"#])
    #expect(try caught(#""Q!" | @base64d"#) == [#"string ("Q!") is not valid base64 data"#])
  }

  @Test("@base64d's bytes become text as jv_string_sized repairs them (jvp_utf8_next)")
  func base64dRepair() throws {
    #expect(try run("@base64d") == ["\u{FFFD}\u{FFFD}"])  // null: 9E E9 65
    #expect(try run(#""7aCA" | @base64d"#) == ["\u{FFFD}"])  // ED A0 80
    #expect(try run(#""4oJh" | @base64d"#) == ["\u{FFFD}a"])
    #expect(try run(#""wKE=" | @base64d"#) == ["\u{FFFD}\u{FFFD}"])
    #expect(try run(#""8J+Y" | @base64d"#) == ["\u{FFFD}"])
    #expect(try run(#""8J+YgA==" | @base64d"#) == ["😀"])
  }

  @Test("@csv and @tsv render NaN as an empty field, as null")
  func nanInRows() throws {
    #expect(try run("[nan] | @csv") == [""])
    #expect(try run("[nan, 1] | @tsv") == ["\t1"])
    #expect(try run(#"[1, nan, "a"] | @csv"#) == [#"1,,"a""#])
  }

  @Test("a string literal's high surrogate needs a low one after it (jv_parse's escapes)")
  func loneHighSurrogateInLiteral() throws {
    #expect(throws: QueryError.self) { try Query(#""\ud800""#) }
    #expect(throws: QueryError.self) { try Query(#""\ud800\u0041""#) }
    #expect(throws: QueryError.self) { try Query(#""x\(1)\ud800""#) }
    #expect(try run(#""a\udc00b""#) == ["a\u{FFFD}b"])
    #expect(try run(#""\ud83d\ude00""#) == ["😀"])
  }

  @Test("$__loc__ is a token of its own: no pattern, parameter or label binds it")
  func locationIsNotABinding() throws {
    for program in [
      ". as $__loc__ | 1", ". as [$__loc__] | 1", ". as {$__loc__} | 1",
      #". as {"a": $__loc__} | 1"#, "def f($__loc__): 1; 1", "reduce . as $__loc__ (0; 1)",
      ". as [$a] ?// $__loc__ | 1", "label $__loc__ | 1",
    ] {
      #expect(throws: QueryError.self, "\(program)") { try Query(program) }
    }
    #expect(try run("{$__loc__}") == [["__loc__": ["file": "<top-level>", "line": 1]]])
  }

  @Test("path(f) keeps a variable's value when it is the value at the path (jv_identical)")
  func identicalVariableKeepsPath() throws {
    let input = try JSON(data: Data(#"{"a": null, "b": 1, "s": "x", "d": [1]}"#.utf8))
    #expect(try run("path(. as $x | $x)", input) == [[]])
    #expect(try run("path(.b as $v | .b | $v)", input) == [["b"]])
    #expect(try run("path(.d as $v | .d | $v)", input) == [["d"]])
    #expect(
      try caught("path(.b | 1)", input) == ["Invalid path expression with result 1"])
    #expect(
      try caught(#"path(.s | "x")"#, input) == [#"Invalid path expression with result "x""#])
    #expect(
      try caught("path(.b as $v | .d | $v)", input) == [
        "Invalid path expression with result 1"
      ])
  }

  @Test("until with single arguments loops as the prelude's recursion does")
  func untilLoop() throws {
    #expect(try run("[.[] | until(. > 100; . * 2)]", [1, 3]) == [[128, 192]])
    #expect(
      try run(#"path(until(type != "object"; .a))"#, ["a": ["a": ["a": 1]]]) == [["a", "a", "a"]])
    #expect(
      try run("[until(. > 4, . > 2; . + 1)]", 1) == [
        [5, 5, 4, 3, 5, 5, 4, 3, 5, 5, 4, 3, 5, 5, 4, 3]
      ])
    #expect(try caught(#"until(error("x"); .)"#) == ["x"])
  }

  @Test("map_values keeps the keys in order and leaves out members without output")
  func mapValuesOnObjects() throws {
    let input: JSON = ["a": 1, "b": 2, "c": 3]
    #expect(try run("map_values(select(. != 2))", input) == [["a": 1, "c": 3]])
    #expect(try run("map_values(empty)", input) == [[:]])
    #expect(try run("map_values(. + 1) | keys_unsorted", input) == [["a", "b", "c"]])
    #expect(
      try run(#"{"a":1,"b":true,"c":null,"d":"x","e":[1]} | map_values(tostring)"#) == [
        ["a": "1", "b": "true", "c": "null", "d": "x", "e": "[1]"]
      ])
  }

  @Test("sort_by, group_by and unique_by order keys as jq, ties by position")
  func collectorsOnFlatKeys() throws {
    let keys = try JSON(
      data: Data(#"[{"k":[1,"b"]},{"k":[1,"a"]},{"k":[1]},{"k":[[2],1]},{"k":[[1],2]}]"#.utf8))
    #expect(
      try run("sort_by(.k) | map(.k)", keys) == [[[1], [1, "a"], [1, "b"], [[1], 2], [[2], 1]]])
    let mixed = try JSON(data: Data(#"[3,1,2,1,"a",[1],[0,[1]],null]"#.utf8))
    #expect(
      try run("group_by(.)", mixed) == [
        [[nil], [1, 1], [2], [3], ["a"], [[0, [1]]], [[1]]]
      ])
    #expect(try run("unique_by(.)", mixed) == [[nil, 1, 2, 3, "a", [0, [1]], [1]]])
  }

  @Test("path(f) takes a computed result identical to the value at the path (path_intact)")
  func identicalComputedKeepsPath() throws {
    #expect(try run("path(tostring)", "a") == [[]])
    #expect(try run("path(. > 1)", false) == [[]])
    #expect(try run("[paths(tostring)]", ["a": "x"]) == [[["a"]]])
    #expect(try run("del(. > 1)", false) == [nil])
    #expect(try run("pick(tostring)", "a") == ["a"])
    #expect(try caught("path(tostring)", 1) == [#"Invalid path expression with result "1""#])
    #expect(try caught("path(. + 0)", 1) == ["Invalid path expression with result 1"])
  }

  @Test("delpaths reports the error of the first failing path in order (delpaths_sorted)")
  func delpathsErrorOrder() throws {
    for paths in [#"[["a",1],["b",2]]"#, #"[["b",2],["a",1]]"#] {
      #expect(
        try caught("delpaths(\(paths))", [[1], [2]]) == [#"Cannot index array with string ("a")"#])
    }
  }

  @Test("mktime refuses the times timegm gives as -1 and -2, as jq's my_mktime does")
  func mktimeSentinels() throws {
    #expect(try caught("gmtime | mktime", -2) == ["mktime not supported on this platform"])
    #expect(try caught("gmtime | mktime", -1) == ["invalid gmtime representation"])
    #expect(try run("gmtime | mktime", -3) == [-3])
    #expect(try caught("gmtime | mktime", -2.5) == ["mktime not supported on this platform"])
  }
}
