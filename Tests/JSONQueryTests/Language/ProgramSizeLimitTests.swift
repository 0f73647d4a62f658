import JSONKit
import Testing

@testable import JSONQuery

/// The class "a program too large for jq": what jq 1.8.2 refuses for its size, jsonkit too.
///
/// jq refuses a program whose parse nests deeper than its bison parser's stack (10,000 states: "memory exhausted", at the token
/// where the stack filled) and a function compiled to more than 65,535 bytes ("function
/// compiled to N bytes which is too long"). jsonkit refuses the first exactly as jq does
/// (its model of jq's parser finds the place) and the second for chains of postfix steps
/// (`.a.a…`, `.[0][0]…`, `.a?.a?…`, with jq's count for a program that is one chain), and
/// runs every program below both limits, on an ordinary 8 MiB stack, without a crash.
@Suite("Programs past jq's parser stack or function size fail as jq's do, never crash")
struct ProgramSizeLimitTests {
  /// `program`'s outputs on `input`, parsed, compiled, run and freed on an 8 MiB thread.
  static func outputs(_ program: String, _ input: JSON = .null) async throws -> Result<
    [JSON], QueryError
  > {
    try await FlatChainTests.outputs(program, input)
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
      switch try await Self.outputs(program) {
      case .success(let values):
        #expect(values == expected, "\(program.prefix(20))…")
      case .failure(let error):
        // A debug build's frames are large: on 8 MiB the guard may stop a long program.
        #expect(error.message.contains("stack limit reached"), "\(program.prefix(20))…")
      }
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
}
