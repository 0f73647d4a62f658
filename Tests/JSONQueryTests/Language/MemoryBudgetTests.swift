import JSONKit
import Testing

@testable import JSONQuery

/// One step that would allocate more than what is left of `QueryLimits.memory` ends the run
/// with a clear error, before allocating, and `try` does not catch it.
@Suite("Memory budget for one-step allocations")
struct MemoryBudgetTests: QueryRunning {
  private func failure(_ program: String, budget: Int) -> QueryError? {
    do {
      _ = try Query(program, options: QueryOptions(limits: QueryLimits(memory: budget)))
        .values(on: .null)
      return nil
    } catch {
      return error
    }
  }

  @Test("a repeated string, a long join or a padded setpath past the budget fails")
  func bombsStop() throws {
    let budget = 1 << 20
    for program in [
      #""x" * 1e8"#, #"try ("abc" * 1e7) catch "caught""#,
      #"("x" * 600000) as $s | $s + $s"#, "[range(70000)] as $a | $a + $a",
      "null | setpath([100000000]; 1)", "try ([] | setpath([0, 50000000]; 1)) catch 0",
    ] {
      let error = failure(program, budget: budget)
      #expect(error?.isResourceLimit == true, "\(program)")
      #expect(error?.exceededLimit == .memory, "\(program)")
      #expect(error?.message.hasPrefix("memory limit of 1048576 bytes exceeded") == true)
    }
    #expect(
      failure(#""x" * 1e8"#, budget: budget)?.message
        == "memory limit of 1048576 bytes exceeded (making a string of 1 bytes repeated"
        + " 100000000 times)"
    )
  }

  @Test("a padded setpath whose path fails further down gives jq's error, with no padding charged")
  func paddingBeforeKeyError() throws {
    // jq pads the array (`jv_set`) and then fails further down the path: its error, not
    // the budget's, and the padding costs nothing (the later step fits in what is left).
    // The errors are jq 1.8.2's for the same paths at index 5.
    let budget = 4 << 20
    for (path, message) in [
      #"[100000000, "a", {}]"#: "Array/string slice indices must be integers",
      "[100000000, true]": "Cannot index null with boolean (true)",
      "[100000000, -1]": "Out of bounds negative array index",
      "[100000000, 0, 600000000]": "Array index too large",
      #"[7, 100000000, "a", [0]]"#: "Cannot index null with array ([0])",
      #"[3, {"start": 1}, 100000000, false]"#: "Cannot index null with boolean (false)",
    ] {
      let program = "[1, 2] | setpath(\(path); 1)"
      #expect(failure(program, budget: budget)?.message == message, "\(program)")
      let results = try Query(
        "(try (\(program)) catch .), ([] | setpath([99999]; 1) | length)",
        options: QueryOptions(limits: QueryLimits(memory: budget))
      ).values(on: .null)
      #expect(results == [JSON(message), 100_000], "\(program)")
    }
    // jq reads a slice of null whatever its bounds, and checks them after the rest.
    #expect(
      failure(#"null | setpath([{"start": 1}, true]; 1)"#, budget: budget)?.message
        == "Cannot index null with boolean (true)")
    // Long paths of padding indices stay linear: each index's rest is checked once.
    let long = "[" + Array(repeating: "2", count: 5_000).joined(separator: ", ") + "]"
    let padded = try Query("null | setpath(\(long); 1) | getpath(\(long))").values(on: .null)
    #expect(padded == [1])
  }

  @Test("jq's repeat limit is INT_MAX less 8 bytes: longer repeats below it meet the budget")
  func repeatLimitIsJqs() throws {
    let budget = 1 << 20
    for program in [#""abc" * 400000000"#, #""x" * 2147483638"#] {
      #expect(failure(program, budget: budget)?.exceededLimit == .memory, "\(program)")
    }
    #expect(try run(#"try ("x" * 2147483639) catch ."#) == ["Repeat string result too long"])
  }

  @Test("within the budget the same steps run")
  func withinBudget() throws {
    let results = try Query(
      #"("x" * 1e6 | length), ([] | setpath([99999]; 1) | length)"#,
      options: QueryOptions(limits: QueryLimits(memory: 64 << 20))
    ).values(on: .null)
    #expect(results == [1_000_000, 100_000])
    // jq's own limit still comes first where it is lower.
    #expect(
      try run(#"try ("x" * 3e9) catch ."#) == ["Repeat string result too long"])
  }
}
