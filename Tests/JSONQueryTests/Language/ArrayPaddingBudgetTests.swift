import JSONKit
import Testing

@testable import JSONQuery

/// The class "an array padded by an index": every way a program grows an array by naming
/// an index past its end (`setpath`, `=`, `|=`, `+=`, `//=`, `fromstream`, `pick`, an update
/// of a `reduce` accumulator in place), with any index jq takes (fractional ones truncated toward zero,
/// negative ones counted from the end), is counted against the run's memory budget before
/// the padding is allocated, and without a budget against the machine's.
@Suite("Every index that pads an array is counted by the memory budget")
struct ArrayPaddingBudgetTests {
  /// Programs that pad an array to about 100 million (or 536,870,912) elements, 1.6 GB or
  /// more: each must fail before it allocates under a 64 MiB budget.
  static let paddings = [
    ".[536870911.5] = 1",
    ".[536870911.5] |= 1",
    "setpath([536870911.5]; 1)",
    "setpath([\"a\", 1e8 + 0.25]; 1)",
    "[null] | .[1e8 + 0.5] += 1",
    ".a[1e8] //= 1",
    "fromstream([[1e8], 1], [[1e8]])",
    "fromstream([[\"a\", 1e8 + 0.5], 1], [[\"a\"]])",
    "pick(.[1e8])",
    "reduce range(3) as $i ([]; .[$i * 1e8 + 0.5] = 1)",
    "reduce range(3) as $i ([]; setpath([$i * 1e8 + 0.5]; 1))",
    "foreach (1e8 + 0.5) as $i ([]; .[$i] = 1; length)",
    "[[1]] | .[0][1e8] = 1",
  ]

  @Test("Each padding under a memory limit ends with the memory limit", arguments: paddings)
  func paddingUnderAMemoryLimitIsStopped(_ program: String) throws {
    let query = try Query(program, options: QueryOptions(limits: QueryLimits(memory: 64 << 20)))
    do {
      let values = try query.values(on: .null)
      Issue.record("\(program) gave \(values)")
    } catch {
      #expect(error.exceededLimit == .memory, "\(program): \(error.message)")
      #expect(error.message.contains("an array of"), "\(program): \(error.message)")
    }
  }

  @Test("A padding within the budget is made, as jq makes it, fractional indices truncated")
  func paddingWithinTheBudgetIsMade() throws {
    let limited = QueryOptions(limits: QueryLimits(memory: 1 << 20))
    // jq 1.8.2's outputs.
    let cases: [(String, JSON)] = [
      ("[.[2.7] = 1 | length, .[2]]", [3, 1]),
      ("setpath([1.5]; 1)", [nil, 1]),
      ("[fromstream([[1.5], 1], [[1.5]])]", [[nil, 1]]),
      (".[3.9] |= 4 | length", 4),
    ]
    for (program, expected) in cases {
      #expect(try Query(program, options: limited).values(on: .null) == [expected], "\(program)")
      #expect(try Query(program).values(on: .null) == [expected], "\(program)")
    }
  }

  @Test(
    "Without a memory limit a padding past the machine's budget fails before it allocates",
    .enabled(if: MemoryBudget.machineBytes / MemoryBudget.bytesPerElement < 536_870_912))
  func paddingPastTheMachineFails() throws {
    for program in [".[536870911.5] = 1", ".[536870911.5] |= 1", "setpath([536870911.5]; 1)"] {
      do {
        _ = try Query(program).values(on: .null)
        Issue.record("\(program) ended")
      } catch {
        #expect(error.exceededLimit == .memory, "\(program): \(error.message)")
        #expect(error.message.hasSuffix("(a quarter of this machine's memory)"))
      }
    }
  }

  @Test("Indices past jq's own limits keep jq's errors")
  func indicesPastJqLimitsKeepJqErrors() throws {
    // jq 1.8.2's messages.
    let cases: [(String, String)] = [
      (".[536870912] = 1", "Array index too large"),
      (".[1e300] = 1", "Array index too large"),
      ("[] | .[-1] = 1", "Out of bounds negative array index"),
      ("[] | .[nan] = 1", "Cannot set array element at NaN index"),
    ]
    let limited = QueryOptions(limits: QueryLimits(memory: 64 << 20))
    for (program, message) in cases {
      #expect(
        try Query("try (\(program)) catch .", options: limited).values(on: .null)
          == [JSON(message)], "\(program)")
    }
  }
}
