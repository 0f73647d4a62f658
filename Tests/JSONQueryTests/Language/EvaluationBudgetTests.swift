import Foundation
import JSONKit
import TestProcesses
import Testing

@testable import JSONQuery

/// `QueryOptions.stepLimit`: off by default (jq semantics), and when set every kind of
/// endless or huge evaluation ends with an error that `try`, `?` and `//` cannot swallow.
@Suite("Evaluation budget: QueryOptions.stepLimit")
struct EvaluationBudgetTests {
  static let limit = 10_000

  /// The error the run ends with under `limit` steps (nil when it ends without one).
  func failure(_ program: String, _ input: JSON = .null, limit: Int? = Self.limit) throws
    -> QueryError?
  {
    let query = try Query(program, options: QueryOptions(stepLimit: limit))
    do {
      _ = try query.values(on: input)
      return nil
    } catch {
      return error
    }
  }

  func expectLimitExceeded(_ program: String, _ input: JSON = .null) throws {
    let error = try failure(program, input)
    #expect(error?.isResourceLimit == true, "\(program): \(String(describing: error))")
    // Under AddressSanitizer a program that nests may meet the stack guard first.
    if !AddressSanitizer.stoppedByGuardInstead(error) {
      #expect(error?.message == "evaluation step limit exceeded", "\(program)")
    }
    #expect(error?.kind == .runtime)
  }

  @Test("The limit is off by default")
  func theLimitIsOffByDefault() throws {
    #expect(QueryOptions().stepLimit == nil)
    #expect(try Query("[range(50000)] | length").values(on: .null) == [50000])
    #expect(try Query("reduce range(20000) as $i (0; . + $i)").values(on: .null) == [199_990_000])
  }

  @Test(
    "endless and huge programs stop",
    arguments: [
      "[repeat(.)]", "[range(1e9)]", "last(range(1e9))", "[limit(1e9; repeat(1))] | length",
      "reduce range(1e9) as $i (0; . + 1)", "[range(1e5)] | [.[] as $x | .[]] | length",
      "def f: ., f; [f]", "def f: (. + 1 | f), .; f", "[recurse(. + 1)]", "until(false; . + 1)",
      "[range(1e6)] | reduce .[] as $x (0; . + $x)", "last(repeat(empty), 1)",
      "[paths] | length",
    ])
  func endlessProgramsStop(program: String) throws {
    try expectLimitExceeded(program, program == "[paths] | length" ? Self.wideValue : .null)
  }

  /// 200 arrays of 200 numbers: `[paths]` visits 40,200 values.
  static let wideValue = JSON(array: (0..<200).map { _ in JSON(array: (0..<200).map { JSON($0) }) })

  @Test(
    "try, ?, // and ?// do not catch it",
    arguments: [
      "try [repeat(1)] catch \"caught\"", "[repeat(1)]?", "[repeat(1)] // 1",
      "([repeat(1)] | length) // 1",
      "[[repeat(1)][]?]", ". as [$a] ?// $a | [repeat($a)]", "label $l | [repeat(1)]",
    ])
  func handlersDoNotCatchIt(program: String) throws {
    try expectLimitExceeded(program)
  }

  @Test("Programs within the budget give the same results")
  func programsWithinTheBudgetGiveTheSameResults() throws {
    let programs = [
      "[limit(5; repeat(1))]", "[range(10)] | map(. * 2) | add",
      "def fac: if . <= 1 then 1 else . * (. - 1 | fac) end; 10 | fac",
      "[paths]", "try error(\"x\") catch .", "[.[]?]",
    ]
    for program in programs {
      let input: JSON = ["a": [1, 2]]
      let unlimited = try Query(program).values(on: input)
      let limited = try Query(program, options: QueryOptions(stepLimit: Self.limit)).values(
        on: input)
      #expect(limited == unlimited, "\(program)")
    }
  }

  @Test("Each run has the whole budget")
  func eachRunHasTheWholeBudget() throws {
    let query = try Query("[range(600)] | length", options: QueryOptions(stepLimit: 1_000))
    for _ in 0..<5 { #expect(try query.values(on: .null) == [600]) }
    #expect(try failure("[range(1100)] | length", limit: 1_000)?.isResourceLimit == true)
  }

  @Test("Results before the limit are delivered")
  func resultsBeforeTheLimitAreDelivered() throws {
    var results = try Query("repeat(1)", options: QueryOptions(stepLimit: 100)).run(on: .null)
    var count = 0
    var error: QueryError?
    do {
      while try results.next() != nil { count += 1 }
    } catch let caught {
      error = caught
    }
    #expect(count > 10)
    #expect(error?.isResourceLimit == true)
    #expect(try results.next() == nil)  // the run is over
  }

  @Test("Zero and negative limits fail at the first step")
  func zeroAndNegativeLimitsFailAtTheFirstStep() throws {
    #expect(try failure(".", limit: 0)?.isResourceLimit == true)
    #expect(try failure("1", limit: -5)?.isResourceLimit == true)
    #expect(try failure(".", limit: 1) == nil)
  }

  @Test("Ordinary errors are not resource limits")
  func ordinaryErrorsAreNotResourceLimits() throws {
    #expect(try failure("error(\"x\")")?.isResourceLimit == false)
    #expect(try failure("[1] | .a")?.isResourceLimit == false)
    #expect(QueryError.runtime("evaluation step limit exceeded").isResourceLimit == false)
  }
}

/// Lazily nested generators grow the native stack without an active call: the stack guard
/// ends the run with an error (on any thread, whatever its stack size) instead of a crash.
@Suite("Evaluation budget: the stack guard")
struct StackGuardTests {
  /// Nests one level per step, all inside one `next()`: 1e6 levels overflow any stack.
  ///
  /// Not a tail call: each level waits for the next one's value to add 1, so the levels
  /// stay on the stack (a tail call, `. - 1 | f`, runs in constant stack: LazyRecursionTests).
  static let deepProgram = "def f: if . > 0 then (. - 1 | f) + 1 else 0 end; 1000000 | f"

  static func deepRecursionError(_ query: Query? = nil) -> QueryError? {
    do {
      if let query {
        _ = try query.values(on: .null)
      } else {
        _ = try Query(deepProgram).values(on: .null)
      }
      return nil
    } catch {
      return error
    }
  }

  @Test("Deep lazy recursion fails instead of crashing", arguments: [512 << 10, 4 << 20, 16 << 20])
  func deepLazyRecursionFailsInsteadOfCrashing(stackSize: Int) async throws {
    // Compiled here, run on the small thread: what is measured is evaluation. (Under
    // AddressSanitizer a 512 KiB thread is too small to compile the prelude at all.)
    let query = try Query(Self.deepProgram)
    let error = try await onOwnThread(stackSize: stackSize) { Self.deepRecursionError(query) }
    #expect(error?.isResourceLimit == true)
    #expect(error?.message == "evaluation nested too deeply (stack limit reached)")
  }

  @Test("On the test's own thread too")
  func onTheTestsOwnThreadToo() {
    #expect(Self.deepRecursionError()?.isResourceLimit == true)
  }

  @Test("try does not catch it")
  func tryDoesNotCatchIt() async throws {
    let query = try Query("try (\(Self.deepProgram)) catch \"caught\"")
    let error = try await onOwnThread(stackSize: 1 << 20) { () -> QueryError? in
      do {
        _ = try query.values(on: .null)
        return nil
      } catch {
        return error as? QueryError
      }
    }
    #expect(error?.isResourceLimit == true)
  }

  @Test("Moderate recursion still works on a small stack")
  func moderateRecursionStillWorksOnASmallStack() async throws {
    let query = try Query("def f: if . > 0 then . - 1 | f else . end; 200 | f")
    let values = try await onOwnThread(stackSize: 1 << 20) { try? query.values(on: .null) }
    #expect(values == [0])
  }

  @Test("Results taken on another thread use that thread's stack")
  func resultsTakenOnAnotherThreadUseThatThreadsStack() async throws {
    // Created on one thread, consumed on a small-stack one: the guard follows the thread.
    let query = try? Query("1, (\(Self.deepProgram))")
    let results = UncheckedBox(query?.run(on: .null))
    let error = try await onOwnThread(stackSize: 512 << 10) { () -> QueryError? in
      guard var results = results.value else { return nil }
      do {
        while try results.next() != nil {}
        return nil
      } catch {
        return error as? QueryError
      }
    }
    #expect(error?.isResourceLimit == true)
  }
}

/// Moves a non-`Sendable` value to a helper thread that is its only user.
struct UncheckedBox<T>: @unchecked Sendable {
  let value: T
  init(_ value: T) { self.value = value }
}
