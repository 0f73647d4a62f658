import Foundation
import Testing

/// `--stream` around parse errors and `--stream-errors`, against what jq 1.8's source does
/// (src/jv_parse.c `stream_token`, `make_error`; src/main.c; src/util.c): a scalar inside a
/// container is an event only once the ',' or closer after it is read; with
/// `--stream-errors` an error is the input `[message, path]` with the parser's path at the
/// error (an array's index moves at each ',', an object's key is set at ':' and is `null`
/// after '{' and ','), the rest of the line is dropped, the parser starts afresh on the
/// next line, and the run's exit status is 0. Each case runs twice: with the events pushed
/// into the program as the parser reads (`.`) and pulled by it (`-n 'inputs'`).
@Suite("--stream and --stream-errors around parse errors")
struct StreamErrorTests {
  /// Runs `jsonkit -c FLAGS PROGRAM` both ways; they must agree.
  private func run(_ flags: [String], _ input: String) throws -> RunResult {
    let pushed = try CLI.run(["-c"] + flags + ["."], input: input)
    let pulled = try CLI.run(["-c", "-n"] + flags + ["inputs"], input: input)
    #expect(pushed.stdout == pulled.stdout)
    #expect(pushed.stderr == pulled.stderr)
    #expect(pushed.status == pulled.status)
    return pushed
  }

  /// The `[message, path]` lines of an output, as (message prefix checked, path).
  private func lines(_ output: String) -> [String] {
    output.split(separator: "\n").map(String.init)
  }

  @Test("the manual's example: [\"a\",n] gives the leaf before the ',' and the path [1]")
  func manualExample() throws {
    let result = try run(["--stream-errors"], #"["a",n]"#)
    let out = lines(result.stdout)
    #expect(out.count == 2)
    #expect(out.first == #"[[0],"a"]"#)
    #expect(out.last?.hasPrefix(#"[""#) == true)
    #expect(out.last?.hasSuffix(#"",[1]]"#) == true)
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
  }

  @Test("a truncated array: the last scalar had no ',' after it, so it is no event")
  func truncatedArray() throws {
    let result = try run(["--stream-errors"], "[1,[2,3")
    let out = lines(result.stdout)
    #expect(Array(out.prefix(2)) == ["[[0],1]", "[[1,0],2]"])
    #expect(out.count == 3)
    #expect(out.last?.hasPrefix(#"["Unexpected end of input"#) == true)
    #expect(out.last?.hasSuffix(",[1,1]]") == true)
    #expect(result.status == 0)
  }

  @Test("a truncated object: the key is the path only after its ':'")
  func truncatedObject() throws {
    let keyOnly = try run(["--stream-errors"], #"{"a":{"b":1,"c""#)
    #expect(lines(keyOnly.stdout).first == #"[["a","b"],1]"#)
    #expect(lines(keyOnly.stdout).last?.hasSuffix(#",["a",null]]"#) == true)
    #expect(lines(keyOnly.stdout).count == 2)
    let withColon = try run(["--stream-errors"], #"{"a":1,"b":"#)
    #expect(lines(withColon.stdout).first == #"[["a"],1]"#)
    #expect(lines(withColon.stdout).last?.hasSuffix(#",["b"]]"#) == true)
    let afterComma = try run(["--stream-errors"], #"{"a":1,"#)
    #expect(lines(afterComma.stdout).last?.hasSuffix(",[null]]") == true)
    let afterValue = try run(["--stream-errors"], #"{"a":[]"#)
    #expect(lines(afterValue.stdout).first == #"[["a"],[]]"#)
    #expect(lines(afterValue.stdout).last?.hasSuffix(#",["a"]]"#) == true)
    for result in [keyOnly, withColon, afterComma, afterValue] { #expect(result.status == 0) }
  }

  @Test("after an error the rest of its line is dropped and the next line parsed afresh")
  func resyncAtTheNextLine() throws {
    let input = "{\"a\":1}\n{\"a\":tru} [9]\n[3]\n"
    let result = try run(["--stream-errors"], input)
    let out = lines(result.stdout)
    #expect(out.count == 5)
    #expect(Array(out.prefix(2)) == [#"[["a"],1]"#, #"[["a"]]"#])
    #expect(out[2].hasPrefix(#"["Unexpected character"#))
    #expect(out[2].contains("line 2"))
    #expect(out[2].hasSuffix(#",["a"]]"#))
    #expect(Array(out.suffix(2)) == ["[[0],3]", "[[0]]"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
  }

  @Test("errors keep counting lines from the start of the input")
  func linesAfterAResync() throws {
    let result = try run(["--stream-errors"], "[1,\n x\n]\n[2,\n]")
    let errors = lines(result.stdout).filter { $0.hasPrefix(#"[""#) }
    #expect(errors.count == 3)
    #expect(errors[0].contains("line 2"))
    #expect(errors[1].contains("line 3"))
    #expect(errors[2].contains("line 5"))
  }

  @Test("top-level scalars: one followed by white space is an event, one cut by an error not")
  func topLevelScalars() throws {
    let spaced = try run(["--stream-errors"], "1 2 x")
    #expect(Array(lines(spaced.stdout).prefix(2)) == ["[[],1]", "[[],2]"])
    #expect(lines(spaced.stdout).last?.hasSuffix(",[]]") == true)
    #expect(lines(spaced.stdout).count == 3)
    let glued = try run(["--stream-errors"], "1 2x")
    #expect(lines(glued.stdout).first == "[[],1]")
    #expect(lines(glued.stdout).count == 2)
  }

  @Test("--stream alone: the same events before the error, then the error ends the run")
  func streamWithoutErrors() throws {
    let result = try run(["--stream"], "[1,[2,3")
    #expect(result.stdout == "[[0],1]\n[[1,0],2]\n")
    #expect(result.stderr.hasPrefix("jsonkit: parse error: Unexpected end of input"))
    #expect(result.status == 5)
    let comma = try run(["--stream"], "[1,2,x]")
    #expect(comma.stdout == "[[0],1]\n[[1],2]\n")
    #expect(comma.status == 5)
  }

  @Test("a valid input gives the same events with or without --stream-errors")
  func validInputIsUnchanged() throws {
    let input = #"{"a":[1,{"b":null}],"c":"x"} [] 3 "s" [[[]]]"#
    let plain = try run(["--stream"], input)
    let errors = try run(["--stream-errors"], input)
    let reference = try CLI.run(["-c", "tostream"], input: input)
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
  func sameAsTheEvaluator(_ program: String) throws {
    let input = #"{"a":[1,{"b":null},[]],"c":"x"} 3 [] {"d":{}} [[1,[2]]]"# + "\n"
    for flags in [["-c", "--stream"], ["-c", "--stream-errors"], ["-c", "--stream", "-s"]] {
      let shortcut = try CLI.run(flags + [program], input: input)
      let evaluated = try CLI.run(flags + ["\(program) | ."], input: input)
      // (Slurped, the one input is the array of all events: `select(length == 2)` is empty.)
      if !flags.contains("-s") { #expect(!shortcut.stdout.isEmpty) }
      #expect(shortcut.stdout == evaluated.stdout, "\(flags) \(program)")
      #expect(shortcut.status == evaluated.status)
    }
    let errors = "[1,\n2,x]\n"
    let shortcut = try CLI.run(["-c", "--stream-errors", program], input: errors)
    let evaluated = try CLI.run(["-c", "--stream-errors", "\(program) | ."], input: errors)
    #expect(shortcut.stdout == evaluated.stdout)
  }
}
