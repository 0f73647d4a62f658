import Foundation
import Testing

/// Where a parallel run cuts its input: after a newline between the end of one value and
/// the start of the next, a guess that only invalid input (or a pause in a pipe) can make
/// wrong; a wrong guess is found and undone, so the run prints what one thread prints.
@Suite("Cuts between values on several threads")
struct ParallelCutTests {
  /// One NDJSON record of about 120 bytes.
  private static func record(_ n: Int) -> String {
    #"{"n":\#(n),"text":"record \#(n) [with] {brackets} and \"quotes\"","list":[\#(n % 7),\#(n % 3)]}"#
  }

  /// Runs `arguments` on `path` on two threads and on one.
  private func bothWays(_ arguments: [String]) async throws -> (RunResult, RunResult) {
    (
      try await CLI.run(["--threads", "2"] + arguments),
      try await CLI.run(["--threads", "1"] + arguments)
    )
  }

  /// An array with a missing comma half a megabyte in, that goes on for megabytes: the
  /// newline at the missing comma (`}⏎{`) looks like a cut between values, and the first
  /// batch ends there inside the array.
  ///
  /// One thread reports the missing comma; so must two,
  /// rather than read the rest of the array as values.
  @Test("A cut inside a value is undone")
  func aCutInsideAValueIsUndone() async throws {
    var lines = (0..<1_000).map(Self.record)
    lines.append("[")
    var n = 1_000
    var size = lines.reduce(0) { $0 + $1.utf8.count + 1 }
    var missing = false
    while size < 3_000_000 {
      // One comma missing: the error is at the next line's first byte, after the cut.
      let missingComma = size > 500_000 && !missing
      missing = missing || missingComma
      let line = Self.record(n) + (missingComma ? "" : ",")
      lines.append(line)
      size += line.utf8.count + 1
      n += 1
    }
    lines.append(Self.record(n))
    lines.append("]")
    let directory = try TemporaryDirectory()
    let path = try directory.file("broken.ndjson", lines.joined(separator: "\n") + "\n")
    let (parallel, single) = try await bothWays(["-c", ".n? // length", path])
    #expect(parallel.stdout == single.stdout)
    #expect(parallel.stdout.split(separator: "\n").count == 1_000)
    #expect(parallel.stderr == single.stderr)
    #expect(parallel.stderr.hasPrefix("jsonkit: parse error: "))
    #expect(parallel.status == 5 && single.status == 5)
  }

  /// A writer that pauses after a line inside a pretty-printed value: the reader cuts there
  /// to print promptly, finds the value open, and joins the piece to the next one.
  @Test("A pause inside a value is joined to what follows")
  func aPauseInsideAValueIsJoinedToWhatFollows() async throws {
    let script = #"""
      { printf '{\n"a": 1\n'; sleep 0.3; printf '}\n{"b": [2,\n3]\n}\n'; } \
        | "$JSONKIT" --threads 2 -c .
      """#
    let result = try await CLI.shell(script)
    #expect(result.stdout == "{\"a\":1}\n{\"b\":[2,3]}\n")
    #expect(result.stderr == "")
    #expect(result.status == 0)
  }

  /// Windows line ends, blank lines, and values of every kind on their own lines: the cuts
  /// fall between all of them, and errors name the lines one thread names.
  @Test("Scalars, blank lines and carriage returns are cut alike")
  func scalarsBlankLinesAndCarriageReturns() async throws {
    var lines: [String] = []
    for n in 0..<40_000 {
      switch n % 6 {
      case 0: lines.append(Self.record(n))
      case 1: lines.append("\(n)")
      case 2: lines.append("\"text \(n)\"  ")
      case 3: lines.append(n % 4 == 0 ? "true" : "false")
      case 4: lines.append("null\r\n")
      default: lines.append("[\(n), -\(n)]\t")
      }
    }
    let directory = try TemporaryDirectory()
    let path = try directory.file("mixed.ndjson", lines.joined(separator: "\r\n"))
    let program = #"if type == "number" and . % 1001 == 0 then error("bad") else . end"#
    let (parallel, single) = try await bothWays(["-c", program, path])
    #expect(parallel.stdout == single.stdout)
    #expect(parallel.stdout.split(separator: "\n").count > 39_000)
    #expect(parallel.stderr == single.stderr)
    // The first error: the first number line whose number 1001 divides, on the file's line
    // after the lines before it and the blank line after each `null`.
    let first = try #require((0..<40_000).first { $0 % 6 == 1 && $0 % 1001 == 0 })
    let line = first + 1 + (0..<first).count { $0 % 6 == 4 }
    #expect(parallel.stderr.hasPrefix("jsonkit: error (at \(path):\(line)): bad\n"))
    #expect(parallel.status == single.status)
  }
}
