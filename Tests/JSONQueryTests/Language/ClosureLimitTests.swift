import JSONKit
import TestProcesses
import Testing

@testable import JSONQuery

/// Issue 29's class 8: jq's 4095 limit on the closures one body of code creates.
///
/// jq numbers the closures a function body (or the top level, or an argument) creates in
/// 12 bits: each argument of a call is one, and each local definition a body keeps. It
/// fails on the 4097th with `too many function parameters or local function definitions
/// (max 4095)`: a call with 4096 arguments beside the definition it calls, 4097 calls with
/// an argument in a definition's body, as jq 1.8.2 does. Parameters passed on
/// (`def g(b): f(b; b; …)`) create none.
@Suite("jq's 4095 limit on the closures one body creates")
struct ClosureLimitTests {
  private static let message =
    "too many function parameters or local function definitions (max 4095)"

  /// `def f(a0; …): 1; f(.; …)` with `count` parameters and arguments.
  private static func wideCall(_ count: Int) -> String {
    let parameters = (0..<count).map { "a\($0)" }.joined(separator: "; ")
    let arguments = Array(repeating: ".", count: count).joined(separator: "; ")
    return "def f(\(parameters)): 1; f(\(arguments))"
  }

  /// `count` calls with one argument each, in one array.
  private static func manyCalls(_ count: Int, inside definition: Bool = false) -> String {
    let calls = Array(repeating: "f(. + 1)", count: count).joined(separator: ", ")
    guard definition else { return "def f(a): a; [\(calls)] | length" }
    return "def f(a): a; def g: [\(calls)] | length; g"
  }

  /// The compile error of `program`, or its values on `input`, on a thread with an ordinary
  /// 8 MiB stack (4096 elements joined by `,` needed 256 MiB when the chain nested as deep
  /// as it was long: FlatChainTests).
  private static func run(
    _ program: String, on input: JSON = .null
  ) async throws -> Result<[JSON], QueryError> {
    try await FlatChainTests.outputs(program, input)
  }

  private static func compileError(_ program: String) async throws -> QueryError? {
    if case .failure(let error) = try await run(program) { return error }
    return nil
  }

  @Test("A call with 4096 arguments beside its definition fails to compile; 4095 compile")
  func wideCalls() async throws {
    let error = try await Self.compileError(Self.wideCall(4096))
    #expect(error?.message == Self.message)
    #expect(error?.kind == .compile)
    #expect(error?.location == nil)
    #expect(try await Self.run(Self.wideCall(4095)).get() == [1])
  }

  @Test("The 4097th closure of one body fails: 4096 calls beside a definition, 4097 in one")
  func manyCallsInOneBody() async throws {
    #expect(try await Self.compileError(Self.manyCalls(4096))?.message == Self.message)
    #expect(try await Self.run(Self.manyCalls(4095), on: 1).get() == [4095])
    #expect(
      try await Self.compileError(Self.manyCalls(4097, inside: true))?.message == Self.message)
    #expect(try await Self.run(Self.manyCalls(4096, inside: true), on: 1).get() == [4096])
  }

  @Test("Arguments count per body: 4096 calls split between two definitions compile")
  func countsPerBody() async throws {
    let half = Array(repeating: "f(. + 1)", count: 2048).joined(separator: ", ")
    let program = "def f(a): a; def g: [\(half)]; def h: [\(half)]; g + h | length"
    #expect(try await Self.run(program, on: 1).get() == [4096])
  }

  @Test("Parameters passed on create no closure: 4096 of them in one call compile")
  func parametersPassedOn() async throws {
    let parameters = (0..<4096).map { "a\($0)" }.joined(separator: "; ")
    let passed = Array(repeating: "b", count: 4096).joined(separator: "; ")
    let program = "def f(\(parameters)): 1; def g(b): f(\(passed)); 2"
    #expect(try await Self.run(program).get() == [2])
  }
}
