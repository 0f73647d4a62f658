import Foundation
import JSONKit
import TestProcesses
import Testing

@testable import JSONQuery

/// The evaluator's stack guard reads the stack of the thread it runs on, whatever made it.
///
/// A test's own thread of any size (`onOwnThread(stackSize:)`) or the cooperative pool's: a
/// bound read wrong would let a deep program run off the stack into its guard page: a SIGSEGV
/// that ends the whole test run, wherever it lands (in the evaluator, or in the unwinder that
/// Swift Testing runs for the backtrace of every thrown error).
///
/// The programs are compiled on the test's own thread and run on the thread under test: the
/// parser has no stack guard of its own, and a debug build's parser needs tens of KiB of
/// stack per nesting level of the program's text (more than a 128 KiB thread has for
/// `def f: if . > 0 then (. - 1 | f) + 1 else 0 end`).
@Suite("Stack bounds")
struct StackBoundTests {
  /// From below what any test asks for to above the largest it asks for (1 << 28 aside).
  static let stackSizes = [128 << 10, 256 << 10, 512 << 10, 1 << 20, 8 << 20, 64 << 20]

  static let stackLimit = "evaluation nested too deeply (stack limit reached)"

  /// Programs that nest without end, each level waiting for the one below (none is a tail
  /// call, which would run in constant stack and never end): the guard stops them, or on a
  /// large stack the evaluator's limit of 2,000 nested calls (jq's kind of error).
  static let bottomless = [
    "def f: if . > 0 then (. - 1 | f) + 1 else 0 end; 1000000 | f",
    "def f: 1 + f; f",
    "def f: [f]; f",
    "def f: {a: f}; f",
    "def f: reduce f as $x (0; .); f",
    "def f: try f catch .; f",
    "def f: path(f); f",
    "def f: [.[]?, f] | length; f",
  ]

  /// Programs on values 20,000 levels deep, which the builtins walk (`tojson`, `walk`,
  /// `flatten`, `..`, `tostream`, comparisons).
  static let deepValues = [
    "reduce range(20000) as $i (null; [.]) | tojson | length",
    "reduce range(20000) as $i (null; {a: .}) | walk(.) | tojson | length",
    "reduce range(20000) as $i (null; [.]) | flatten | length",
    "reduce range(20000) as $i (null; [.]) | [..] | length",
    "reduce range(20000) as $i (null; [.]) | [limit(3; tostream)] | length",
    "reduce range(20000) as $i (null; [.]) | try (. == .) catch \"too deep\"",
    "reduce range(20000) as $i (null; [.]) | try ([., .] | sort | length) catch \"too deep\"",
    "reduce range(20000) as $i (null; [.]) | tojson | fromjson | tojson | length",
  ]

  /// Whether `error` is the guard's, or the limit of nested calls.
  static func stoppedByALimit(_ error: QueryError) -> Bool {
    (error.isResourceLimit && error.message == stackLimit)
      || error.message.hasPrefix("maximum call depth (2000) exceeded")
  }

  /// What `query` gave on `input`: its values, or its error.
  static func outcome(_ query: Query, on input: JSON = .null) -> Result<[JSON], QueryError> {
    do throws(QueryError) {
      return .success(try query.values(on: input))
    } catch {
      return .failure(error)
    }
  }

  /// `programs`, compiled (on the calling thread).
  static func compiled(_ programs: [String]) throws -> [Query] {
    try programs.map { try Query($0) }
  }

  @Test(
    "A program that nests without end meets a limit on every thread's stack",
    arguments: [nil] + stackSizes.map { Optional($0) })
  func bottomlessProgramsMeetTheGuard(stackSize: Int?) async throws {
    let queries = try Self.compiled(Self.bottomless)
    let outcomes = try await onOwnThread(stackSize: stackSize) { queries.map { Self.outcome($0) } }
    for (program, outcome) in zip(Self.bottomless, outcomes) {
      guard case .failure(let error) = outcome else {
        Issue.record("\(program) ended with values on a \(stackSize ?? 0)-byte stack")
        continue
      }
      #expect(Self.stoppedByALimit(error), "\(program): \(error)")
    }
  }

  @Test("On the cooperative pool's thread too")
  func onTheCooperativePoolsThreadToo() throws {
    for (program, query) in zip(Self.bottomless, try Self.compiled(Self.bottomless)) {
      guard case .failure(let error) = Self.outcome(query) else {
        Issue.record("\(program) ended with values")
        continue
      }
      #expect(Self.stoppedByALimit(error), "\(program): \(error)")
    }
  }

  // `flatten` recursed once per level of its input and ran a small thread off its stack on
  // a value 20,000 levels deep (SIGSEGV, 2026-12-07); it now keeps a stack of its own.
  // `tostream` and `fromjson` refuse this depth as jq 1.8.2 does ("Path too deep", "Exceeds
  // depth limit for parsing"): an error is an outcome too, and must be the same on every stack.
  @Test(
    "A deep value gives the same outcome on every stack, or the guard's error",
    arguments: stackSizes)
  func deepValuesGiveOneOutcomeOrTheGuardsError(stackSize: Int) async throws {
    let queries = try Self.compiled(Self.deepValues)
    // The reference: the largest stack a test asks for holds all of them.
    let reference = try await onOwnThread(stackSize: 1 << 28) {
      queries.map { Self.outcome($0) }
    }
    let outcomes = try await onOwnThread(stackSize: stackSize) { queries.map { Self.outcome($0) } }
    for (index, program) in Self.deepValues.enumerated() {
      switch (reference[index], outcomes[index]) {
      case (.success(let expected), .success(let values)):
        #expect(values == expected, "\(program)")
      case (.failure(let expected), .failure(let error)) where error.message == expected.message:
        continue
      case (_, .failure(let error)):
        #expect(error.isResourceLimit && error.message == Self.stackLimit, "\(program): \(error)")
      case (.failure(let expected), .success):
        Issue.record("\(program) ended with values, but failed on a 256 MiB stack: \(expected)")
      }
    }
  }
}
