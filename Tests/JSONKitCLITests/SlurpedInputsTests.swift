import Testing

/// `-n` with `-s` as in jq 1.8.2.
///
/// jq's reader slurps the inputs, so `input` and `inputs` read one value, every input in an array (every event with `--stream`, the whole text with `-R`).
/// The expected outputs are what jq 1.8.2 printed for the same command lines.
@Suite("-n -s: inputs yields the one slurped value")
struct SlurpedInputsTests {
  @Test(
    "inputs yields one array, or one string with -R, or one array of events with --stream",
    arguments: [
      (["-n", "-s", "-c", "[inputs]"], "1 2\n3", "[[1,2,3]]\n"),
      (["-n", "-s", "-R", "-c", "[inputs]"], "a\nb", "[\"a\\nb\"]\n"),
      (["-n", "-s", "--stream", "-c", "[inputs]"], "1 [2]", "[[[[],1],[[0],2],[[0]]]]\n"),
      (["-n", "-s", "-c", #"[input, (try input catch "none")]"#], "1 2", "[[1,2],\"none\"]\n"),
    ])
  func slurped(arguments: [String], input: String, output: String) async throws {
    let result = try await CLI.run(arguments, input: input)
    #expect(result.stdout == output)
    #expect(result.stderr == "")
    #expect(result.status == 0)
  }

  @Test("Input that is not JSON is the error of the program's input, as in jq")
  func notJSON() async throws {
    let result = try await CLI.run(["-n", "-s", "-c", "input"], input: "[1,")
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "jsonkit: error (at <stdin>:0): Unfinished JSON term at EOF at line 1, column 3\n")
    #expect(result.status == 5)
  }
}
