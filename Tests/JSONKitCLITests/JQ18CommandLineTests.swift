import Foundation
import Testing

/// Classes of difference from jq 1.8.2 on the command line, each a rule of jq's `main.c`,
/// `util.c` or `jv_parse.c`.
///
/// The expected outputs, messages and statuses are what
/// `jq-1.8.2` printed for the same command lines.
@Suite("jq 1.8 command line")
struct JQ18CommandLineTests {
  /// Runs `arguments` with `input` and returns standard output, standard error and status.
  private func run(_ arguments: [String], _ input: String) async throws -> (String, String, Int32) {
    let result = try await CLI.run(arguments, input: input)
    return (result.stdout, result.stderr, result.status)
  }

  // MARK: Non-JSON literals in the input (jq's reader after yajl's)

  @Test(
    "NaN, nan, Infinity and other literals jq's reader takes are read from the input",
    arguments: [
      ("NaN", "null\n"),
      (
        "[NaN, -NaN, Infinity, -Infinity]",
        "[null,null,1.7976931348623157e+308,-1.7976931348623157e+308]\n"
      ),
      ("[nan, infinity, -infinity]", "[null,1.7976931348623157e+308,-1.7976931348623157e+308]\n"),
      ("1 nan 2", "1\nnull\n2\n"),
      ("[01, .5, +1, 5.]", "[1,0.5,1,5]\n"),
      ("01", "1\n"),
    ])
  func nonJSONLiterals(input: String, output: String) async throws {
    #expect(try await run(["-c", "."], input) == (output, "", 0))
  }

  @Test(
    "A NaN is a number inside the program; lines stay jq's around the values read by jq's reader")
  func nanValuesAndLines() async throws {
    #expect(try await run(["-c", ".a | isnan"], #"{"a":nan}"#) == ("true\n", "", 0))
    let input = "[1,2]\n[nan]\n{\"b\":\n NaN}\n3"
    #expect(
      try await run(["-c", "[., input_line_number]"], input)
        == ("[[1,2],1]\n[[null],2]\n[{\"b\":null},4]\n[3,4]\n", "", 0))
    // yajl takes over again after the value: a good value after it, an error after that.
    #expect(
      try await run(["-c", "."], "[nan]\n[1]\n[1 2]\n")
        == (
          "[null]\n[1]\n",
          "jsonkit: parse error: Expected separator between values at line 3, column 5\n", 5
        ))
  }

  @Test(
    "Input that is not JSON for jq either: jq's message, its line and column, exit status 5",
    arguments: [
      ("1 {\"a\":nan", "1\n", "Unfinished JSON term at EOF at line 1, column 10"),
      ("1 [1,nan,", "1\n", "Unfinished JSON term at EOF at line 1, column 9"),
      ("nan x", "null\n", "Invalid numeric literal at EOF at line 1, column 5"),
      ("1 2 x 3", "1\n2\n", "Invalid numeric literal at line 1, column 6"),
      ("[1] [2] ] [3]", "[1]\n[2]\n", "Unmatched ']' at line 1, column 9"),
      ("{", "", "Unfinished JSON term at EOF at line 1, column 1"),
      ("[1,]", "", "Expected another array element at line 1, column 4"),
      ("{'a':1}", "", "Invalid string literal; expected \", but got ' at line 1, column 5"),
      ("nul", "", "Invalid literal at EOF at line 1, column 3"),
      ("truex", "", "Invalid literal at EOF at line 1, column 5"),
      ("{\"a\" 1}", "", "Expected separator between values at line 1, column 7"),
      ("[1,2]garbage", "[1,2]\n", "Invalid numeric literal at EOF at line 1, column 12"),
      ("-", "", "Invalid numeric literal at EOF at line 1, column 1"),
      (#""\u00""#, "", "Invalid \\uXXXX escape at line 1, column 6"),
    ])
  func invalidInput(input: String, output: String, message: String) async throws {
    #expect(try await run(["-c", "."], input) == (output, "jsonkit: parse error: \(message)\n", 5))
  }

  @Test(
    "NaN lines across chunk and batch boundaries: every value, at its line, on one thread or two",
    arguments: ["1", "2"])
  func nanAcrossChunks(threads: String) async throws {
    // 3 MB of NDJSON (several 1 MiB batches, many 64 KiB chunks, lines cut by both).
    var lines: [String] = []
    for i in 0..<60_000 {
      lines.append(
        i % 3 == 0 ? #"{"i":\#(i),"v":nan,"pad":"\#(i * 7)"}"# : #"{"i":\#(i),"v":\#(i)}"#)
    }
    let input = lines.joined(separator: "\n") + "\n"
    let result = try await CLI.run(
      ["--threads", threads, "-c", "select(.v | isnan) | .i"], input: input)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    let expected = stride(from: 0, to: 60_000, by: 3).map(String.init).joined(separator: "\n")
    #expect(result.stdout == expected + "\n")
    // One value longer than a chunk, with NaN at its end.
    let long = "[" + String(repeating: "1,", count: 100_000) + "nan]\n[2]\n"
    let lined = try await CLI.run(["-c", "[length, input_line_number]"], input: long)
    #expect(lined.stdout == "[100001,1]\n[1,2]\n")
  }

  @Test("--argjson, --jsonargs and --slurpfile read with jq's reader")
  func argumentsReadAsJq() async throws {
    #expect(try await run(["-nc", "--argjson", "x", "nan", "$x"], "") == ("null\n", "", 0))
    #expect(
      try await run(["-nc", "--argjson", "x", "[1, nan]", "$x"], "") == ("[1,null]\n", "", 0))
    #expect(
      try await run(["-nc", "--jsonargs", "$ARGS.positional", "nan", "01"], "") == (
        "[null,1]\n", "", 0
      ))
    let directory = try TemporaryDirectory()
    let values = try directory.file("values.json", "1 nan")
    #expect(try await run(["-nc", "--slurpfile", "a", values, "$a"], "") == ("[1,null]\n", "", 0))
    let bad = try directory.file("bad.json", "1 {")
    #expect(
      try await run(["-nc", "--slurpfile", "a", bad, "$a"], "")
        == (
          "",
          "jsonkit: Bad JSON in --slurpfile a \(bad): Unfinished JSON term at EOF at line 1, column 3\n",
          2
        ))
  }

  // MARK: Exit status: the last input's

  @Test(
    "The exit status is the last input's, as jq's main loop keeps it; -e reads the last output",
    arguments: [
      (["-c", ".+1"], #"1 "a" 2"#, "2\n3\n", 0),
      (["-c", ".+1"], #"1 "a""#, "2\n", 5),
      (["-e", ".+1"], #"1 "a""#, "2\n", 5),
      (["-e", "."], "1 null", "1\nnull\n", 1),
      (["-e", "."], "null 1", "null\n1\n", 0),
      (["-e", "empty"], "1 2", "", 4),
      (["-e", "if .==2 then empty else . end"], "false 2", "false\n", 1),
      (["-e", "."], "1 {", "1\n", 5),
      (["-e", "."], "", "", 4),
      (["-e", "-n", "halt"], "", "", 0),
    ] as [([String], String, String, Int32)])
  func lastInputsStatus(arguments: [String], input: String, output: String, status: Int32)
    async throws
  {
    let (stdout, _, code) = try await run(arguments, input)
    #expect(stdout == output)
    #expect(code == status)
  }

  @Test("halt_error's negative status is 0, or its absolute value with -e")
  func haltErrorStatus() async throws {
    #expect(try await run(["-c", "halt_error(-1)"], "1 2") == ("", "1\n", 0))
    #expect(try await run(["-e", "halt_error(-1)"], #""a""#) == ("", "a", 1))
  }

  @Test("A value on a last line without a newline is at the line before, as jq counts lines")
  func lineOfAnUnterminatedLastLine() async throws {
    #expect(
      try await run(["-c", ".+1"], #"1 "a""#)
        == (
          "2\n", "jsonkit: error (at <stdin>:0): string (\"a\") and number (1) cannot be added\n", 5
        ))
    #expect(try await run(["-c", "[., input_line_number]"], "1\n2") == ("[1,1]\n[2,1]\n", "", 0))
    #expect(
      try await run(["-c", "error"], "\"x\"\n") == ("", "jsonkit: error (at <stdin>:1): x\n", 5))
  }

  // MARK: Options

  @Test(
    "Usage errors in jq's words, exit status 2",
    arguments: [
      (["--indent", "8", "."], "--indent takes a number between -1 and 7"),
      (["--indent"], "--indent takes one parameter"),
      (["--foo", "."], "Unknown option --foo"),
      (["-Z", "."], "Unknown option -Z"),
      (["-c", "--argjson", "x", "{", "$x"], "invalid JSON text passed to --argjson"),
      (["-c", "-n", "$ARGS", "--jsonargs", "1", "{"], "invalid JSON text passed to --jsonargs"),
    ])
  func usageErrors(arguments: [String], message: String) async throws {
    let (stdout, stderr, status) = try await run(arguments, "1")
    #expect(stdout == "")
    #expect(stderr.hasPrefix("jsonkit: \(message)\nUse jsonkit --help"))
    #expect(status == 2)
  }

  @Test(
    "The last of -c, --tab and --indent decides; --indent -1 is a tab",
    arguments: [
      (["--indent", "-1", "."], "[\n\t1\n]\n"),
      (["--indent", "1", "--tab", "."], "[\n\t1\n]\n"),
      (["--tab", "--indent", "1", "."], "[\n 1\n]\n"),
      (["-c", "--indent", "1", "."], "[\n 1\n]\n"),
      (["--indent", "1", "-c", "."], "[1]\n"),
      (["--tab", "-c", "."], "[1]\n"),
      (["-c", "--tab", "."], "[\n\t1\n]\n"),
      (["--indent", "+3", "."], "[\n   1\n]\n"),
    ])
  func indentation(arguments: [String], output: String) async throws {
    #expect(try await run(arguments, "[1]") == (output, "", 0))
  }

  @Test(
    "--indent 0 is new lines without indentation, and the last of -c, --tab, --indent n wins",
    arguments: [
      (["--indent", "0", "."], "{\n\"b\": [\n1,\n{}\n],\n\"a\": \"x\"\n}\n"),
      (["-c", "--indent", "0", "."], "{\n\"b\": [\n1,\n{}\n],\n\"a\": \"x\"\n}\n"),
      (["--tab", "--indent", "0", "."], "{\n\"b\": [\n1,\n{}\n],\n\"a\": \"x\"\n}\n"),
      (["-S", "--indent", "0", "."], "{\n\"a\": \"x\",\n\"b\": [\n1,\n{}\n]\n}\n"),
      (["--indent", "0", "-c", "."], "{\"b\":[1,{}],\"a\":\"x\"}\n"),
      (
        ["--indent", "0", "--tab", "."], "{\n\t\"b\": [\n\t\t1,\n\t\t{}\n\t],\n\t\"a\": \"x\"\n}\n"
      ),
    ])
  func indentZero(arguments: [String], output: String) async throws {
    // What jq 1.8.2 prints: `JV_PRINT_INDENT_FLAGS(0)` is pretty with no indentation.
    #expect(try await run(arguments, #"{"b":[1,{}],"a":"x"}"#) == (output, "", 0))
  }

  @Test("--indent 0 with colors: jq 1.8.2's bytes, new lines and no indentation")
  func indentZeroColored() async throws {
    let (e, r) = ("\u{1B}[", "\u{1B}[0m")
    let expected =
      "\(e)1;39m{\(r)\n\(e)1;34m\"b\"\(r)\(e)1;39m:\(r) \(e)1;39m[\(r)\n\(e)0;39m1\(r)"
      + "\(e)1;39m,\(r)\n\(e)1;39m{}\(r)\n\(e)1;39m]\(r)\(e)1;39m,\(r)\n\(e)1;34m\"a\"\(r)"
      + "\(e)1;39m:\(r) \(e)0;32m\"x\"\(r)\n\(e)1;39m}\(r)\n"
    #expect(
      try await run(["-C", "--indent", "0", "."], #"{"b":[1,{}],"a":"x"}"#) == (expected, "", 0))
  }

  @Test(
    "-b and --binary are accepted and change nothing, as jq outside Windows",
    arguments: [["-b", "-c", "."], ["--binary", "-c", "."], ["-cb", "."], ["-bc", "."]])
  func binary(arguments: [String]) async throws {
    #expect(try await run(arguments, "[1, \"\\r\"]\r\n") == ("[1,\"\\r\"]\n", "", 0))
  }

  @Test("-V and -h act where they are read: -Vh prints the version, -hV the help")
  func versionBeforeHelp() async throws {
    let version = try await run(["--version"], "")
    #expect(version.0.hasPrefix("jsonkit-") && version.1 == "" && version.2 == 0)
    #expect(try await run(["-Vh"], "") == version)
    #expect(try await run(["-nV", "--bogus"], "") == version)
    #expect(try await run(["-f", "-V"], "") == version)
    let help = try await run(["-hV"], "")
    #expect(help.0.hasPrefix("Usage:\tjsonkit") && help.2 == 0)
    #expect(try await run(["--bogus", "-V"], "").2 == 2)
  }

  @Test(
    "jq's debugging options are answered as jq answers an option it does not have",
    arguments: ["--debug-dump-disasm", "--debug-trace", "--debug-trace=all", "--run-tests"])
  func debuggingOptions(option: String) async throws {
    let (stdout, stderr, status) = try await run(["-n", option, "1"], "")
    #expect(stdout == "")
    #expect(
      stderr
        == "jsonkit: Unknown option \(option)\nUse jsonkit --help for help with command-line "
        + "options,\nor see the jq manpage, or online docs at https://jqlang.org\n")
    #expect(status == 2)
  }

  @Test("The first --arg-like option for a name wins, and later ones are not read")
  func firstNameWins() async throws {
    #expect(
      try await run(["-nc", "--arg", "a", "1", "--arg", "a", "2", "$a, $ARGS.named"], "")
        == ("\"1\"\n{\"a\":\"1\"}\n", "", 0))
    #expect(
      try await run(["-nc", "--argjson", "a", "1", "--argjson", "a", "{", "$a"], "") == (
        "1\n", "", 0
      ))
  }

  @Test("An argument like -1 is a file, not an option (jq's isoptish)")
  func dashDigitIsAFile() async throws {
    #expect(
      try await run([".", "-1"], "1")
        == ("", "jsonkit: error: Could not open file -1: No such file or directory\n", 2))
  }

  @Test("input_filename is <stdin> for standard input, null before any input")
  func inputFilename() async throws {
    #expect(try await run(["input_filename"], "1") == ("\"<stdin>\"\n", "", 0))
    #expect(try await run(["-n", "input_filename"], "1") == ("null\n", "", 0))
    #expect(try await run(["-n", "input | input_filename"], "1") == ("\"<stdin>\"\n", "", 0))
  }

  @Test("A file that cannot be read stops the main loop one value later; -n inputs reads on")
  func unreadableFileStopsTheLoop() async throws {
    let directory = try TemporaryDirectory()
    let files = [
      "/nonexistent/jq18/missing.json", try directory.file("more.json", "3\n4\n"),
      try directory.file("last.json", "2\n"),
    ]
    let message =
      "jsonkit: error: Could not open file \(files[0]): No such file or directory\n"
    for (program, output) in [
      (["."], "3\n"), (["-n", "[inputs]"], "[3,4,2]\n"), (["-s", "."], "[3,4,2]\n"),
    ] {
      #expect(try await run(["-c"] + program + files, "") == (output, message, 2))
    }
  }
}
