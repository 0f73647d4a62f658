import JSONKit
import Testing

@testable import JSONQuery

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// jq 1.8.2's syntax errors after the first (issue 29, "jq's words"): its bison parser
/// recovers at its grammar's `error` rules and reports what it finds further on, with the
/// messages of those rules; jsonkit reports the same list.
@Suite("jq 1.8.2: syntax errors after the first, as its parser recovers")
struct SyntaxRecoveryTests {
  /// One program of `Fixtures/syntax-recovery.json` and what jq 1.8.2 printed for it.
  struct Case: Decodable, CustomTestStringConvertible {
    var program: String
    var errors: [ReportedCompileError]
    var testDescription: String { program }
  }

  static let cases = ReportedCompileError.fixture("syntax-recovery.json", of: Case.self)

  /// The errors a program's compilation reports, each as jq shows it.
  private func reported(_ program: String) -> [ReportedCompileError] {
    ReportedCompileError.compiling(program)
  }

  @Test("the fixture has programs, most with more than one error")
  func fixtureLoads() {
    #expect(Self.cases.count > 30)
    #expect(Self.cases.filter { $0.errors.count > 1 }.count > 20)
  }

  @Test(
    "each program reports jq 1.8.2's errors, in its order and at its places",
    arguments: cases)
  func reportsJQsErrors(_ test: Case) {
    #expect(reported(test.program) == test.errors)
  }

  @Test("the model of jq's parser takes every program jsonkit compiles")
  func acceptsValidPrograms() throws {
    let programs = [
      ".", "..", ".a.b?.[0][1:]?", "def f($x; g): $x + g; f(1; 2)", "reduce .[] as $x (0; . + $x)",
      "foreach .[] as [$a, {b: $c}] (0; .; .)", "label $out | break $out",
      #""a\(1 + 2)b" | @base64 "x\(.)""#, "{a, $__loc__, \"b\": 1, (\"c\"): 2, if: 3}",
      "try error catch . | if . then 1 elif . then 2 else 3 end", ". as [$a] ?// $a | $a",
      "import \"a\" as a; include \"b\"; 1", "module {}; def f: 1; f", ".[] |= . + 1 // 2",
      "-1 - -2 * 3 % 4 / 5 < 6 and 7 or 8", "$__loc__", "1 as $x | 2 | $x", "@csv",
    ]
    for program in programs {
      #expect(SyntaxRecovery.errors(in: program).isEmpty, "\(program)")
    }
  }

  @Test("the model of jq's grammar has the states bison makes of it")
  func automatonSize() {
    // bison 3.8.2 makes 312 states of jq 1.8.2's grammar; an LALR(1) construction of the
    // same grammar makes as many.
    #expect(LALRAutomaton.jq.actions.count == 312)
  }

  @Test("the model's tables in JQParserTables are those computed from jq's grammar")
  func tablesAreComputedOnes() {
    // Scripts/generate-jq-parser-tables writes them: run it after changing the grammar.
    #expect(LALRAutomaton.jq.encodedTables == LALRAutomaton.computed().encodedTables)
  }

  @Test("a program with one syntax error reports one")
  func singleError() {
    let errors = reported(".a | 1 +")
    #expect(errors.map(\.message) == ["syntax error, unexpected end of file"])
  }
}
