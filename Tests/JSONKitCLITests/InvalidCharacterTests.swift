import Testing

/// Issue 29's "jq's words": a character jq's lexer has no rule for.
///
/// It is an INVALID_CHARACTER token, which the parser reports where it stands, with
/// what it expected there: a `!`, a byte of `é` outside a string, a backslash that ends
/// the program inside a string, a closing bracket that closes nothing open (also inside an
/// interpolation). An error the lexer would find later (an unterminated string after it)
/// is not reported first. The expected texts are what jq 1.8.2 printed.
@Suite("Characters jq's lexer has no rule for are INVALID_CHARACTER tokens")
struct InvalidCharacterTests {
  @Test(
    "Each program fails where the character stands, in jq's words",
    arguments: [
      (
        "!",
        "jsonkit: error: syntax error, unexpected INVALID_CHARACTER, expecting end of file at <top-level>, line 1, column 1:\n    !\n    ^\njsonkit: 1 compile error\n"
      ),
      (
        "1 !",
        "jsonkit: error: syntax error, unexpected INVALID_CHARACTER, expecting end of file at <top-level>, line 1, column 3:\n    1 !\n      ^\njsonkit: 1 compile error\n"
      ),
      (
        ".a | é",
        "jsonkit: error: syntax error, unexpected INVALID_CHARACTER at <top-level>, line 1, column 6:\n    .a | é\n         ^\njsonkit: 1 compile error\n"
      ),
      (
        "[1 & 2]",
        "jsonkit: error: syntax error, unexpected INVALID_CHARACTER, expecting '|' or ',' or ']' at <top-level>, line 1, column 4:\n    [1 & 2]\n       ^\njsonkit: 1 compile error\n"
      ),
      (
        "\"a\\",
        "jsonkit: error: syntax error, unexpected INVALID_CHARACTER, expecting QQSTRING_TEXT or QQSTRING_INTERP_START or QQSTRING_END at <top-level>, line 1, column 3:\n    \"a\\\n      ^\njsonkit: 1 compile error\n"
      ),
      (
        "\"\\(1]\"",
        "jsonkit: error: syntax error, unexpected INVALID_CHARACTER, expecting QQSTRING_INTERP_END or '|' or ',' at <top-level>, line 1, column 5:\n    \"\\(1]\"\n        ^\njsonkit: 1 compile error\n"
      ),
      (
        "1 + ] \"abc",
        "jsonkit: error: syntax error, unexpected INVALID_CHARACTER at <top-level>, line 1, column 5:\n    1 + ] \"abc\n        ^\njsonkit: 1 compile error\n"
      ),
      (
        "`",
        "jsonkit: error: syntax error, unexpected INVALID_CHARACTER, expecting end of file at <top-level>, line 1, column 1:\n    `\n    ^\njsonkit: 1 compile error\n"
      ),
    ])
  func invalidCharacters(program: String, errors: String) async throws {
    try await SyntaxErrorWordsTests.expectCompileErrors(program, errors)
  }
}
