import Foundation
import Testing

/// jq's options, each checked against what jq prints for the same command line.
@Suite("jq's options")
struct JQOptionsTests {
  @Test("-n runs once on null; input and inputs read the inputs")
  func nullInput() async throws {
    #expect(try await CLI.run(["-n", "-c", "[., 1]"]).stdout == "[null,1]\n")
    #expect(try await CLI.run(["-nc", "[inputs]"], input: "1\n2\n3\n").stdout == "[1,2,3]\n")
    #expect(try await CLI.run(["-nc", "input, input"], input: "1 2 3").stdout == "1\n2\n")
    // The main loop and `input` share one sequence: `input` takes the next value.
    let paired = try await CLI.run(["-c", "[., input]"], input: "1\n2\n3\n4\n")
    #expect(paired.stdout == "[1,2]\n[3,4]\n")
  }

  @Test("-f, --rawfile and --slurpfile read pipes to their end, as jq does")
  func filesThatArePipes() async throws {
    // The test's input is a pipe: /dev/stdin has no size to read up to.
    #expect(try await CLI.run(["-n", "-f", "/dev/stdin"], input: "1 + 1").stdout == "2\n")
    #expect(
      try await CLI.run(["-n", "--rawfile", "x", "/dev/stdin", "$x"], input: "abc").stdout
        == "\"abc\"\n")
    let slurped = try await CLI.run(
      ["-nc", "--slurpfile", "x", "/dev/stdin", "$x"], input: "1 [2]")
    #expect(slurped.stdout == "[1,[2]]\n")
    let missing = try await CLI.run(["-n", "-f", "/nonexistent/program.jq"])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("Could not open /nonexistent/program.jq: No such file"))
  }

  @Test("-r, -j and --raw-output0 write strings as their text")
  func rawOutput() async throws {
    #expect(
      try await CLI.run(["-r", ".[]"], input: #"["a\tb", 1, {"c": "d"}]"#).stdout
        == "a\tb\n1\n{\n  \"c\": \"d\"\n}\n")
    #expect(try await CLI.run(["-j", ".[]"], input: #"["a", 1, "b"]"#).stdout == "a1b")
    #expect(
      try await CLI.run(["--raw-output0", ".[]"], input: #"["a", "b"]"#).stdout == "a\u{0}b\u{0}")
    let nul = try await CLI.run(["--raw-output0", ".[]"], input: #"["a", "b\u0000c", "d"]"#)
    #expect(nul.stdout == "a\u{0}")
    #expect(nul.status == 5)
    #expect(
      nul.stderr
        == "jsonkit: error (at <stdin>:0): Cannot dump a string containing NUL with --raw-output0 option\n"
    )
  }

  @Test("-a escapes every non-ASCII character; with -r a string is then written as JSON text")
  func asciiOutput() async throws {
    #expect(
      try await CLI.run(["-a", "."], input: #""é😀""#).stdout == #""\u00e9\ud83d\ude00""# + "\n")
    // jq 1.8's `main` dumps a raw string with JV_PRINT_ASCII: quoted, as JSON.
    #expect(
      try await CLI.run(["-ar", "."], input: #""é😀""#).stdout == #""\u00e9\ud83d\ude00""# + "\n")
    #expect(try await CLI.run(["-ar", "."], input: #""ab""#).stdout == #""ab""# + "\n")
  }

  @Test("-s slurps every value into one array; -R reads lines; -Rs reads one string")
  func slurpAndRaw() async throws {
    #expect(
      try await CLI.run(["-sc", "."], input: "1 [2]\n{\"a\":3}").stdout == #"[1,[2],{"a":3}]"#
        + "\n")
    #expect(try await CLI.run(["-sc", "."], input: "").stdout == "[]\n")
    #expect(
      try await CLI.run(["-R", "."], input: "a\nb c\n\nlast").stdout
        == "\"a\"\n\"b c\"\n\"\"\n\"last\"\n"
    )
    #expect(try await CLI.run(["-Rs", "."], input: "a\nb\n").stdout == "\"a\\nb\\n\"\n")
    #expect(
      try await CLI.run(["-Rn", "[inputs]", "-c"], input: "x\ny\n").stdout == #"["x","y"]"# + "\n")
  }

  @Test("--arg, --argjson, --args, --jsonargs, --slurpfile and --rawfile set variables and $ARGS")
  func arguments() async throws {
    let directory = try TemporaryDirectory()
    let values = try directory.file("values.json", "1 [2]")
    let text = try directory.file("text.txt", "hello\n")
    let result = try await CLI.run([
      "-nc", "--arg", "s", "1", "--argjson", "j", #"{"k":[1]}"#, "--slurpfile", "all", values,
      "--rawfile", "raw", text, "[$s, $j, $all, $raw, $ARGS.named.s]",
    ])
    #expect(result.stdout == #"["1",{"k":[1]},[1,[2]],"hello\n","1"]"# + "\n")
    #expect(
      try await CLI.run(["-nc", "$ARGS", "--args", "a", "b"]).stdout
        == #"{"positional":["a","b"],"named":{}}"# + "\n")
    #expect(
      try await CLI.run(["-nc", "--jsonargs", "$ARGS.positional", "1", #"{"a":null}"#]).stdout
        == #"[1,{"a":null}]"# + "\n")
  }

  @Test("-e sets the exit status from the last output: 0, 1 for false or null, 4 for none")
  func exitStatus() async throws {
    #expect(try await CLI.run(["-e", "."], input: "1").status == 0)
    #expect(try await CLI.run(["-e", "."], input: "1 false").status == 1)
    #expect(try await CLI.run(["-e", "."], input: "null").status == 1)
    #expect(try await CLI.run(["-e", "empty"], input: "1").status == 4)
    #expect(try await CLI.run(["-e", ".a.b"], input: #"{"a": 1}"#).status == 5)
  }

  @Test("--seq writes an RS before each value, but not before a raw string")
  func seq() async throws {
    #expect(
      try await CLI.run(["--seq", "-c", ".[]"], input: "\u{1E}[1, \"x\"]").stdout
        == "\u{1E}1\n\u{1E}\"x\"\n")
    #expect(
      try await CLI.run(["--seq", "-r", ".[]"], input: "\u{1E}[\"x\", 1]").stdout == "x\n\u{1E}1\n")
  }

  @Test("--seq reads RFC 7464 records: an unclosed one after white space is dropped, as jq 1.8")
  func seqInput() async throws {
    let result = try await CLI.run(
      ["--seq", "-c", "."], input: "\u{1E}1\n\u{1E}{\"a\"\n\u{1E}[2]\n\u{1E}{\"b\": 3}")
    #expect(result.status == 0)
    #expect(result.stdout == "\u{1E}1\n\u{1E}[2]\n\u{1E}{\"b\":3}\n")
    #expect(result.stderr == "")
  }

  @Test("--unbuffered is accepted and changes nothing but when output is written")
  func unbuffered() async throws {
    let result = try await CLI.run(["--unbuffered", "-c", ".[]"], input: "[1, [2]]")
    #expect(result.status == 0)
    #expect(result.stdout == "1\n[2]\n")
  }

  @Test("On a terminal output is coloured unless NO_COLOR is set; -C still colours")
  func noColor() async throws {
    let binary = try #require(CLI.executable)
    /// Runs jsonkit under a pseudo-terminal (util-linux `script`), with NO_COLOR unset or set
    /// to `noColor`, and says whether it coloured.
    func coloured(_ arguments: String, noColor: String?) async throws -> Bool {
      let environment = noColor.map { "env NO_COLOR='\($0)'" } ?? "env -u NO_COLOR"
      let command = "\(environment) \(binary.path) -n \(arguments) '{\"a\": 1}'"
      let result = try await CLI.runProcess(
        URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"], input: nil)
      #expect(result.stdout.contains("\"a\""), "\(result.stdout)")
      return result.stdout.contains("\u{1B}[")
    }
    #expect(try await coloured("", noColor: nil))
    #expect(try await !coloured("", noColor: "1"))
    #expect(try await coloured("", noColor: ""))  // empty counts as unset, as no-color.org says
    #expect(try await coloured("-C", noColor: "1"))
  }

  @Test("--stream turns each value into jq's path events")
  func stream() async throws {
    let result = try await CLI.run(["--stream", "-c", "."], input: #"{"a":[1,{"b":2}],"c":[]} 3"#)
    #expect(
      result.stdout == """
        [["a",0],1]
        [["a",1,"b"],2]
        [["a",1,"b"]]
        [["a",1]]
        [["c"],[]]
        [["c"]]
        [[],3]

        """)
  }

  @Test("-C colors as jq does; JQ_COLORS changes the colors; -M turns them off")
  func colors() async throws {
    let esc = "\u{1B}"
    let result = try await CLI.run(["-C", "."], input: #"{"a":[1,"x",null,true,{}]}"#)
    let o = "\(esc)[1;39m"
    let r = "\(esc)[0m"
    // jq 1.8.2's bytes for the same input.
    let expected =
      "\(o){\(r)\n  \(esc)[1;34m\"a\"\(r)\(o):\(r) \(o)[\(r)\n    \(esc)[0;39m1\(r)\(o),\(r)\n    "
      + "\(esc)[0;32m\"x\"\(r)\(o),\(r)\n    \(esc)[0;90mnull\(r)\(o),\(r)\n    "
      + "\(esc)[0;39mtrue\(r)\(o),\(r)\n    \(o){}\(r)\n  \(o)]\(r)\n\(o)}\(r)\n"
    #expect(result.stdout == expected)
    let red = try await CLI.run(
      ["-C", "-c", "."], input: "null", environment: ["JQ_COLORS": "1;31"])
    #expect(red.stdout == "\(esc)[1;31mnull\(r)\n")
    #expect(try await CLI.run(["-M", "."], input: "null").stdout == "null\n")
  }

  @Test("halt exits 0 quietly; halt_error prints its input and exits with its status")
  func halt() async throws {
    let quiet = try await CLI.run(["-n", "1, halt, 2"])
    #expect(quiet.stdout == "1\n")
    #expect(quiet.status == 0)
    let text = try await CLI.run(["-n", #""bye\n" | halt_error(3)"#])
    #expect(text.status == 3)
    #expect(text.stderr == "bye\n")
    let object = try await CLI.run(["-n", #"{"a":1} | halt_error"#])
    #expect(object.status == 5)
    #expect(object.stderr == "{\"a\":1}\n")
  }

  @Test("A runtime error skips the rest of that input, the next input is processed, exit 5")
  func runtimeErrorsContinue() async throws {
    let result = try await CLI.run(["-c", ".[0], .a"], input: "[1]\n{\"a\":2}\n")
    #expect(result.stdout == "1\n")
    #expect(result.status == 5)
    #expect(
      result.stderr == """
        jsonkit: error (at <stdin>:1): Cannot index array with string ("a")
        jsonkit: error (at <stdin>:2): Cannot index object with number (0)

        """)
    // With -n, jq names no place until the program reads an input.
    let notString = try await CLI.run(["-n", #"error({"code": 7})"#])
    #expect(notString.stderr == "jsonkit: error (at <unknown>) (not a string): {\"code\":7}\n")
    let afterInput = try await CLI.run(["-n", #"input | error("x")"#], input: "1\n2\n")
    #expect(afterInput.stderr == "jsonkit: error (at <stdin>:1): x\n")
    let noInputLeft = try await CLI.run(["-n", #"[inputs] | error("z")"#], input: "")
    #expect(noInputLeft.stderr == "jsonkit: error (at <stdin>:0): z\n")
  }

  @Test("debug and stderr write to standard error")
  func messages() async throws {
    let result = try await CLI.run(["-c", "(debug | .+1), (\"x\" | stderr | length)"], input: "1")
    #expect(result.stdout == "2\n1\n")
    // `stderr` writes a string as its text, other values as compact JSON, no newline.
    #expect(result.stderr == "[\"DEBUG:\",1]\nx")
  }

  @Test("input_filename names the file, <stdin> for standard input (jq 1.8)")
  func inputFilename() async throws {
    let directory = try TemporaryDirectory()
    let file = try directory.file("one.json", "1")
    #expect(try await CLI.run(["-c", "input_filename", file]).stdout == "\"\(file)\"\n")
    #expect(try await CLI.run(["input_filename"], input: "1").stdout == "\"<stdin>\"\n")
    #expect(try await CLI.run(["-n", "input_filename"], input: "1").stdout == "null\n")
  }

  @Test("Short flags combine and options may follow the filter and the files; -f reads the program")
  func commandLineShapes() async throws {
    let directory = try TemporaryDirectory()
    let data = try directory.file("data.json", #"{"a": "x"}"#)
    let program = try directory.file("program.jq", ".a\n| ascii_upcase")
    #expect(try await CLI.run([".a", data, "-r"]).stdout == "x\n")
    #expect(try await CLI.run(["-rS", ".a", data]).stdout == "x\n")
    #expect(try await CLI.run(["-r", "-f", program, data]).stdout == "X\n")
    #expect(try await CLI.run(["--", "-1"], input: "0").stdout == "-1\n")
    #expect(try await CLI.run(["--version"]).stdout.hasPrefix("jsonkit-"))
  }
}
