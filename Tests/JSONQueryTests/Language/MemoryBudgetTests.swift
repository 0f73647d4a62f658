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

  @Test("within the budget the same steps run")
  func withinBudget() throws {
    let results = try Query(
      #"("x" * 1e6 | length), ([] | setpath([99999]; 1) | length)"#,
      options: QueryOptions(limits: QueryLimits(memory: 64 << 20))
    ).values(on: .null)
    #expect(results == [1_000_000, 100_000])
    // jq's own limit still comes first where it is lower.
    #expect(
      try run(#"try ("x" * 2e9) catch ."#) == ["Repeat string result too long"])
  }
}
