import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Input nobody meant to give jsonkit: binary garbage, random bytes, files that cannot be
/// read, NUL bytes, byte order marks, an endless program piped into `head`, one huge value.
///
/// Each ends with a clear message and jq's exit status, never a crash or a hang.
@Suite("Hostile input to the command-line tool")
struct HostileCLIInputTests {
  /// Runs `jsonkit arguments…` with raw bytes on standard input.
  func run(_ arguments: [String], bytes: [UInt8]) async throws -> RunResult {
    let binary = try #require(CLI.executable, "the jsonkit binary was not built next to the tests")
    return try await CLI.runProcess(binary, arguments, input: Data(bytes))
  }

  @Test("Binary garbage on stdin: exit 5, one parse error line that says where")
  func binaryGarbage() async throws {
    let result = try await run(["."], bytes: [0x01, 0x02, 0xFF, 0xFE, 0x7B, 0x00, 0x80])
    #expect(result.status == 5)
    #expect(result.stdout == "")
    #expect(
      result.stderr.hasPrefix(
        "jsonkit: parse error: Invalid numeric literal at line 1, column 5"))  // jq 1.8.2's
    #expect(result.stderr.filter { $0 == "\n" }.count == 1)
  }

  @Test("1 MB from /dev/urandom: exit 5 with a short error, no crash, no hang")
  func randomMegabyte() async throws {
    let random = try #require(FileHandle(forReadingAtPath: "/dev/urandom"))
    var bytes = [UInt8](try #require(try random.read(upToCount: 1 << 20)))
    try random.close()
    // Not by chance valid: a leading `[` that nothing closes can only fail.
    bytes[0] = UInt8(ascii: "[")
    bytes[1] = UInt8(ascii: "\"")
    let result = try await run(["-c", "."], bytes: bytes)
    #expect(result.status == 5)
    #expect(result.stderr.hasPrefix("jsonkit: parse error: "))
    #expect(result.stderr.contains(" at line "))
    #expect(result.stderr.utf8.count < 1_000, "the excerpt of the input stays short")
  }

  @Test("A file that cannot be read: exit 2, its name in the message, the others still read")
  func unreadableFile() async throws {
    let directory = try TemporaryDirectory()
    let first = try directory.file("first.json", "1")
    let last = try directory.file("last.json", "2")
    // /proc/self/mem fails with EIO at offset 0 for every user, root included.
    if FileManager.default.fileExists(atPath: "/proc/self/mem") {
      let result = try await CLI.run(["-c", ".", first, "/proc/self/mem", last])
      #expect(result.status == 2)
      // As jq 1.8.2: the files are one text, so `1` then `2` without newlines is `12`.
      #expect(result.stdout == "12\n")
      #expect(
        result.stderr == "jsonkit: error: Input/output error\n")
    }
    // chmod 000 keeps nobody but root out: root (as in CI containers) reads the file anyway,
    // so the assertion only holds when the file really became unreadable.
    let locked = try directory.file("locked.json", "3")
    #expect(chmod(locked, 0) == 0)
    defer { _ = chmod(locked, 0o600) }
    if access(locked, R_OK) != 0 {
      let result = try await CLI.run(["-c", ".", first, locked, last])
      #expect(result.status == 2)
      #expect(result.stdout == "12\n")
      #expect(result.stderr.hasPrefix("jsonkit: error: Could not open file \(locked): "))
    }
  }

  @Test("A directory and a missing file among several: both named, the rest read in order")
  func directoryAndMissingFileAmongOthers() async throws {
    let directory = try TemporaryDirectory()
    let first = try directory.file("first.json", "1")
    let last = try directory.file("last.json", "2")
    let missing = directory.url.appendingPathComponent("missing.json").path
    let result = try await CLI.run(["-c", ".", first, directory.url.path, missing, last])
    #expect(result.status == 2)
    #expect(result.stdout == "12\n")  // one text, as in jq 1.8.2
    #expect(
      result.stderr
        == "jsonkit: error: Is a directory\n"
        + "jsonkit: error: Could not open file \(missing): No such file or directory\n")
  }

  @Test("An endless program piped into head -c 1 ends quietly: exit 0, no 'Broken pipe'")
  func endlessOutputIntoHead() async throws {
    let directory = try TemporaryDirectory()
    let status = directory.url.appendingPathComponent("status").path
    let stderr = directory.url.appendingPathComponent("stderr").path
    for program in ["repeat(1)", "range(1e9) | tostring * 100"] {
      let result = try await CLI.shell(
        #"{ "$JSONKIT" -n '\#(program)' 2>'\#(stderr)'; echo $? >'\#(status)'; } | head -c 1"#)
      #expect(result.stdout.count == 1, "\(program)")
      #expect(try String(contentsOfFile: status, encoding: .utf8) == "0\n", "\(program)")
      #expect(try String(contentsOfFile: stderr, encoding: .utf8) == "", "\(program)")
    }
  }

  @Test("NUL bytes: inside a string, between values, at the start")
  func nulBytes() async throws {
    let inString = try await run(
      ["-c", "."], bytes: Array(#"{"a":"x"#.utf8) + [0] + Array(#"y"}"#.utf8))
    #expect(inString.status == 5)
    #expect(inString.stdout == "")
    #expect(
      inString.stderr.contains(
        "Invalid string: control characters from U+0000 through U+001F must be escaped at line 1, column 10"
      )
    )

    let afterValue = try await run(
      ["-c", "."], bytes: Array("[1] ".utf8) + [0, 0] + Array(" [2]".utf8))
    #expect(afterValue.status == 5)
    #expect(afterValue.stdout == "[1]\n")
    #expect(afterValue.stderr.contains("Invalid numeric literal at line 1, column 7"))

    // A NUL second byte (how UTF-16LE text starts) is read by jq's reader now.
    let leading = try await run(
      ["-c", "."], bytes: [UInt8(ascii: "1"), 0, UInt8(ascii: " "), UInt8(ascii: "2")])
    #expect(leading.status == 5)
    // jq 1.8.2 reads this NUL as nothing and prints 1 and 2: a difference left open.
    #expect(leading.stderr.contains("Invalid numeric literal at line 1, column 3"))
  }

  @Test("A byte order mark: skipped at the start of stdin, an error anywhere else")
  func byteOrderMarks() async throws {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let leading = try await run(["-c", "."], bytes: bom + Array(#"{"a":1}"#.utf8))
    #expect(leading.status == 0)
    #expect(leading.stdout == "{\"a\":1}\n")

    let alone = try await run(["-c", "."], bytes: bom)
    #expect(alone.status == 0)
    #expect(alone.stdout == "")

    let later = try await run(["-c", "."], bytes: Array("1 ".utf8) + bom + Array("2".utf8))
    #expect(later.status == 5)
    #expect(later.stdout == "1\n")
    #expect(later.stderr.contains("Invalid numeric literal at EOF at line 1, column 6"))
  }

  @Test("A 100 MB single-line value with -c . comes out whole")
  func hundredMegabyteValue() async throws {
    let directory = try TemporaryDirectory()
    let size = 100 << 20
    var document = Data(capacity: size + 4)
    document.append(contentsOf: Array(#"[""#.utf8))
    document.append(Data(repeating: UInt8(ascii: "a"), count: size))
    document.append(contentsOf: Array(#""]"#.utf8))
    let path = try directory.file("huge.json", document)
    // No clock: a run that went quadratic on the 100 MB would outlast the run's liveness
    // bound (ten minutes) by hours and fail there.
    let result = try await CLI.run(["-c", "length, (.[0] | length)", path])
    #expect(result.status == 0)
    #expect(result.stdout == "1\n\(size)\n")
    #expect(result.stderr == "")
  }

  @Test("Bytes that are not UTF-8 inside strings become U+FFFD, as jq's parser does")
  func invalidUTF8IsReplaced() async throws {
    let result = try await run(["-c", "."], bytes: [0x5B, 0x22, 0x61, 0xFF, 0x62, 0x22, 0x5D])
    #expect(result.status == 0)
    #expect(result.stdout == "[\"a\u{FFFD}b\"]\n")
    let surrogate = try await run(["-c", "."], bytes: Array(#""\ud800x""#.utf8))
    #expect(surrogate.stdout == "\"\u{FFFD}x\"\n")
    // In a part a path program skips (parsed with a projection), too.
    let skipped = try await run(
      [".b"], bytes: Array(#"{"a": "x"#.utf8) + [0xFF] + Array(#"", "b": 1}"#.utf8))
    #expect(skipped.status == 0)
    #expect(skipped.stdout == "1\n")
  }
}
