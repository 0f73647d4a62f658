import JSONKit
import Testing

@testable import JSONQuery

/// `foreach` and `reduce` state as jq 1.8.2 keeps it: the state is loaded with LOADVN, which
/// leaves null behind, so a round whose update has no output starts the next from null; each
/// output of an update is computed from the state the round started with.
@Suite("jq 1.8.2: foreach whose update yields nothing")
struct ForeachStateTests: PrintedOutputs {
  @Test("after an update with no output the state is null")
  func emptyUpdate() throws {
    #expect(
      try printed("[foreach (1,2,3) as $x (0; if $x == 2 then empty else . + $x end)]") == ["[1,3]"]
    )
    #expect(
      try printed("[foreach (1,2,3) as $x (0; if $x == 2 then empty else . + $x end; [$x,.])]") == [
        "[[1,1],[3,3]]"
      ])
    #expect(try printed("[foreach (1,2) as $x ([]; empty; .)]") == ["[]"])
    #expect(try printed("reduce (1,2,3) as $x (0; if $x == 2 then empty else . + $x end)") == ["3"])
  }

  @Test("several outputs of an update each become the state")
  func severalOutputs() throws {
    #expect(try printed("[foreach (1,2,3) as $x (10; empty, . + $x)]") == ["[11,13,16]"])
    #expect(try printed("[foreach (1,2) as $x (0; (. + 1), (. + 10))]") == ["[1,10,11,20]"])
  }
}
