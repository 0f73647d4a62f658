import Testing

/// Issue 29's "jq's words": the place of a compile error in a program with non-ASCII text.
///
/// jq counts a column in bytes from the start of the line and draws its carets a space per
/// byte before the token (a tab too), so a column after `é` is one more than the character
/// count. The expected texts are what jq 1.8.2 printed.
@Suite("Compile-error columns count bytes as jq's")
struct ByteColumnTests {
  @Test(
    "Each error's column and carets count bytes",
    arguments: [
      (
        "\"é\" | foo",
        "jsonkit: error: foo/0 is not defined at <top-level>, line 1, column 8:\n    \"é\" | foo\n           ^^^\njsonkit: 1 compile error\n"
      ),
      (
        "\"日本\" + ",
        "jsonkit: error: syntax error, unexpected end of file at <top-level>, line 1, column 11:\n    \"日本\" + \n              ^\njsonkit: 1 compile error\n"
      ),
      (
        "\"é\"\t| }",
        "jsonkit: error: syntax error, unexpected INVALID_CHARACTER at <top-level>, line 1, column 8:\n    \"é\"\t| }\n           ^\njsonkit: 1 compile error\n"
      ),
      (
        "\"😀\" | if . then 1",
        "jsonkit: error: syntax error, unexpected end of file at <top-level>, line 1, column 20:\n    \"😀\" | if . then 1\n                       ^\njsonkit: error: Possibly unterminated 'if' statement at <top-level>, line 1, column 10:\n    \"😀\" | if . then 1\n             ^^^^^^^^^^^\njsonkit: 2 compile errors\n"
      ),
      (
        "\"é\" + \"\\q\"",
        "jsonkit: error: Invalid escape at line 1, column 4 (while parsing '\"\\q\"') at <top-level>, line 1, column 9:\n    \"é\" + \"\\q\"\n            ^^\njsonkit: 1 compile error\n"
      ),
    ])
  func byteColumns(program: String, errors: String) async throws {
    try await SyntaxErrorWordsTests.expectCompileErrors(program, errors)
  }
}
