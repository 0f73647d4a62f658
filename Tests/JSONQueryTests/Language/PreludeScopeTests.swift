import Foundation
import JSONKit
import Testing

@testable import JSONQuery

/// The prelude a query compiles against is that query's own: a query compiled with only the
/// definitions its text can reach (`QueryOptions.compilesReachablePreludeOnly`, what
/// `jsonkit` asks for) leaves every other compilation in the process untouched, before,
/// after and at the same time.
@Suite("Language: the prelude is a per-query option")
struct PreludeScopeTests {
  /// Options that ask for the reachable prelude alone.
  static var reachableOnly: QueryOptions {
    var options = QueryOptions()
    options.compilesReachablePreludeOnly = true
    return options
  }

  @Test("a limited program, then a full one, in one process: the full one has every definition")
  func limitedThenFull() throws {
    // `.a` reaches no prelude definition; a process-wide switch would leave `map` and
    // `add` undefined.
    let limited = try Query(".a", options: Self.reachableOnly)
    let full = try Query(#"map(tostring + "-") | add"#)
    #expect(try full.values(on: [1, 2]) == ["1-2-"])
    #expect(try limited.values(on: ["a": 3]) == [3])
    // And a later limited one still reaches its own definitions.
    #expect(try Query("add", options: Self.reachableOnly).values(on: [1, 2]) == [3])
  }

  @Test("two limited programs each get the definitions their own text reaches")
  func limitedThenLimited() throws {
    let first = try Query("map(. + 1)", options: Self.reachableOnly)
    let second = try Query(#"map(tostring) | add"#, options: Self.reachableOnly)
    #expect(try first.values(on: [1, 2]) == [[2, 3]])
    #expect(try second.values(on: [1, 2]) == ["12"])
  }

  @Test("a limited prelude holds what its program reaches and less than the whole")
  func reachableIsASubset() {
    let reachable = Prelude.reachable(from: ".[] | map(.a)")
    #expect(reachable.refs["map/1"] != nil)
    #expect(reachable.refs["add/0"] == nil)
    #expect(Prelude.whole.refs["add/0"] != nil)
    #expect(Prelude.reachable(from: ".a").refs.isEmpty)
  }

  @Test("a program that imports a module gets the whole prelude even when it asks for less")
  func importsGetTheWholePrelude() throws {
    // The module calls `add`, which the program's text does not name.
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("jsonkit-prelude-scope-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try Data(#"def joined: map(. + "-") | add;"#.utf8).write(
      to: directory.appendingPathComponent("m.jq"))
    var options = Self.reachableOnly
    options.libraryPaths = [directory.path]
    let query = try Query(#"import "m" as m; m::joined"#, options: options)
    #expect(try query.values(on: ["x", "y"]) == ["x-y-"])
  }

  @Test("limited and full programs compiled at once on many threads all run as alone")
  func concurrentCompilations() async throws {
    let programs = [
      (".a", true), ("map(. * 2)", true), (#"join("-")"#, false), ("add", true),
      (#"[.[] | tostring] | join("+")"#, true), ("first", false),
    ]
    let inputs: [JSON] = [["a": 1], [1, 2], ["x", "y"], [1, 2], [1, 2], [7]]
    let expected: [JSON] = [1, [2, 4], "x-y", 3, "1+2", 7]
    try await withThrowingTaskGroup(of: (Int, [JSON]).self) { group in
      for round in 0..<8 {
        for (i, (program, limited)) in programs.enumerated() {
          group.addTask {
            let options = (limited != (round % 2 == 0)) ? QueryOptions() : Self.reachableOnly
            return (i, try Query(program, options: options).values(on: inputs[i]))
          }
        }
      }
      for try await (i, values) in group { #expect(values == [expected[i]]) }
    }
  }
}
