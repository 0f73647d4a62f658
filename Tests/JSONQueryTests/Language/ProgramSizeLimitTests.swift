import JSONKit
import Testing

@testable import JSONQuery

/// The class "a program too large for jq": what jq 1.8.2 refuses for its size, jsonkit too.
///
/// jq refuses a program whose parse nests deeper than its bison parser's stack (10,000 states: "memory exhausted", at the token
/// where the stack filled) and a function compiled to more than 65,535 bytes ("function
/// compiled to N bytes which is too long"). jsonkit refuses the first exactly as jq does
/// (its model of jq's parser finds the place) and the second for chains of postfix steps
/// (`.a.a…`, `.[0][0]…`, `.a?.a?…`, with jq's count for a program that is one chain) and for
/// any function whose code, as jq generates it, passes the limit (`FunctionSize`: `label`,
/// `//`, `,`, `try`, `[…]`, with jq's count), and runs every program below both limits, on
/// an ordinary 8 MiB stack, without a crash.
@Suite("Programs past jq's parser stack or function size fail as jq's do, never crash")
struct ProgramSizeLimitTests {
  /// `program`'s outputs on `input`, parsed, compiled, run and freed on an 8 MiB thread.
  static func outputs(_ program: String, _ input: JSON = .null) async throws -> Result<
    [JSON], QueryError
  > {
    try await FlatChainTests.outputs(program, input)
  }

  /// Expects `program`'s outputs to be `expected`, or the stack guard's error: a debug
  /// build's frames are large, so on 8 MiB the guard may stop a long program.
  static func expectOutputsOrStackLimit(_ program: String, _ expected: [JSON]) async throws {
    switch try await outputs(program) {
    case .success(let values):
      #expect(values == expected, "\(program.prefix(20))…")
    case .failure(let error):
      #expect(error.message.contains("stack limit reached"), "\(program.prefix(20))…")
    }
  }

  /// The error `program` fails with, or an issue recorded when it runs.
  static func failure(_ program: String) async throws -> QueryError? {
    switch try await outputs(program) {
    case .success(let values):
      Issue.record("ran, giving \(values.prefix(3))")
      return nil
    case .failure(let error):
      return error
    }
  }

  @Test(
    "A chain of 100,000 postfix steps fails with jq's function size message",
    arguments: [".a", ".[0]", ".a?", ".\"a\"", ".[\"a\"]"])
  func longPostfixChainFails(step: String) async throws {
    let error = try #require(try await Self.failure(String(repeating: step, count: 100_000)))
    // jq 1.8.2: three bytes of bytecode a step, two around the program.
    #expect(error.message == "function compiled to 300002 bytes which is too long")
    #expect(error.kind == .compile)
  }

  @Test("Chains within jq's size run on an 8 MiB stack with jq's outputs")
  func chainsWithinTheLimitRun() async throws {
    // jq 1.8.2's outputs.
    let text = String(repeating: "{\"a\":", count: 300) + "1" + String(repeating: "}", count: 300)
    let nested = JSON(parseJSON: text)
    let cases: [(String, JSON, [JSON])] = [
      (String(repeating: ".a", count: 21_844), .null, [nil]),
      (String(repeating: ".a", count: 300), nested, [1]),
      ("[" + String(repeating: ".a?", count: 20_000) + "]", ["a": ["a": 1]], [[]]),
      (
        "[" + String(repeating: ".[]?", count: 3) + String(repeating: ".a?", count: 600) + "]",
        [[[7]]], [[]]
      ),
      (
        "try (.a" + String(repeating: ".b", count: 600) + ") catch .", ["a": 5],
        ["Cannot index number with string (\"b\")"]
      ),
      (
        "[path(" + String(repeating: ".a", count: 1000) + ")] | .[0] | length, unique", .null,
        [1000, ["a"]]
      ),
      ("[" + String(repeating: ".a", count: 600) + "??]", ["a": ["a": 1]], [[]]),
    ]
    for (program, input, expected) in cases {
      let values = try await Self.outputs(program, input).get()
      #expect(values == expected, "\(program.prefix(40))…")
    }
  }

  @Test("Programs nested past jq's parser stack fail with its message at its place")
  func nestingPastTheParserStackFails() async throws {
    // jq 1.8.2's columns.
    let cases: [(String, Int)] = [
      (String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000), 9997),
      (String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000), 9997),
      ((0..<10_000).map { "def f\($0): \($0); " }.joined() + ".", 167_660),
      (String(repeating: "1 | ", count: 5000) + "1", 19_993),
    ]
    for (program, column) in cases {
      let error = try #require(try await Self.failure(program))
      #expect(error.message == "memory exhausted", "\(program.prefix(20))…")
      #expect(error.location?.column == column, "\(program.prefix(20))…")
      #expect(error.kind == .compile)
    }
  }

  @Test("Programs nested within jq's parser stack run with jq's outputs")
  func nestingWithinTheParserStackRuns() async throws {
    // jq 1.8.2's outputs.
    let cases: [(String, [JSON])] = [
      ((0..<4_000).map { "def f\($0): \($0); " }.joined() + "f3999", [3_999]),
      (String(repeating: "1 | ", count: 4_990) + "1", [1]),
      (
        String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
          + " | [paths] | length", [299]
      ),
    ]
    for (program, expected) in cases {
      try await Self.expectOutputsOrStackLimit(program, expected)
    }
  }

  @Test("A program nested as deep as jq's parser takes never crashes on an 8 MiB stack")
  func deepNestingWithinTheParserStackNeverCrashes() async throws {
    // jq 1.8.2 takes 4,900 nested brackets or parentheses and 3,000 nested objects; jsonkit
    // runs them where the thread's stack allows, and fails with a stack limit where not.
    for (open, close, count) in [("[", "]", 4_900), ("(", ")", 4_900), ("{a:", "}", 3_000)] {
      let program =
        String(repeating: open, count: count) + "1" + String(repeating: close, count: count)
      switch try await Self.outputs(program + " | 1") {
      case .success(let values):
        #expect(values == [1], "\(open)")
      case .failure(let error):
        #expect(error.message.contains("stack limit reached"), "\(open): \(error.message)")
      }
    }
  }

  @Test("A function too long for jq reports its undefined names first, then its size")
  func undefinedNamesBeforeFunctionSize() async throws {
    // jq 1.8.2: the names (line 1, columns 1 and 21,007), then the size; 3 compile errors.
    let chain = Self.chain(".//.", 3_000, " | ")
    let error = try #require(try await Self.failure("$zz | \(chain) | $yy"))
    let all = [error] + error.additionalErrors
    #expect(
      all.map(\.message) == [
        "$zz is not defined", "$yy is not defined",
        "function compiled to 81008 bytes which is too long",
      ])
    #expect(all.prefix(2).map { $0.location?.column } == [1, 21_007])
    // Without an undefined name, the size alone.
    let alone = try #require(try await Self.failure("1 | \(chain)"))
    #expect(
      ([alone] + alone.additionalErrors).map(\.message) == [
        "function compiled to 81004 bytes which is too long"
      ])
  }

  /// `element` written `count` times, joined by `separator`.
  private static func chain(_ element: String, _ count: Int, _ separator: String) -> String {
    FlatChainTests.chain(element, count, separator)
  }

  /// `count` labels in a row before `1`.
  private static func labels(_ count: Int) -> String {
    (0..<count).map { "label $a\($0) | " }.joined() + "1"
  }

  @Test("A function past jq's 65,535 words fails with jq's count, whatever its constructs")
  func longFunctionFails() async throws {
    // jq 1.8.2's counts: 27 words a `//`, 34 a label, 17 an `and`, 4 a `,`, 2 a constant, 15
    // around `[…]`, 8 an `if`, 5 around `try … catch`, 2 around the top level and 1 around a
    // definition.
    let cases: [(String, Int)] = [
      (Self.chain("1", 2_261, " // "), 65_544),
      (Self.chain("1", 11_000, ","), 65_998),
      (Self.chain(".", 17_000, ","), 67_998),
      (Self.chain("1", 3_500, " and "), 66_485),
      (Self.chain("if . then 1 end", 5_000, ", "), 74_998),
      ("[" + Self.chain("(.a // 1)", 2_000, ", ") + "]", 72_013),
      ("try (" + Self.chain("1", 2_261, " // ") + ") catch 1", 65_551),
      ("def f: " + Self.chain("1", 2_261, " // ") + "; f", 65_543),
      (Self.labels(1_928), 65_556),
    ]
    for (program, words) in cases {
      switch try await Self.outputs(program) {
      case .success(let values):
        Issue.record("\(program.prefix(20))… ran, giving \(values.prefix(3))")
      case .failure(let error):
        // 1,928 labels nest as deep: a debug build's frames may meet the parser's guard.
        if error.message.contains("stack limit reached") { continue }
        #expect(
          error.message == "function compiled to \(words) bytes which is too long",
          "\(program.prefix(20))…")
        #expect(error.kind == .compile)
      }
    }
  }

  @Test("A function within jq's 65,535 words runs, and a definition never called is not counted")
  func functionWithinTheLimitRuns() async throws {
    // jq 1.8.2's outputs: 65,515 words, a constant array of 40,000 elements (one constant to
    // jq), a long definition that nothing calls (jq drops it), 48,998 words of `.a?`.
    let cases: [(String, [JSON])] = [
      (Self.chain("1", 2_260, " // "), [1]),
      ("[" + Self.chain("1", 40_000, ",") + "] | length", [40_000]),
      ("def f: " + Self.chain("1", 2_262, " // ") + "; 1", [1]),
      (Self.chain(".a?", 7_000, " , ") + " | 1", Array(repeating: 1, count: 7_000)),
    ]
    for (program, expected) in cases {
      try await Self.expectOutputsOrStackLimit(program, expected)
    }
  }
}
