import Foundation
import JSONKit
import Synchronization
import TestProcesses
import Testing

@testable import JSONQuery

/// Builtins as jq 1.8.2's builtin.c, builtin.jq and libm.h define them.
@Suite("jq 1.8's builtins")
struct JQ18BuiltinTests: QueryRunning {
  @Test("tonumber reads decNumber's syntax, keeps a JSON literal's digits, and rejects the rest")
  func toNumber() throws {
    #expect(
      try run(#"map(tonumber)"#, ["1.50", ".5", "5.", "+1", "-1e2", "100000000000000000000001"])
        .map { JSONWriter().string($0) } == ["[1.50,0.5,5,1,-1e2,100000000000000000000001]"])
    #expect(try run(#""nan" | tonumber | isnan"#) == [true])
    #expect(try run(#""-Infinity" | tonumber | isinfinite"#) == [true])
    for bad in [" 1", "1 ", "0x10", "1e", "abc", "", "123\u{0}456", "NaN123"] {
      #expect(
        try run("try tonumber catch .", JSON(bad))
          == [JSON("string (\(JSONWriter().string(JSON(bad)))) cannot be parsed as a number")])
    }
  }

  @Test("ltrimstr and rtrimstr need strings, as startswith and endswith, and compare bytes")
  func trimStrings() throws {
    #expect(
      try run(
        #"[.[] as [$x, $y] | try ($x | ltrimstr($y)) catch .]"#,
        [["hi", 1], [1, "hi"], ["hi", "h"]])
        == [["startswith() requires string inputs", "startswith() requires string inputs", "i"]])
    #expect(try run(#""e\u0301x" | ltrimstr("é"), startswith("é")"#) == ["e\u{301}x", false])
    #expect(try run(#""aé" | rtrimstr("é"), endswith("é")"#) == ["a", true])
  }

  @Test("getpath fails where indexing fails, and null stays null")
  func getpathErrors() throws {
    #expect(
      try run(#"try getpath(["a", "b"]) catch ."#, 0) == [#"Cannot index number with string ("a")"#]
    )
    #expect(try run(#"getpath(["a", "b"])"#) == [nil])
    #expect(
      try run(#"try getpath(["a", 0]) catch ."#, ["a": "x"]) == [
        "Cannot index string with number (0)"
      ])
  }

  @Test("builtins does not list the helpers whose names start with _")
  func builtinsList() throws {
    let names = try run("builtins")[0].arrayValue.map(\.stringValue)
    #expect(!names.contains { $0.hasPrefix("_") })
    for name in [
      "erf/0", "erfc/0", "jn/2", "yn/2", "remainder/2", "lgamma_r/0", "get_jq_origin/0",
      "get_prog_origin/0", "ltrimstr/1", "builtins/0",
    ] {
      #expect(names.contains(name), "\(name)")
    }
  }

  @Test("the C math functions jq 1.8 adds, with libm's results")
  func mathFunctions() throws {
    #expect(try run("[erf, erfc]", 1) == [[JSON(erf(1.0)), JSON(erfc(1.0))]])
    #expect(
      try run("[jn(1; 2), yn(1; 2), remainder(5; 3)]") == [
        [JSON(jn(1, 2.0)), JSON(yn(1, 2.0)), -1]
      ])
    #expect(try run("lgamma_r", -0.5) == [[JSON(lgamma(-0.5)), -1]])
    #expect(try run("try erf catch .", "x") == [#"string ("x") number required"#])
  }

  @Test("get_prog_origin is the working directory for a program given as text")
  func origins() throws {
    let origin = try run("get_prog_origin")[0].stringValue
    #expect(
      origin
        == URL(fileURLWithPath: FileManager.default.currentDirectoryPath).resolvingSymlinksInPath()
        .path)
    #expect(try run("get_jq_origin | type") == ["string"])
  }

  @Test("negating a number that keeps its text keeps every digit, as decNumber")
  func exactNegation() throws {
    let inputs = try JSONParser.parseAll(Array("100000000000000000000001 1.50 1e1000 -2".utf8))
    let negated = try inputs.map { try run("-.", $0)[0] }
    #expect(
      negated.map { JSONWriter().string($0) } == [
        "-100000000000000000000001", "-1.50", "-1e1000", "2",
      ])
    #expect(try run("[nan | -.] | .[0] | isnan") == [true])
  }

  @Test("jq's depth guards: containment, object merge, and printing past 10,000 levels")
  func depthGuards() async throws {
    // 10,000 levels of recursion need a large stack, as the CLI's evaluation thread has; on a
    // small one the stack guard stops first (checked in smallStacksStopCleanly).
    try await onOwnThread(stackSize: 1 << 28) { try self.deepChecks() }
  }

  @Test("on a small stack, deep values stop with an error, never a crash")
  func smallStacksStopCleanly() throws {
    // A test thread's stack is far smaller than 10,000 levels need: the guard's resource
    // limit error (which `try` in the program does not catch) ends the run.
    for program in ["contains(.)", "(. * .)"] {
      let query = try Query("reduce range(10001) as $_ ({}; {a: .}) | try \(program) catch .")
      #expect {
        _ = try query.values(on: .null)
      } throws: { error in
        (error as? QueryError)?.isResourceLimit == true
      }
    }
  }

  func deepChecks() throws {
    let deepArray = "reduce range(10001) as $_ ([]; [.])"
    let deepObject = "reduce range(10001) as $_ ({}; {a: .})"
    #expect(try run("\(deepArray) | try contains(.) catch .") == ["Containment check too deep"])
    #expect(try run("\(deepObject) | try (. * .) catch .") == ["Object merge too deep"])
    #expect(try run("\(deepArray) | tojson | contains(\"<skipped: too deep>\")") == [true])
    #expect(
      try run("reduce range(10000) as $_ ([]; [.]) | tojson | contains(\"<skipped\")") == [false])
    #expect(try run("reduce range(9999) as $_ ({}; {a: .}) | . * . | [paths] | length") == [9999])
  }

  @Test("contains compares strings byte by byte, as memmem")
  func containsBytes() throws {
    #expect(
      try run(#"[("aé" | contains("é")), ("ae\u0301" | contains("é")), ("abc" | contains(""))]"#)
        == [[true, false, true]])
  }

  @Test("abs is jq 1.8.2's `if . < 0 then - . else . end`: values before numbers cannot be negated")
  func absOfEveryType() throws {
    #expect(try run("[-1, -1.5, 0, \"a\", [1], {}] | map(abs)") == [[1, 1.5, 0, "a", [1], [:]]])
    #expect(
      try run("[null, false, true] | map(try abs catch .)") == [
        [
          "null (null) cannot be negated", "boolean (false) cannot be negated",
          "boolean (true) cannot be negated",
        ]
      ])
  }

  @Test("setpath and delpaths check every path before indexing, as jq's jv_setpath and jv_delpaths")
  func pathChecks() throws {
    #expect(try run("try setpath([range(10001) | \"a\"]; 1) catch .", [:]) == ["Path too deep"])
    #expect(try run("try delpaths([[range(10001) | \"a\"]]) catch .", [:]) == ["Path too deep"])
    #expect(try run("try delpaths([1]) catch .") == ["Path must be specified as array, not number"])
  }

  @Test(
    "isfinite and finites are jq 1.8's: any non-infinite number, NaN included; no error on other types"
  )
  func finiteness() throws {
    #expect(
      try run("[1, nan, infinite, \"a\", null] | [.[] | isfinite]") == [
        [true, true, false, false, false]
      ])
    #expect(try run("[1, infinite, \"a\"] | [.[] | finites]") == [[1]])
  }

  @Test("names that are not jq 1.8 builtins are not defined")
  func notJQBuiltins() {
    for name in ["leaf_paths", "toarray", "dateadd(1; 2)", "getpath_or_null(.)", "input_line"] {
      #expect(throws: QueryError.self, "\(name)") { try Query(name) }
    }
  }

  @Test(
    "reverse is jq 1.8's [.[length - 1 - range(0;length)]]: arrays, and length-0 values give []")
  func reverseAsDefined() throws {
    #expect(try run("[1, 2, 3] | reverse") == [[3, 2, 1]])
    #expect(try run("[null, \"\", {}, 0] | map(reverse)") == [[[], [], [], []]])
    #expect(
      try run("[\"abc\", {\"a\": 1}, 5] | map(try reverse catch .)") == [
        [
          "Cannot index string with number (2)", "Cannot index object with number (0)",
          "Cannot index number with number (4)",
        ]
      ])
  }

  @Test("from_entries is jq 1.8's: key, Key, name, Name; value or Value; other keys are errors")
  func fromEntriesAsDefined() throws {
    #expect(
      try run(
        #"[{"key": "a", "value": 1}, {"Key": "b", "Value": 2}, {"name": "c"}, {"Name": "d", "value": false}] | from_entries"#
      )
        == [["a": 1, "b": 2, "c": nil, "d": false]])
    #expect(
      try run(#"[{"key": 1, "value": 1}] | try from_entries catch ."#) == [
        "Cannot use number (1) as object key"
      ])
    #expect(
      try run(#"[{"k": "a", "v": 1}] | try from_entries catch ."#) == [
        "Cannot use null (null) as object key"
      ])
    #expect(try run("[] | from_entries") == [[:]])
  }

  @Test("error messages of the C builtins, word for word as jq 1.8's builtin.c")
  func cBuiltinMessages() throws {
    #expect(
      try run(
        #"[("x" | try gmtime catch .), ("x" | try localtime catch .), ("x" | try mktime catch .)]"#)
        == [
          [
            "gmtime() requires numeric inputs", "localtime() requires numeric inputs",
            "mktime requires array inputs",
          ]
        ])
    #expect(
      try run(#"[({} | try strftime(1) catch .), (0 | try strftime(1) catch .)]"#)
        == [["strftime/1 requires parsed datetime inputs", "strftime/1 requires a string format"]])
    #expect(try run("[1 | try fromjson catch .]") == [["number (1) only strings can be parsed"]])
    #expect(
      try run("[([1] | try explode catch .), (1 | try ascii_downcase catch .)]")
        == [["explode input must be a string", "explode input must be a string"]])
  }

  @Test("sort_by and friends iterate their input with map first, as jq 1.8's definitions")
  func collectorsOnOtherTypes() throws {
    #expect(try run(#""abc" | try sort_by(.) catch ."#) == [#"Cannot iterate over string ("abc")"#])
    #expect(
      try run(
        #"{"a": 1} | [(try sort_by(.) catch .), (try min_by(.) catch .), (try unique catch .)]"#)
        == [
          [
            #"object ({"a":1}) and array ([[1]]) cannot be sorted, as they are not both arrays"#,
            #"object ({"a":1}) and array ([[1]]) cannot be iterated over"#,
            #"object ({"a":1}) cannot be sorted, as it is not an array"#,
          ]
        ])
    #expect(try run("[3, 1, 2] | sort_by(-.), min_by(.)") == [[3, 2, 1], 1])
  }

  @Test("@csv, @tsv and @base64d errors as jq 1.8's f_format words them")
  func formatErrors() throws {
    #expect(
      try run("[(1 | try @csv catch .), (\"a\" | try @tsv catch .), (1 | try @base64d catch .)]")
        == [
          [
            "number (1) cannot be csv-formatted, only array",
            #"string ("a") cannot be tsv-formatted, only array"#,
            #"string ("1") trailing base64 byte found"#,
          ]
        ])
  }
}
