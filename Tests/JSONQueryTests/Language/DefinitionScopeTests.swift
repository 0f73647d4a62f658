import JSONKit
import TestProcesses
import Testing

@testable import JSONQuery

/// The class "many definitions in one scope": each `def` adds a level that later scopes share.
///
/// The levels are shared by the scopes made from them, not copied per definition (10,000
/// definitions took 100 s to compile when each copied all the levels before it). Lookups see the innermost definition or variable of a name, as jq binds
/// them, and a scope thousands of levels deep is freed in a loop.
@Suite("Many definitions share their scope: compiled in one pass, looked up as jq binds")
struct DefinitionScopeTests {
  @Test("Names resolve to the innermost definition or variable, as jq binds them")
  func namesResolveAsJqBindsThem() throws {
    // jq 1.8.2's outputs.
    let cases: [(String, JSON)] = [
      ("def f: 1; def f: 2; f", 2),
      ("1 as $x | def f: $x; 2 as $x | f", 1),
      ("def f(g): def h: g; h; def g: 5; f(g + 1)", 6),
      ("def f: def f: 3; f + 10; f", 13),
      ("1 as $x | [2 as $x | $x, def g: $x; g]", [2, 2]),
      ("def f($a): def g: $a; $a as $b | def h: $b + g; h; f(3)", 6),
      ("reduce range(3) as $i (0; def d: $i; . + d)", 3),
    ]
    for (program, expected) in cases {
      #expect(try Query(program).values(on: .null) == [expected], "\(program)")
    }
  }

  @Test("4,000 definitions in a row, each calling the one before, compile, and one runs")
  func thousandsOfDefinitionsCompile() async throws {
    // Each body calls the definition before it: every lookup walks one level; the call of
    // `f10` is 3,989 levels in (and 10 calls deep when run). (jq keeps at
    // most 4,095 called definitions in one body; `ProgramSizeLimitTests` has 9,990 unused.)
    let program =
      "def f0: 0; " + (1..<4_000).map { "def f\($0): f\($0 - 1) + 1; " }.joined() + "f10"
    let values = try await onOwnThread(stackSize: 8 << 20) {
      try Query(program).values(on: .null)
    }
    #expect(values == [10])
  }
}
