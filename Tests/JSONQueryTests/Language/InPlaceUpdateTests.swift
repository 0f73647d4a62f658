import Foundation
import JSONKit
import Testing

@testable import JSONQuery

/// `reduce` and `foreach` change their accumulator in place (`Executor+InPlace`): the
/// results must be those of the general evaluation, and no value the program can still
/// see may change under it.
@Suite("reduce and foreach update their accumulator in place")
struct InPlaceUpdateTests: QueryRunning {
  private func text(_ program: String, _ input: String = "null") throws -> [String] {
    try run(program, JSON(parseJSON: input)).map { JSONWriter().string($0) }
  }

  @Test("Accumulators build the values the general evaluation builds")
  func accumulatorsBuildTheValuesTheGeneralEvaluationBuilds() throws {
    let cases: [(String, String)] = [
      (#"reduce range(5) as $i ({}; .["k\($i % 2)"] += $i)"#, #"{"k0":6,"k1":4}"#),
      (#"reduce range(4) as $i ([]; . + [$i * 2])"#, "[0,2,4,6]"),
      (#"reduce range(3) as $i (null; . + [$i])"#, "[0,1,2]"),
      (#"reduce range(3) as $i ({}; . + {"k\($i)": $i})"#, #"{"k0":0,"k1":1,"k2":2}"#),
      (#"reduce range(3) as $i ("a"; . + "b")"#, #""abbb""#),
      (#"reduce range(3) as $i ([]; setpath([$i, "x"]; $i))"#, #"[{"x":0},{"x":1},{"x":2}]"#),
      (#"reduce range(3) as $i ([9]; setpath([-1]; $i))"#, "[2]"),
      (#"reduce (1, 2) as $i ({"a": {"b": [1]}}; .a.b[$i] = $i)"#, #"{"a":{"b":[1,1,2]}}"#),
      (#"reduce range(3) as $i ({}; .a |= (. // 0) + $i)"#, #"{"a":3}"#),
      (#"reduce range(2) as $i ({"a": null}; .a //= $i)"#, #"{"a":0}"#),
      (#"reduce range(3) as $i ([1, 2, 3]; .[] *= 2)"#, "[8,16,24]"),
      (#"reduce (0, 1) as $i ({"a": [1, 2]}; .a[] |= . + $i)"#, #"{"a":[2,3]}"#),
    ]
    for (program, expected) in cases {
      #expect(try text(program) == [expected], "\(program)")
    }
  }

  @Test("Values the program still holds never change")
  func valuesTheProgramStillHoldsNeverChange() throws {
    // The input, bound to a variable, then accumulated on.
    #expect(
      try text(#". as $orig | reduce range(3) as $i (.; .a += 1) | [., $orig]"#, #"{"a": 0}"#)
        == [#"[{"a":3},{"a":0}]"#])
    // Every state foreach hands on stays as it was handed on.
    #expect(
      try text(#"[foreach range(3) as $i ([]; . + [$i])]"#) == ["[[0],[0,1],[0,1,2]]"])
    #expect(
      try text(#"[foreach range(3) as $i ({}; .["k\($i)"] = $i; length)]"#) == ["[1,2,3]"])
    // The initial value is a variable's: it stays.
    #expect(
      try text(#"[1] as $start | reduce range(2) as $i ($start; . + [$i]) | [., $start]"#)
        == ["[[1,0,1],[1]]"])
    // A parsed document (tape-backed) as the accumulator.
    let document = try JSONParser.parse(Data(#"{"list": [1, 2], "n": {"m": 1}}"#.utf8))
    let results = try run("reduce range(2) as $i (.; .list += [$i] | .n.m += 1)", document)
    #expect(results.map { JSONWriter().string($0) } == [#"{"list":[1,2,0,1],"n":{"m":3}}"#])
    #expect(JSONWriter().string(document) == #"{"list":[1,2],"n":{"m":1}}"#)
  }

  @Test("Errors are those of the general evaluation")
  func errorsAreThoseOfTheGeneralEvaluation() throws {
    let cases: [(String, String)] = [
      (#"reduce range(2) as $i ([]; setpath("a"; 1))"#, "Path must be specified as an array"),
      (#"reduce range(2) as $i ([]; .a = 1)"#, #"Cannot index array with string ("a")"#),
      (#"reduce range(2) as $i ({}; . + [1])"#, "object ({}) and array ([1]) cannot be added"),
      (#"reduce range(2) as $i ([]; .[-5] = 1)"#, "Out of bounds negative array index"),
    ]
    for (program, message) in cases {
      #expect(throws: QueryError.self, "\(program)") { try run(program) }
      do {
        _ = try run(program)
      } catch {
        #expect((error as? QueryError)?.value.string == message, "\(program)")
      }
    }
  }

  @Test("Deletions in place match jq")
  func deletionsInPlaceMatchJq() throws {
    let input = #"{"a": [1, {"b": 2, "c": 3}, 4], "d": {"e": true, "f": [true, false]}}"#
    let cases: [(String, String)] = [
      (#"del(.a[1].b)"#, #"{"a":[1,{"c":3},4],"d":{"e":true,"f":[true,false]}}"#),
      (#"del(.a[0, 2])"#, #"{"a":[{"b":2,"c":3}],"d":{"e":true,"f":[true,false]}}"#),
      (#"delpaths([paths(type == "boolean")])"#, #"{"a":[1,{"b":2,"c":3},4],"d":{"f":[]}}"#),
      (#"del(.a[-1], .d.f[0])"#, #"{"a":[1,{"b":2,"c":3}],"d":{"e":true,"f":[false]}}"#),
      (#"del(.a[1:])"#, #"{"a":[1],"d":{"e":true,"f":[true,false]}}"#),
      (#"del(.x.y)"#, #"{"a":[1,{"b":2,"c":3},4],"d":{"e":true,"f":[true,false]}}"#),
      (#". as $o | del(.d) | [., $o.d.e]"#, #"[{"a":[1,{"b":2,"c":3},4]},true]"#),
    ]
    for (program, expected) in cases {
      #expect(try text(program, input) == [expected], "\(program)")
    }
  }

  /// `.a.b |= f` and other paths of constant keys take a shortcut (`Executor.constantPath`):
  /// the same path written as a pipe (`(.a | .b)`) takes the general one.
  ///
  /// Outputs and
  /// errors must agree on every kind of input.
  @Test("Constant paths assign as the general path does")
  func constantPathsAssignAsTheGeneralPathDoes() throws {
    let paths: [(constant: String, general: String)] = [
      (".a", "(. | .a)"), (".a.b", "(.a | .b)"), (".[1]", "(. | .[1])"),
      (".[-1]", "(. | .[-1])"), (".a[0]", "(.a | .[0])"), (#".["x"]"#, #"(. | .["x"])"#),
      (".[1.5]", "(. | .[1.5])"), (".", "(. | .)"),
    ]
    let operators = ["|= . + 1", "|= length", "= 5", "+= 2", "//= 7", "*= 3", "|= (1, 2)"]
    let inputs = [
      #"{"a": 1}"#, "null", "[1, 2]", #"{"a": {"b": 2}}"#, "5", #"{"a": null}"#, "[]",
      #"{"a": [3, 4]}"#, #"[[1], "s"]"#,
    ]
    func outcome(_ program: String, _ input: String) -> String {
      do {
        return try text(program, input).joined(separator: " ")
      } catch {
        return "error: \((error as? QueryError)?.value.string ?? "\(error)")"
      }
    }
    for (constant, general) in paths {
      for op in operators {
        for input in inputs {
          let shortcut = outcome("\(constant) \(op)", input)
          #expect(shortcut == outcome("\(general) \(op)", input), "\(constant) \(op) on \(input)")
        }
      }
    }
  }
}
