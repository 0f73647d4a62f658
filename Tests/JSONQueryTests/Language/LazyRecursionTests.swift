import Foundation
import JSONKit
import TestProcesses
import Testing

@testable import JSONQuery

/// A recursive definition that outputs as it goes (`def r: ., (f | r)`) must cost O(1) per
/// output, as jq's fork points do: a generator that has only another's outputs left hands
/// that other its place (`Generator.Step.become`), so no forwarding layer stays per level.
@Suite("Lazy recursion")
struct LazyRecursionTests: QueryRunning {
  static let depth = 100_000

  @Test(
    "recursion that outputs as it goes, 100,000 levels deep",
    arguments: [
      "def r: ., (.+1 | r); [limit(\(depth); 0 | r)]",
      "[limit(\(depth); 0 | recurse(.+1; true))]",
      "[0 | recurse(if . < \(depth - 1) then .+1 else empty end)]",
      "def f: if . < \(depth) then ., (.+1 | select(. >= 0) | f) else empty end; [0 | f]",
      "[0 | while(. < \(depth); .+1)]",
      "[limit(\(depth); 0 | repeat(.+1))] | map(. - .) | to_entries | map(.key)",
    ])
  func deepLazyRecursion(_ program: String) throws {
    let outputs = try run(program)
    #expect(outputs.count == 1)
    let values = outputs.first?.array?.map { $0.int ?? -1 } ?? []
    #expect(values == Array(0..<Self.depth), "\(program)")
  }

  /// A recursive call in tail position needs no stack per level either (jq optimises tail
  /// calls too): a million levels on a 512 KiB stack.
  @Test("Tail recursion runs in constant stack")
  func tailRecursionRunsInConstantStack() async throws {
    // Compiled on the test's thread: the small one measures evaluation (under
    // AddressSanitizer, 512 KiB is too small to compile the prelude).
    let query = try Query("def f: if . > 0 then . - 1 | f else . end; 1000000 | f")
    let values = try await onOwnThread(stackSize: 512 << 10) { try? query.values(on: .null) }
    #expect(values == [0])
  }

  /// Each level of `def r: ., (. + 1 | r)` is made in the place of the one before it
  /// (`Executor.pull`, `Generator.Pull.later`), not inside it: a million outputs on a
  /// 512 KiB stack.
  @Test("Lazy recursion runs in constant stack")
  func lazyRecursionRunsInConstantStack() async throws {
    let query = try Query("def r: ., (. + 1 | r); [limit(1000000; 0 | r)] | [length, .[-1]]")
    let values = try await onOwnThread(stackSize: 512 << 10) { try? query.values(on: .null) }
    #expect(values == [[1_000_000, 999_999]])
  }

  /// The structural property behind the speed: the n-th output of a chain of `then`s is
  /// pulled from the same stack depth as the first, not through n forwarding calls.
  @Test("A chain of thens is pulled from a constant depth")
  func aChainOfThensIsPulledFromAConstantDepth() throws {
    var depths: [Int] = []
    func layer(_ n: Int) -> Generator {
      if n == 0 { return .empty }
      var given = false
      let leaf = Generator {
        if given { return nil }
        given = true
        depths.append(Thread.callStackReturnAddresses.count)
        return Item(value: JSON(n), path: nil)
      }
      return leaf.then { layer(n - 1) }
    }
    let outputs = try layer(2_000).all().map { $0.value.int }
    #expect(outputs == Array((1...2_000).reversed()))
    #expect(depths.count == 2_000)
    #expect((depths.max() ?? 0) - (depths.min() ?? 0) < 8, "stack depths \(depths.prefix(4))…")
  }

  /// Handing over a place changes no order: outputs of the part before an error, break or
  /// `limit` come first, and what follows is not run early.
  @Test(
    "order of outputs and errors is kept",
    arguments: [
      ("[try ((1, error(\"x\")) | (., . * 10)) catch .]", #"[1,10,"x"]"#),
      ("[label $out | 1, 2, break $out, 3]", "[1,2]"),
      ("[first(1, error(\"no\"))]", "[1]"),
      ("[limit(3; def r: ., (.+1 | r); 0 | r)]", "[0,1,2]"),
      ("[.[] | select(. > 1) | (., -.)]", "[2,-2,3,-3]"),
      (
        "[try (def r: if . < 3 then ., (.+1 | r) else error(\"end\") end; 0 | r) catch .]",
        #"[0,1,2,"end"]"#
      ),
      ("[(1, 2) as $x | ($x, empty, $x * 10)]", "[1,10,2,20]"),
    ])
  func orderIsKept(_ program: String, _ expected: String) throws {
    let outputs = try run(program, JSON([1, 2, 3]))
    #expect(outputs == [JSON(parseJSON: expected)], "\(program)")
  }
}
