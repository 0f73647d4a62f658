import Foundation
import Testing

/// Inputs that are regular files no larger than one of the parallel runner's batches go
/// straight to the one-thread runner at start-up, whatever `--threads` says (one batch is
/// all a parallel run would make of them).
///
/// Their outputs, errors, places and exit statuses
/// must be those of `--threads 1`, for files named on the command line and for a file on
/// standard input.
@Suite("Small files start on one thread")
struct SmallFileStartTests {
  /// Values, one that fails in the program, then a parse error and a value after it.
  static let records =
    #"{"a":1}"# + "\n" + #"{"a":2}"# + "\n" + #"{"a":"x"}"# + "\n"
    + #"{"a": tru}"# + "\n" + #"{"a":5}"# + "\n"

  static let programs: [[String]] = [
    ["-c", ".a"], ["-c", ".a + 1"], ["-e", ".a"], ["-r", "tostring"],
    ["-c", #"if .a == 2 then error("two") else . end"#],
  ]

  @Test("files named on the command line", arguments: programs)
  func namedFiles(_ program: [String]) async throws {
    let directory = try TemporaryDirectory()
    let first = try directory.file("first.json", Self.records)
    let second = try directory.file("second.json", "7 8\n")
    for files in [[first], [second, second], [second, first]] {
      let several = try await CLI.run(["--threads", "2"] + program + files)
      let one = try await CLI.run(["--threads", "1"] + program + files)
      #expect(several.stdout == one.stdout, "\(program) \(files.count) files")
      #expect(several.stderr == one.stderr)
      #expect(several.status == one.status)
    }
    // The parse error is reported at its line, after the values before it.
    let run = try await CLI.run(["--threads", "2", "-c", ".a", first])
    #expect(run.stdout == "1\n2\n\"x\"\n")
    #expect(run.stderr.contains("at line 4"), "\(run.stderr)")
  }

  @Test("a file on standard input", arguments: programs)
  func fileOnStandardInput(_ program: [String]) async throws {
    let directory = try TemporaryDirectory()
    let file = try directory.file("records.json", Self.records)
    let words = program.map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
      .joined(separator: " ")
    let several = try await CLI.shell(#""$JSONKIT" --threads 2 \#(words) < '\#(file)'"#)
    let one = try await CLI.shell(#""$JSONKIT" --threads 1 \#(words) < '\#(file)'"#)
    // The same as through a pipe, which the parallel runner reads.
    let piped = try await CLI.run(["--threads", "2"] + program, input: Self.records)
    #expect(several.stdout == one.stdout)
    #expect(several.stderr == one.stderr)
    #expect(several.status == one.status)
    #expect(several.stdout == piped.stdout)
    #expect(several.stderr == piped.stderr)
    #expect(several.status == piped.status)
    #expect(!several.stdout.isEmpty)
  }
}
