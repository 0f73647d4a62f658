import Foundation
import Testing

/// Several values per input, several inputs, and standard input.
@Suite("Input streams")
struct InputTests {
  @Test("NDJSON gives one result per line")
  func ndjson() async throws {
    let result = try await CLI.run(["-c", ".type", CLI.sample("events.ndjson")])
    #expect(result.status == 0)
    #expect(
      result.stdout == "\"view\"\n\"add_to_cart\"\n\"view\"\n\"checkout\"\n\"search\"\n")
  }

  @Test("Concatenated values, with or without white space between them, are all read")
  func concatenated() async throws {
    let result = try await CLI.run(["-c"], input: #"{"a":1}{"a":2}[3] 4 "five"[]{}"#)
    #expect(result.stdout == "{\"a\":1}\n{\"a\":2}\n[3]\n4\n\"five\"\n[]\n{}\n")
  }

  @Test("A bare number at the very end of the input is printed")
  func trailingNumber() async throws {
    #expect(try await CLI.run(["."], input: "1 2 3").stdout == "1\n2\n3\n")
  }

  @Test("Several files are read in order, and '-' reads standard input between them")
  func severalFiles() async throws {
    let directory = try TemporaryDirectory()
    let first = try directory.file("first.json", #"{"n": 1}"#)
    let second = try directory.file("second.json", "{\"n\": 2}\n{\"n\": 3}\n")
    let result = try await CLI.run([".n", first, "-", second], input: #"{"n": "stdin"}"#)
    #expect(result.status == 0)
    #expect(result.stdout == "1\n\"stdin\"\n2\n3\n")
  }

  @Test("Empty input and white space alone print nothing and succeed, as in jq")
  func emptyInput() async throws {
    let empty = try await CLI.run(["."], input: "")
    #expect(empty.status == 0)
    #expect(empty.stdout == "")
    #expect(empty.stderr == "")
    let blank = try await CLI.run(["."], input: " \n\t\n")
    #expect(blank.status == 0)
    #expect(blank.stdout == "")
  }

  @Test("Values larger than one 64 KiB chunk, and many values across chunk boundaries, are whole")
  func acrossChunks() async throws {
    let long = String(repeating: "é", count: 100_000)
    let many = (0..<20_000).map { #"{"i":\#($0)}"# }.joined(separator: "\n")
    let result = try await CLI.run(["-c", "."], input: "\"\(long)\"\n" + many)
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n")
    #expect(lines.count == 20_001)
    #expect(lines.first == "\"\(long)\"")
    #expect(lines.last == #"{"i":19999}"#)
  }

  @Test("A byte order mark at the start of a file is skipped")
  func byteOrderMark() async throws {
    let directory = try TemporaryDirectory()
    let file = try directory.file("bom.json", Data([0xEF, 0xBB, 0xBF]) + Data(#"{"a":1}"#.utf8))
    #expect(try await CLI.run(["-c", ".", file]).stdout == "{\"a\":1}\n")
  }
}

/// Path programs (`.a.b`, `.items[].name`) parse only what they read; everything else in the
/// input is still checked, so results, errors and exit statuses are those of a full parse.
@Suite("Path programs on large inputs")
struct ProjectedInputTests {
  @Test("A path program gives the same results as the same path taken after a full parse")
  func sameResults() async throws {
    let input =
      #"{"items":[{"name":"a","tags":["x"],"n":1},{"name":"b","n":2},{"n":3}],"meta":{"k":"v"}}"#
    let projected = try await CLI.run(["-c", ".items[].name, .meta"], input: input)
    let full = try await CLI.run(["-c", ". as $d | $d.items[].name, $d.meta"], input: input)
    #expect(projected.status == 0)
    #expect(projected.stdout == "\"a\"\n\"b\"\nnull\n{\"k\":\"v\"}\n")
    #expect(projected.stdout == full.stdout)
  }

  @Test("Invalid input in a part the program does not read is still an error")
  func invalidSkippedPart() async throws {
    let input = "{\"items\":[{\"name\":\"a\",\"other\":\"\u{1}\"}]}\n"
    let projected = try await CLI.run(["-c", ".items[].name"], input: input)
    let full = try await CLI.run(["-c", "."], input: input)
    #expect(projected.status == 5)
    #expect(projected.stdout == "")
    #expect(projected.stderr == full.stderr)
    #expect(
      projected.stderr
        == "jsonkit: parse error: Invalid string: control characters from U+0000 through U+001F"
        + " must be escaped at line 1, column 33\n")
  }

  @Test("Errors name the line each NDJSON value ends on")
  func errorLines() async throws {
    let input = "{\"a\":{\"b\":1}}\n{\"a\":\n[1]}\n{\"a\":{\"b\":3}}\n"
    let result = try await CLI.run(["-c", ".a.b"], input: input)
    // jq 1.8's exit status is the last input's: that one ran without error.
    #expect(result.status == 0)
    #expect(result.stdout == "1\n3\n")
    #expect(
      result.stderr == "jsonkit: error (at <stdin>:3): Cannot index array with string (\"b\")\n")
    let lastFails = try await CLI.run(["-c", ".a.b"], input: "{\"a\":{\"b\":1}}\n{\"a\":\n[1]}\n")
    #expect(lastFails.status == 5)
  }
}
