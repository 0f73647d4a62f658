import Foundation
import Testing

/// `--stream` around parse errors and `--stream-errors`, against what jq 1.8's source does
/// (src/jv_parse.c `stream_token`, `make_error`; src/main.c; src/util.c): a scalar inside a
/// container is an event only once the ',' or closer after it is read; with
/// `--stream-errors` an error is the input `[message, path]` with the parser's path at the
/// error (an array's index moves at each ',', an object's key is set at ':' and is `null`
/// after '{' and ','), the rest of the line is dropped, the parser starts afresh on the
/// next line, and the run's exit status is 0.
///
/// Each case runs twice: with the events pushed
/// into the program as the parser reads (`.`) and pulled by it (`-n 'inputs'`). Messages and
/// places are jq's streaming parser's (`stream_token`), which has words of its own.
@Suite("--stream and --stream-errors around parse errors")
struct StreamErrorTests {
  /// Runs `jsonkit -c FLAGS PROGRAM` both ways; they must agree (on standard error only
  /// whether there is something: see `streamWithoutErrors`).
  private func run(_ flags: [String], _ input: String) async throws -> RunResult {
    try await runBoth(flags, input).pushed
  }

  private func runBoth(_ flags: [String], _ input: String) async throws -> (
    pushed: RunResult, pulled: RunResult
  ) {
    let pushed = try await CLI.run(["-c"] + flags + ["."], input: input)
    let pulled = try await CLI.run(["-c", "-n"] + flags + ["inputs"], input: input)
    #expect(pushed.stdout == pulled.stdout)
    #expect(pushed.stderr.isEmpty == pulled.stderr.isEmpty)
    #expect(pushed.status == pulled.status)
    return (pushed, pulled)
  }

  /// The `[message, path]` lines of an output, as (message prefix checked, path).
  private func lines(_ output: String) -> [String] {
    output.split(separator: "\n").map(String.init)
  }

  @Test("the manual's example: [\"a\",n] gives the leaf before the ',' and the path [1]")
  func manualExample() async throws {
    let result = try await run(["--stream-errors"], #"["a",n]"#)
    let out = lines(result.stdout)
    #expect(out.count == 2)
    #expect(out.first == #"[[0],"a"]"#)
    #expect(out.last?.hasPrefix(#"[""#) == true)
    #expect(out.last?.hasSuffix(#"",[1]]"#) == true)
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
  }

  @Test("a truncated array: the last scalar had no ',' after it, so it is no event")
  func truncatedArray() async throws {
    let result = try await run(["--stream-errors"], "[1,[2,3")
    let out = lines(result.stdout)
    #expect(Array(out.prefix(2)) == ["[[0],1]", "[[1,0],2]"])
    #expect(out.count == 3)
    #expect(out.last == #"["Unfinished JSON term at EOF at line 1, column 7",[1,1]]"#)
    #expect(result.status == 0)
  }

  @Test("a truncated object: the key is the path only after its ':'")
  func truncatedObject() async throws {
    let keyOnly = try await run(["--stream-errors"], #"{"a":{"b":1,"c""#)
    #expect(lines(keyOnly.stdout).first == #"[["a","b"],1]"#)
    #expect(lines(keyOnly.stdout).last?.hasSuffix(#",["a",null]]"#) == true)
    #expect(lines(keyOnly.stdout).count == 2)
    let withColon = try await run(["--stream-errors"], #"{"a":1,"b":"#)
    #expect(lines(withColon.stdout).first == #"[["a"],1]"#)
    #expect(lines(withColon.stdout).last?.hasSuffix(#",["b"]]"#) == true)
    let afterComma = try await run(["--stream-errors"], #"{"a":1,"#)
    #expect(lines(afterComma.stdout).last?.hasSuffix(",[null]]") == true)
    let afterValue = try await run(["--stream-errors"], #"{"a":[]"#)
    #expect(lines(afterValue.stdout).first == #"[["a"],[]]"#)
    #expect(lines(afterValue.stdout).last?.hasSuffix(#",["a"]]"#) == true)
    for result in [keyOnly, withColon, afterComma, afterValue] { #expect(result.status == 0) }
  }

  @Test("after an error the rest of its line is dropped and the next line parsed afresh")
  func resyncAtTheNextLine() async throws {
    let input = "{\"a\":1}\n{\"a\":tru} [9]\n[3]\n"
    let result = try await run(["--stream-errors"], input)
    let out = lines(result.stdout)
    #expect(out.count == 5)
    #expect(Array(out.prefix(2)) == [#"[["a"],1]"#, #"[["a"]]"#])
    #expect(out[2] == #"["Invalid literal at line 2, column 9",["a"]]"#)
    #expect(Array(out.suffix(2)) == ["[[0],3]", "[[0]]"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
  }

  @Test("top-level scalars: one followed by white space is an event, one cut by an error not")
  func topLevelScalars() async throws {
    let spaced = try await run(["--stream-errors"], "1 2 x")
    #expect(Array(lines(spaced.stdout).prefix(2)) == ["[[],1]", "[[],2]"])
    #expect(lines(spaced.stdout).last?.hasSuffix(",[]]") == true)
    #expect(lines(spaced.stdout).count == 3)
    let glued = try await run(["--stream-errors"], "1 2x")
    #expect(lines(glued.stdout).first == "[[],1]")
    #expect(lines(glued.stdout).count == 2)
  }

  @Test("--stream alone: the same events before the error, then the error ends the run")
  func streamWithoutErrors() async throws {
    // Pushed, the error is the run's parse error; pulled by `inputs`, it is an error of the
    // program, at the input's line (0: no newline read yet).
    let truncated = try await runBoth(["--stream"], "[1,[2,3")
    #expect(truncated.pushed.stdout == "[[0],1]\n[[1,0],2]\n")
    #expect(
      truncated.pushed.stderr
        == "jsonkit: parse error: Unfinished JSON term at EOF at line 1, column 7\n")
    #expect(
      truncated.pulled.stderr
        == "jsonkit: error (at <stdin>:0): Unfinished JSON term at EOF at line 1, column 7\n")
    #expect(truncated.pushed.status == 5)
    let comma = try await runBoth(["--stream"], "[1,2,x]")
    #expect(comma.pushed.stdout == "[[0],1]\n[[1],2]\n")
    #expect(
      comma.pushed.stderr == "jsonkit: parse error: Invalid numeric literal at line 1, column 7\n")
    #expect(
      comma.pulled.stderr
        == "jsonkit: error (at <stdin>:0): Invalid numeric literal at line 1, column 7\n")
    #expect(comma.pushed.status == 5)
  }

  @Test("the streaming parser's own words for structure errors, with jq's paths and places")
  func structureMessages() async throws {
    let cases: [(input: String, output: String)] = [
      ("]", #"["Unmatched ']' at the top-level at line 1, column 1",[]]"#),
      (#"{"a" 1}"#, #"["Expected separator between values at line 1, column 7",[null]]"#),
      ("[1}", #"["Unmatched '}' in the middle of an array at line 1, column 3",[0]]"#),
      (#"{"a":1]"#, #"["Unmatched ']' in the middle of an object at line 1, column 7",["a"]]"#),
      ("{,}", #"["Expected value before ',' at line 1, column 2",[null]]"#),
      ("[1 2]", #"["Expected separator between values at line 1, column 5",[0]]"#),
      (#""\x""#, #"["Invalid escape at line 1, column 4",[]]"#),
      ("[nan]", "[[0],null]\n[[0]]"),
      ("1 2x", #"[[],1]"# + "\n" + #"["Invalid numeric literal at EOF at line 1, column 4",[]]"#),
    ]
    for (input, output) in cases {
      let result = try await run(["--stream-errors"], input)
      #expect(result.stdout == output + "\n", "\(input)")
      #expect(result.status == 0)
    }
  }

  /// jq's parser counts the lines it reads itself: the newline dropped with the rest of a
  /// line after an error is not counted, so the places after it are a line short.
  @Test("after an error the rest of the line is dropped; lines count on (jq's places)")
  func placesAfterAnError() async throws {
    let result = try await run(["--stream-errors"], "[1,\n x\n]\n[2,\n]")
    #expect(
      result.stdout == """
        [[0],1]
        ["Invalid numeric literal at line 3, column 0",[1]]
        ["Unmatched ']' at the top-level at line 3, column 1",[]]
        [[0],2]
        ["Expected another array element at line 4, column 1",[1]]

        """)
  }

  @Test("a valid input gives the same events with or without --stream-errors")
  func validInputIsUnchanged() async throws {
    let input = #"{"a":[1,{"b":null}],"c":"x"} [] 3 "s" [[[]]]"#
    let plain = try await run(["--stream"], input)
    let errors = try await run(["--stream-errors"], input)
    let reference = try await CLI.run(["-c", "tostream"], input: input)
    #expect(plain.stdout == reference.stdout)
    #expect(errors.stdout == reference.stdout)
  }
}

/// The `--stream` programs `StreamShortcut` answers without the evaluator print what the
/// evaluator prints for them (the same program with `| .` appended goes through it).
@Suite("--stream shortcuts")
struct StreamShortcutTests {
  @Test(
    "each shortcut prints what the evaluator prints",
    arguments: [
      ".", "select(length == 2)", "select(length==2)|.[1]", "select( length == 2 ) | .[0]",
      ".[0]",
    ])
  func sameAsTheEvaluator(_ program: String) async throws {
    let input = #"{"a":[1,{"b":null},[]],"c":"x"} 3 [] {"d":{}} [[1,[2]]]"# + "\n"
    for flags in [["-c", "--stream"], ["-c", "--stream-errors"], ["-c", "--stream", "-s"]] {
      let shortcut = try await CLI.run(flags + [program], input: input)
      let evaluated = try await CLI.run(flags + ["\(program) | ."], input: input)
      // (Slurped, the one input is the array of all events: `select(length == 2)` is empty.)
      if !flags.contains("-s") { #expect(!shortcut.stdout.isEmpty) }
      #expect(shortcut.stdout == evaluated.stdout, "\(flags) \(program)")
      #expect(shortcut.status == evaluated.status)
    }
    let errors = "[1,\n2,x]\n"
    let shortcut = try await CLI.run(["-c", "--stream-errors", program], input: errors)
    let evaluated = try await CLI.run(["-c", "--stream-errors", "\(program) | ."], input: errors)
    #expect(shortcut.stdout == evaluated.stdout)
  }
}
