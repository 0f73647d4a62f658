import Testing

/// `--seq` input read as jq 1.8.2's parser reads it (`jv_parse.c`).
///
/// The input is one text in which an ASCII RS ends what came before it. The expected outputs are what jq 1.8.2 printed for
/// the same input with `-c --seq .`.
@Suite("--seq input as jq 1.8.2 reads it")
struct SeqInputTests {
  @Test(
    "Truncated values, abandoned text, errors that resync after their byte, places counted over the whole text",
    arguments: [
      ("\u{1E}1\n\u{1E}2\n", "\u{1E}1\n\u{1E}2\n", ""),
      (
        "\u{1E}1\u{1E}2", "",
        "jsonkit: ignoring parse error: Potentially truncated top-level numeric value at line 1, column 3\njsonkit: ignoring parse error: Potentially truncated top-level numeric value at EOF at line 1, column 4\n"
      ),
      ("\u{1E}[1\n\u{1E}2\n", "\u{1E}2\n", ""),
      (
        "\u{1E}{\"a\":1\u{1E}[2]\n", "\u{1E}[2]\n",
        "jsonkit: ignoring parse error: Truncated value at line 1, column 8\n"
      ),
      (
        "\u{1E}[1,] 4\n\u{1E}5\n", "\u{1E}4\n\u{1E}5\n",
        "jsonkit: ignoring parse error: Expected another array element at line 1, column 5 (need RS to resync)\n"
      ),
      (
        "1\n2\n", "",
        "jsonkit: ignoring parse error: Unfinished abandoned text at EOF at line 3, column 0\n"
      ),
      (
        "", "",
        "jsonkit: ignoring parse error: Unfinished abandoned text at EOF at line 1, column 0\n"
      ),
      (
        "\u{1E}\"ab\n\u{1E}3\n", "\u{1E}3\n",
        "jsonkit: ignoring parse error: Truncated value at line 2, column 1\n"
      ),
      (
        "\u{1E}true\u{1E}3\n", "\u{1E}3\n",
        "jsonkit: ignoring parse error: Truncated value at line 1, column 6\n"
      ),
      (
        "\u{1E}[1]]\n\u{1E}2\n", "\u{1E}[1]\n\u{1E}2\n",
        "jsonkit: ignoring parse error: Unmatched ']' at line 1, column 5 (need RS to resync)\n"
      ),
      (
        "\u{1E}[1,2]\n\u{1E}{\"a\"\n\n", "\u{1E}[1,2]\n",
        "jsonkit: ignoring parse error: Unfinished JSON term at EOF at line 4, column 0\n"
      ),
      ("x\u{1E}3\n", "\u{1E}3\n", ""),
      (
        "\u{1E}1x2 3\n", "\u{1E}3\n",
        "jsonkit: ignoring parse error: Invalid numeric literal at line 1, column 5 (need RS to resync)\n"
      ),
      (
        "\u{1E}1\n\u{1E}2", "\u{1E}1\n",
        "jsonkit: ignoring parse error: Potentially truncated top-level numeric value at EOF at line 2, column 2\n"
      ),
      (
        "\u{1E}{\"a\":[1,\n2]}\n\u{1E}[3]\n\u{1E}tru", "\u{1E}{\"a\":[1,2]}\n\u{1E}[3]\n",
        "jsonkit: ignoring parse error: Invalid literal at EOF at line 4, column 4\n"
      ),
    ])
  func records(input: String, output: String, errors: String) async throws {
    let result = try await CLI.run(["-c", "--seq", "."], input: input)
    #expect(result.stdout == output)
    #expect(result.stderr == errors)
    #expect(result.status == 0)
  }

  @Test("A record may start in one file and end in the next: the files are one text")
  func recordAcrossFiles() async throws {
    let directory = try TemporaryDirectory()
    let first = try directory.file("a.json", "\u{1E}[1,")
    let second = try directory.file("b.json", "2]\n\u{1E}3\n")
    let result = try await CLI.run(["-c", "--seq", ".", first, second])
    #expect(result.stdout == "\u{1E}[1,2]\n\u{1E}3\n")
    #expect(result.stderr == "")
  }
}
