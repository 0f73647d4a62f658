import JSONKit
import Testing

@testable import JSONQuery

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// jq 1.8.2's constants, as its parser folds them (issue 29, items 15-16).
///
/// Its parser makes one constant of a literal,
/// `[1, 2]`, `{a: 1}` and an operator on two constants (`1 + 1`), not of `-1`, and refuses
/// a constant object key that is not a string, or module metadata that is not a constant
/// object, when it compiles; everything else fails only when it runs. Each program of
/// `Fixtures/jq-constants.json` is what `/work/jq18/jq -c PROGRAM` printed on `null`.
@Suite("jq 1.8.2: constants folded at compile time")
struct ConstantFoldingTests: PrintedOutputs {
  /// One program of the fixture and what jq 1.8.2 did with it: its compile errors, or its
  /// outputs and the run-time error after them.
  struct Case: Decodable, CustomTestStringConvertible {
    var program: String
    var compileErrors: [ReportedCompileError]?
    var outputs: [String]?
    var error: String?
    var testDescription: String { program }
  }

  static let cases = ReportedCompileError.fixture("jq-constants.json", of: Case.self)

  /// The messages of the errors a program's compilation reports; empty if it compiles.
  private func compileErrors(_ program: String) -> [ReportedCompileError] {
    ReportedCompileError.compiling(program)
  }

  @Test("the fixture has programs jq refuses when it compiles and programs it runs")
  func fixtureLoads() {
    #expect(Self.cases.filter { $0.compileErrors != nil }.count > 50)
    #expect(Self.cases.filter { $0.outputs != nil }.count > 100)
    #expect(Self.cases.contains { ($0.compileErrors?.count ?? 0) > 1 })
  }

  @Test(
    "each program compiles, or fails to, as in jq 1.8.2, and its run prints jq's outputs and error",
    arguments: cases)
  func matchesJQ(_ test: Case) throws {
    let errors = compileErrors(test.program)
    #expect(errors == (test.compileErrors ?? []))
    guard let outputs = test.outputs, errors.isEmpty else { return }
    if let message = test.error {
      #expect(try failure(test.program) == Failure(outputs: outputs, message: message))
    } else {
      #expect(try printed(test.program) == outputs)
    }
  }

  @Test("a key jq folds into a constant is refused when the program compiles, not when it runs")
  func foldedKeys() throws {
    // A definition never called still fails to compile.
    #expect(
      compileErrors("def f: {(1 + 1): 2}; 1").map(\.message) == [
        "Cannot use number (2) as object key"
      ])
    // `-1` is a negation jq runs: the key is refused only when the object is built.
    #expect(compileErrors("def f: {(-1): 2}; 1").isEmpty)
    #expect(try printed("def f: {(-1): 2}; 1") == ["1"])
  }

  @Test("module metadata is a constant object as jq folds it")
  func moduleMetadata() throws {
    #expect(try printed("module {a: 1 + 1, b: [1, 2]}; 3") == ["3"])
    #expect(
      compileErrors("module {a: -1}; 3").map(\.message) == ["Module metadata must be constant"])
    #expect(
      compileErrors("module [1 + 1]; 3").map(\.message) == ["Module metadata must be an object"])
  }

  @Test("a library file reports every error jq finds in it, each with the file's name")
  func libraryErrors() throws {
    let text = "def f: {(1 + 1): 2};\ndef g: {([]): 1};\n"
    do {
      _ = try Parser.parseLibrary(text, fileName: "/lib/k.jq")
      Issue.record("the library compiled")
    } catch {
      let all = [error] + error.additionalErrors
      #expect(
        all.map(\.message) == [
          "Cannot use number (2) as object key", "Cannot use array ([]) as object key",
        ])
      #expect(all.map(\.location?.line) == [1, 2])
      #expect(error.additionalErrors.map(\.sourceFile) == ["/lib/k.jq"])
    }
  }
}
