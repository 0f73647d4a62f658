import Foundation
import Testing

/// Invalid JSON, as jq 1.8's `main`: `parse error:` and where on stderr, what came before it on
/// stdout, no more input read, exit 5.
@Suite("Invalid input")
struct InvalidInputTests {
  @Test("A syntax error reports line and column on stderr and exits 5")
  func syntaxError() async throws {
    let result = try await CLI.run(["."], input: "{\n  \"a\": 1,\n  \"b\": tru\n}\n")
    #expect(result.status == 5)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("jsonkit: parse error: "))
    // jq's reader checks the literal `tru` at the byte after it, the newline, which it has
    // counted already: line 4, column 0.
    #expect(result.stderr == "jsonkit: parse error: Invalid literal at line 4, column 0\n")
  }

  @Test("Values before the bad one are printed; the bad one and the rest of the file are not")
  func goodLinesBeforeTheError() async throws {
    let input = "{\"a\":1}\n{\"a\":2}\n{\"a\": x}\n{\"a\":4}\n"
    let result = try await CLI.run(["-c", ".a"], input: input)
    #expect(result.status == 5)
    #expect(result.stdout == "1\n2\n")
    #expect(
      result.stderr == "jsonkit: parse error: Invalid numeric literal at line 3, column 8\n")
  }

  @Test("A pretty-printed value before a bad one is printed too")
  func prettyValueBeforeTheError() async throws {
    let result = try await CLI.run(
      ["-c"], input: "{\n  \"a\": [\n    1\n  ]\n}\n{\n  \"b\": nul\n}\n")
    #expect(result.status == 5)
    #expect(result.stdout == "{\"a\":[1]}\n")
    #expect(result.stderr == "jsonkit: parse error: Invalid literal at line 8, column 0\n")
  }

  @Test("Reading stops at invalid input: the files after it are not read, and the exit status is 5")
  func laterFilesNotRead() async throws {
    let directory = try TemporaryDirectory()
    let good = try directory.file("good.json", #"{"ok": true}"#)
    let bad = try directory.file("bad.json", "[1, 2,\n 3,,\n 4]")
    let alsoGood = try directory.file("also-good.json", #"{"ok": "yes"}"#)
    let result = try await CLI.run([".ok", good, bad, alsoGood])
    #expect(result.status == 5)
    #expect(result.stdout == "true\n")
    #expect(result.stderr.hasPrefix("jsonkit: parse error: "))
    #expect(result.stderr.contains("line 2, column 4"), "\(result.stderr)")
  }

  @Test("Input that ends inside a value is an error")
  func truncated() async throws {
    let result = try await CLI.run(["."], input: #"{"a": [1, 2"#)
    #expect(result.status == 5)
    #expect(result.stdout == "")
    #expect(
      result.stderr == "jsonkit: parse error: Unfinished JSON term at EOF at line 1, column 11\n")
  }

  @Test("Invalid input after a failed filter ends the run with status 5 and both errors")
  func filterErrorThenInvalidInput() async throws {
    let result = try await CLI.run([".a"], input: "1\n{")
    #expect(result.status == 5)
    #expect(result.stderr.contains("jsonkit: parse error: "))
    #expect(result.stderr.contains("Cannot index number with string (\"a\")"))
  }
}

/// Files that cannot be read, and command lines that make no sense.
@Suite("Unreadable files and usage errors")
struct UsageTests {
  @Test(
    "A missing file is reported, one more value is run (jq 1.8's main loop), exit status 2")
  func missingFile() async throws {
    let result = try await CLI.run([".", "/nonexistent/missing.json", CLI.sample("events.ndjson")])
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "jsonkit: error: Could not open file /nonexistent/missing.json: No such file or directory\n"
    )
    #expect(result.stdout.split(separator: "\n").filter { $0 == "{" }.count == 1)
    // `inputs` and `-s` read every file that opens.
    let all = try await CLI.run(
      ["-n", "[inputs] | length", "/nonexistent/missing.json", CLI.sample("events.ndjson")])
    #expect(all.status == 2)
    #expect(all.stdout == "5\n")
  }

  @Test("A directory is reported as unreadable")
  func directory() async throws {
    let directory = try TemporaryDirectory()
    let result = try await CLI.run([".", directory.url.path])
    #expect(result.status == 2)
    #expect(result.stderr == "jsonkit: error: Is a directory\n")
  }

  @Test(
    "Usage errors exit 2 with jq's message",
    arguments: [
      (["--no-such-option"], "Unknown option --no-such-option"),
      (["-nx"], "Unknown option -x"),
      (["--indent"], "--indent takes one parameter"),
      (["--indent", "8"], "--indent takes a number between -1 and 7"),
      (["--indent", "-2"], "--indent takes a number between -1 and 7"),
      (["--indent", "x"], "--indent takes a number between -1 and 7"),
      (["--indent", " 2"], "--indent takes a number between -1 and 7"),
      ([".", "--arg", "x"], "--arg takes two parameters (e.g. --arg varname value)"),
      ([".", "--argjson", "x", "{"], "invalid JSON text passed to --argjson"),
      ([".", "--argjson", "x", "1 2"], "invalid JSON text passed to --argjson"),
      (["--jsonargs", ".", "nope"], "invalid JSON text passed to --jsonargs"),
    ])
  func usageErrors(arguments: [String], message: String) async throws {
    let result = try await CLI.run(arguments, input: "1")
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("jsonkit: \(message)\n"), "\(result.stderr)")
    #expect(result.stderr.contains("Use jsonkit --help for help with command-line options"))
  }

  @Test("A program that does not compile exits 3 and shows where, with a caret under the token")
  func invalidFilter() async throws {
    for filter in [
      ".[", ".a |", "{", "if . then 1", #""unterminated"#, ".a | nosuchfunction", "$undefined",
    ] {
      let result = try await CLI.run([filter], input: "{}")
      #expect(result.status == 3, "\(filter)")
      #expect(result.stdout == "")
      #expect(result.stderr.hasPrefix("jsonkit: error: "), "\(result.stderr)")
      #expect(result.stderr.contains("at <top-level>, line 1, column "), "\(result.stderr)")
      #expect(result.stderr.contains("\n    \(filter)\n"), "\(result.stderr)")
      // jq's `if` error rule adds a hint to the syntax error: two errors.
      let count = filter.hasPrefix("if") ? "2 compile errors" : "1 compile error"
      #expect(result.stderr.hasSuffix("^\njsonkit: \(count)\n"), "\(result.stderr)")
    }
  }

  @Test("The caret sits under the offending token")
  func caretPosition() async throws {
    let result = try await CLI.run([".a | nosuchfunction"], input: "{}")
    #expect(
      result.stderr == """
        jsonkit: error: nosuchfunction/0 is not defined at <top-level>, line 1, column 6:
            .a | nosuchfunction
                 ^^^^^^^^^^^^^^
        jsonkit: 1 compile error

        """)
  }

  @Test("A file given where the filter goes gets a hint")
  func fileAsFilter() async throws {
    let catalog = CLI.sample("catalog.json")
    let result = try await CLI.run([catalog])
    #expect(result.status == 3)
    #expect(result.stderr.contains("did you mean jsonkit . \(catalog)?"))
  }

  @Test("--help reads like jq's: usage line, description, options, exit status")
  func help() async throws {
    let result = try await CLI.run(["--help"])
    #expect(result.status == 0)
    #expect(try await CLI.run(["-h"]).stdout == result.stdout)
    #expect(result.stdout.hasPrefix("Usage:\tjsonkit [OPTIONS] FILTER [FILES...]\n"))
    for text in [
      "-n, --null-input", "-R, --raw-input", "-s, --slurp", "-c, --compact-output",
      "-r, --raw-output",
      "--raw-output0", "-j, --join-output", "-a, --ascii-output", "-S, --sort-keys",
      "-C, --color-output",
      "-M, --monochrome-output", "--tab", "--indent n", "--stream", "--seq", "-f, --from-file",
      "-L, --library-path dir", "--arg name value", "--argjson name value", "--slurpfile name file",
      "--rawfile name file", "--args", "--jsonargs", "-e, --exit-status", "-V, --version",
      "-h, --help",
      "Exit status", "jsonkit: error (at FILE:LINE)",
    ] {
      #expect(result.stdout.contains(text), "\(text)")
    }
    // The example error in the help is the one jsonkit prints for it.
    let example = try await CLI.run(["1 | .a"], input: "null").stderr
    #expect(
      result.stdout.contains(
        "  " + example.replacingOccurrences(of: "<stdin>:0", with: "FILE:LINE")))
  }
}
