import Foundation
import Testing

/// NDJSON records big enough to make several parallel batches (about 3 MB), with strings
/// that hold quotes, backslashes, brackets and escaped newlines, so that a cut in the wrong
/// place would show.
private let records: String = {
  var lines: [String] = []
  for n in 0..<24_000 {
    let text = #"a \"quoted\" [bracket] {brace} \\ back\\\"slash\n line \#(n)"#
    lines.append(
      #"{"n":\#(n),"text":"\#(text)","tags":["x","y\"]"],"nested":{"deep":[[\#(n % 5)]]}}"#)
  }
  return lines.joined(separator: "\n") + "\n"
}()

/// A run on several threads and on one, which must agree byte for byte.
private func bothWays(_ arguments: [String], input: String) async throws -> (RunResult, RunResult) {
  let parallel = try await CLI.run(["--threads", "3"] + arguments, input: input)
  let single = try await CLI.run(["--threads", "1"] + arguments, input: input)
  return (parallel, single)
}

@Suite("Inputs on several threads")
struct ParallelRunTests {
  @Test(
    "Output errors and status are those of one thread",
    arguments: [
      ["-c", "."], ["-c", ".text, .nested.deep[0][0]"], ["-r", ".text"], ["-j", ".n"],
      ["-S", "-c", "{z: .n, a: .tags}"], ["--tab", "select(.n % 1000 == 0)"],
      ["-c", #"if .n % 997 == 0 then error("bad \(.n)") else .n end"#],
      ["-e", ".n > 23998"],
    ])
  func outputErrorsAndStatusAreThoseOfOneThread(arguments: [String]) async throws {
    let (parallel, single) = try await bothWays(arguments, input: records)
    #expect(parallel.stdout == single.stdout)
    #expect(parallel.stderr == single.stderr)
    #expect(parallel.status == single.status)
    #expect(!single.stdout.isEmpty)
  }

  @Test("Runtime errors name the record's line")
  func runtimeErrorsNameTheRecordsLine() async throws {
    let (parallel, _) = try await bothWays(
      ["-c", #"if .n == 20000 then error("bad") else empty end"#], input: records)
    #expect(parallel.stderr == "jsonkit: error (at <stdin>:20001): bad\n")
    // jq 1.8's exit status is the last input's, which ran without error.
    #expect(parallel.status == 0)
    let (lastFails, _) = try await bothWays(
      ["-c", #"if .n == 23999 then error("bad") else empty end"#], input: records)
    #expect(lastFails.stderr == "jsonkit: error (at <stdin>:24000): bad\n")
    #expect(lastFails.status == 5)
  }

  @Test("A parse error stops the run after the values before it")
  func aParseErrorStopsTheRunAfterTheValuesBeforeIt() async throws {
    var lines = records.split(separator: "\n").map(String.init)
    lines[18_000] = #"{"n": 18000, "broken": tru}"#
    let input = lines.joined(separator: "\n") + "\n"
    let (parallel, single) = try await bothWays(["-c", ".n"], input: input)
    #expect(parallel.stdout == single.stdout)
    #expect(parallel.stdout.split(separator: "\n").last == "17999")
    #expect(parallel.stderr == single.stderr)
    #expect(parallel.stderr == "jsonkit: parse error: Invalid literal at line 18001, column 27\n")
    #expect(parallel.status == 5 && single.status == 5)
  }

  @Test("Pretty-printed values are cut only between values")
  func prettyPrintedValuesAreCutOnlyBetweenValues() async throws {
    let pretty = try await CLI.run(["."], input: records)
    #expect(pretty.stdout.count > 3_000_000)
    let (parallel, single) = try await bothWays(["-c", "[.n, .tags[1]]"], input: pretty.stdout)
    #expect(parallel.stdout == single.stdout)
    #expect(parallel.stdout.split(separator: "\n").count == 24_000)
  }

  @Test("Files are read in order and a missing one is reported")
  func filesAreReadInOrderAndAMissingOneIsReported() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("parallel-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let first = directory.appendingPathComponent("a.json")
    let second = directory.appendingPathComponent("b.json")
    try Data(records.utf8).write(to: first)
    try Data("{\"n\": -1}\n7".utf8).write(to: second)
    let missing = directory.appendingPathComponent("missing.json").path
    let arguments = ["-c", ".n? // .", first.path, missing, second.path]
    let parallel = try await CLI.run(["--threads", "2"] + arguments)
    let single = try await CLI.run(["--threads", "1"] + arguments)
    #expect(parallel.stdout == single.stdout)
    // jq 1.8 stops reading at the first value after a file it could not open.
    #expect(parallel.stdout.hasSuffix("23999\n-1\n"))
    #expect(parallel.stderr == single.stderr)
    #expect(parallel.stderr.contains("missing.json"))
    #expect(parallel.status == 2 && single.status == 2)
  }

  @Test("Programs that read other inputs run on one thread")
  func programsThatReadOtherInputsRunOnOneThread() async throws {
    let (parallel, single) = try await bothWays(["-c", "[.n, (input | .n)]"], input: records)
    #expect(parallel.stdout == single.stdout)
    #expect(parallel.stdout.hasPrefix("[0,1]\n[2,3]\n"))
  }

  @Test("Threads must be a positive number")
  func threadsMustBeAPositiveNumber() async throws {
    for value in ["0", "x"] {
      let result = try await CLI.run(["--threads", value, "."], input: "1")
      #expect(result.status == 2)
      #expect(result.stderr.contains("--threads takes a number of at least 1"))
    }
  }
}
