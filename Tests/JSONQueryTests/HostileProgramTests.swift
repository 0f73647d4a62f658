import Foundation
import JSONKit
import Testing

@testable import JSONQuery

/// `QueryLimits`: each program of the hostile-program table is stopped by the limit its
/// row names, `try` cannot catch that, and the process goes on compiling and running
/// ordinary programs afterwards.
@Suite("Hostile programs stopped by QueryLimits")
struct HostileProgramTests {
  /// The error a run of `program` ends with, or nil when it ends without one.
  private func failure(_ program: String, _ limits: QueryLimits, on input: JSON = .null)
    throws -> QueryError?
  {
    let query = try Query(program, options: QueryOptions(limits: limits))
    do {
      _ = try query.values(on: input)
      return nil
    } catch {
      return error
    }
  }

  @Test("The table has at least 20 programs, each stopped by a limit it sets")
  func tableIsComplete() {
    #expect(HostileProgram.table.count >= 20)
    for row in HostileProgram.table {
      #expect(!row.limits.isEmpty, "\(row.name)")
    }
    let kinds = Set(HostileProgram.table.map(\.stoppedBy))
    #expect(kinds == Set(QueryLimits.Kind.allCases))
  }

  @Test("The article \"Untrusted programs\" shows every program of the table")
  func articleShowsTheTable() throws {
    let article = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/JSONQuery/JSONQuery.docc/UntrustedPrograms.md"),
      encoding: .utf8)
    for row in HostileProgram.table {
      let cell = "`\(row.program.replacingOccurrences(of: "|", with: "\\|"))`"
      #expect(article.contains(cell), "\(row.name)")
      #expect(article.contains("| `\(row.stoppedBy.rawValue)` |"), "\(row.name)")
    }
  }

  @Test(
    "Each hostile program ends with the limit of its row, which try does not catch",
    arguments: HostileProgram.table)
  func hostileProgramIsStopped(_ row: HostileProgram) throws {
    for program in [row.program, "try (\(row.program)) catch \"caught\""] {
      let error = try #require(try failure(program, row.limits), "\(program) ended")
      // Under AddressSanitizer a program that nests may meet the stack guard first.
      #expect(
        error.exceededLimit == row.stoppedBy || AddressSanitizer.stoppedByGuardInstead(error),
        "\(program): \(error.message)")
      #expect(error.isResourceLimit, "\(program): \(error.message)")
      #expect(error.kind == .runtime)
    }
    // The same process compiles and runs an ordinary program under the same limits (but
    // time: a test does not depend on how busy the machine is).
    var limits = row.limits
    limits.time = nil
    let ordinary = try Query(
      #"[.[] | {n: ., s: tostring, r: (tostring | test("^[0-9]+$"))}] | map(.n * 2) | add"#,
      options: QueryOptions(limits: limits))
    #expect(try ordinary.values(on: [1, 2, 3]) == [12])
  }

  @Test("The error names the limit: memory, time, steps, outputs, depth, regex")
  func messagesNameTheLimit() throws {
    let memory = try failure(#""x" * 1e8"#, QueryLimits(memory: 1 << 20))
    #expect(memory?.message.hasPrefix("memory limit of 1048576 bytes exceeded") == true)
    let outputs = try failure("range(5)", QueryLimits(outputs: 3))
    #expect(outputs?.message == "output limit of 3 values exceeded")
    let bytes = try failure(#""abc", "abc""#, QueryLimits(outputBytes: 8))
    #expect(bytes?.message == "output limit of 8 bytes exceeded")
    let depth = try failure("def f: 1 + f; f", QueryLimits(depth: 10))
    #expect(depth?.message == "depth limit of 10 nested calls exceeded")
    let regex = try failure(#""a" * 28 + "!" | test("^(a+)+$")"#, QueryLimits(regexRetries: 1000))
    #expect(regex?.message == "regex retry limit of 1000 exceeded")
    let steps = try failure("repeat(1)", QueryLimits(steps: 100))
    #expect(steps?.message == "evaluation step limit exceeded")
    let time = try failure("last(repeat(1))", QueryLimits(time: .milliseconds(10)))
    #expect(time?.message.hasPrefix("time limit of ") == true)
  }

  @Test("Output limits count exactly: n values pass a limit of n, and the values before the end")
  func outputLimitsCountExactly() throws {
    #expect(try failure("range(10)", QueryLimits(outputs: 10)) == nil)
    var results = try Query("range(10)", options: QueryOptions(limits: QueryLimits(outputs: 4)))
      .run(on: .null)
    var seen: [JSON] = []
    do {
      while let value = try results.next() { seen.append(value) }
    } catch {
      #expect(error.exceededLimit == .outputs)
    }
    #expect(seen == [0, 1, 2, 3])
    // `"abc"` is 5 bytes of JSON text: two fit in 10, three do not.
    #expect(try failure(#""abc", "abc""#, QueryLimits(outputBytes: 10)) == nil)
    #expect(try failure(#""abc", "abc", "abc""#, QueryLimits(outputBytes: 10)) != nil)
  }

  @Test("Ordinary programs run to their end under a server's limits, with jq's results")
  func ordinaryProgramsRunUnderLimits() throws {
    let limits = QueryLimits(
      steps: 10_000_000, time: .seconds(60), memory: 64 << 20, outputs: 10_000,
      outputBytes: 1 << 20, depth: 200, regexRetries: 100_000)
    let programs: [(String, JSON, [JSON])] = [
      ("[range(1000)] | map(. * 2) | add", .null, [999_000]),
      ("reduce range(10000) as $i ([]; . + [$i]) | length", .null, [10_000]),
      (#"reduce range(1000) as $i ({}; .["k\($i)"] = $i) | length"#, .null, [1_000]),
      (#"[.[] | ascii_downcase] | join("-")"#, ["A", "B"], ["a-b"]),
      (#"[match("a+"; "g") | .length]"#, "aa b aaa", [[2, 3]]),
      ("[paths] | length", ["a": [1, 2, ["b": 3]]], [5]),
      (#""x" * 1000 | length"#, .null, [1_000]),
      ("def f: if . < 100 then . + 1 | f else . end; f", 0, [100]),
    ]
    for (program, input, expected) in programs {
      let limited = try Query(program, options: QueryOptions(limits: limits))
      #expect(try limited.values(on: input) == expected, "\(program)")
      #expect(try Query(program).values(on: input) == expected, "\(program)")
    }
  }

  @Test("Without limits nothing is counted: the options default to no limit at all")
  func limitsAreOffByDefault() throws {
    #expect(QueryOptions().limits == QueryLimits())
    #expect(QueryOptions().limits.isEmpty)
    #expect(QueryOptions(stepLimit: 5).limits == QueryLimits(steps: 5))
    // 50,000 values and 4 MB of output pass with no limit set.
    let many = try Query(#"range(50000) | "x" * 80"#).values(on: .null)
    #expect(many.count == 50_000)
  }

  @Test("A memory limit counts what a run makes, not what its input holds")
  func memoryLimitIsPerRun() throws {
    let input = JSON(array: (0..<100_000).map { JSON($0) })
    let query = try Query("length", options: QueryOptions(limits: QueryLimits(memory: 1 << 16)))
    // The input is 1.6 MB, the limit 64 KiB: reading it costs nothing, and each run of the
    // same query starts with the whole limit.
    #expect(try query.values(on: input) == [100_000])
    #expect(try query.values(on: input) == [100_000])
    let copy = try Query(
      "map(. + 1) | length", options: QueryOptions(limits: QueryLimits(memory: 1 << 16)))
    #expect(throws: QueryError.self) { try copy.values(on: input) }
  }
}
