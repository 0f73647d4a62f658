import JSONKit
import Testing

@testable import JSONQuery

@Suite("Evaluator: jq semantics per construct")
struct EvaluatorTests {
  func run(_ program: String, _ input: JSON = .null) throws -> [JSON] {
    try Query(program).values(on: input)
  }

  @Test("Pipes and commas generate outputs")
  func pipesAndCommasGenerate() throws {
    #expect(try run(".[] | . * 2", [1, 2, 3]) == [2, 4, 6])
    #expect(try run("(1, 2) + (10, 20)") == [11, 12, 21, 22])
  }

  @Test("Alternative and assignment have jq's precedence")
  func precedenceOfAlternativeAndAssignment() throws {
    #expect(try run("1 + 2 * 3") == [7])
    #expect(try run(".a // .b", ["b": 3]) == [3])
    #expect(try run(".a = 1 | .a", [:]) == [1])
    #expect(try run(".a |= . + 1", ["a": 1]) == [["a": 2]])
  }

  @Test("`as` binds the whole expression before it")
  func asBindsTheWholeExpressionBeforeIt() throws {
    #expect(try run("1 + 2 as $x | -$x") == [-3])
    #expect(try run(#""x" as $x | "a" + "y" as $y | $x + "," + $y"#) == ["x,ay"])
    #expect(try run(".[] as [$a, $b] | $a + $b", [[1, 2], [3, 4]]) == [3, 7])
  }

  @Test("reduce, foreach and label work")
  func reduceForeachAndLabel() throws {
    #expect(try run("reduce .[] as $x (0; . + $x)", [1, 2, 3]) == [6])
    #expect(try run("[foreach .[] as $x (0; . + $x; [$x, .])]", [1, 2]) == [[[1, 1], [2, 3]]])
    // repeat applies f to the same input again and again (jq 1.6 and gojq agree), until
    // an error: man.test's `[repeat(.*2, error)?]` is `[2]`.
    #expect(try run("[limit(3; repeat(. * 2))]", 1) == [[2, 2, 2]])
    #expect(try run("[repeat(. * 2, error)?]", 1) == [[2]])
    #expect(try run("first(range(10; 0; -1))") == [10])
  }

  @Test("try/catch sees the error value")
  func tryCatchSeesTheErrorValue() throws {
    #expect(try run("try error(\"x\") catch .") == ["x"])
    #expect(try run("[.[] | tonumber?]", ["1", "a", "3"]) == [[1, 3]])
    #expect(try run("try (1 + \"a\") catch .") == ["number (1) and string (\"a\") cannot be added"])
  }

  @Test("Definitions take filter and value parameters")
  func definitionsWithFilterAndValueParameters() throws {
    #expect(try run("def f(g; $n): [g * $n]; f(.[]; 10)", [1, 2]) == [[10, 20]])
    #expect(try run("def fac: if . <= 1 then 1 else . * (. - 1 | fac) end; 5 | fac") == [120])
  }

  @Test("Destructuring and alternatives bind variables")
  func destructuringAndAlternatives() throws {
    #expect(try run(". as [$a, {b: $c}] | [$a, $c]", [1, ["b": 2]]) == [[1, 2]])
    #expect(try run(".[] as [$a] ?// $a | $a", [[3], 4]) == [3, 4])
  }

  @Test("Paths and deletion work")
  func pathsAndDeletion() throws {
    #expect(try run("[paths]", ["a": [1]]) == [[["a"], ["a", 0]]])
    #expect(try run("del(.[1, 2])", [1, 2, 3, 4]) == [[1, 4]])
    #expect(try run("to_entries", ["a": 1]) == [[["key": "a", "value": 1]]])
  }

  @Test("String interpolation and formats work")
  func stringInterpolationAndFormats() throws {
    #expect(try run(#""x\(1 + 1)y""#) == ["x2y"])
    #expect(try run(#"@base64 "v=\(.)""#, "hi") == ["v=aGk="])
  }

  @Test("Unknown function is a compile error with location")
  func unknownFunctionIsACompileErrorWithLocation() {
    do {
      _ = try Query(".a | foo")
      Issue.record("compiled")
    } catch {
      #expect(error.kind == .compile)
      #expect(error.message == "foo/0 is not defined")
      #expect(error.location?.column == 6)
    }
  }

  @Test("Syntax error says where")
  func syntaxErrorSaysWhere() {
    do {
      _ = try Query("1 +")
      Issue.record("compiled")
    } catch {
      #expect(error.kind == .compile)
      #expect(error.location?.offset == 2)  // as jq's: at the last token read, the `+`
    }
  }

  @Test("halt_error carries status and value")
  func haltErrorCarriesStatusAndValue() {
    do {
      _ = try Query("\"bye\" | halt_error(3)").values(on: .null)
      Issue.record("did not halt")
    } catch {
      #expect(error.kind == .halt(status: 3))
      #expect(error.value == "bye")
    }
  }

  @Test("Results are lazy")
  func resultsAreLazy() throws {
    var results = try Query("range(1; infinite)").run(on: .null)
    #expect(try results.next() == 1)
    #expect(try results.next() == 2)
  }
}
