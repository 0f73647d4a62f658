import JSONKit
import Testing

@testable import JSONQuery

/// The class "a fractional index set": jq 1.8.2's `jv_set` truncates a number index toward
/// zero (C's `(int)`) before counting a negative one from the end, so `.[-1.5] = x` sets the
/// last element, the one `.[-1.5]` reads; every update that sets through an index does the
/// same (`=`, `|=`, `+=`, `setpath`, nested paths, `null` made an array).
@Suite("A fractional index is set where jq sets it: truncated toward zero")
struct FractionalIndexSetTests {
  @Test("Each update through a fractional index changes the element jq changes")
  func fractionalIndexUpdatesMatchJq() throws {
    // jq 1.8.2's outputs.
    let cases: [(String, JSON, JSON)] = [
      (".[-1.5] = 9", [1, 2], [1, 9]),
      (".[-0.5] = 9", [1, 2], [9, 2]),
      (".[-1.5] |= 9", [1, 2], [1, 9]),
      (".[-1.5] += 10", [1, 2, 3], [1, 2, 13]),
      ("setpath([-1.5]; 9)", [1, 2], [1, 9]),
      (".[0][-1.5] = 9", [[1, 2]], [[1, 9]]),
      (".[-0.5] = 1", .null, [1]),
      (".[1.9] = 9", [1, 2, 3], [1, 9, 3]),
      ("[.[-1.5], (.[-1.5] = 0)]", [1, 2], [2, [1, 0]]),
      (".[-2.5] = 9", [1, 2], [9, 2]),
    ]
    for (program, input, expected) in cases {
      #expect(try Query(program).values(on: input) == [expected], "\(program)")
    }
  }

  @Test("A negative index past the start still fails with jq's message")
  func negativeIndexPastTheStartFails() throws {
    #expect(
      try Query("try (.[-3.5] = 9) catch .").values(on: [1, 2])
        == ["Out of bounds negative array index"])
  }
}
