import Testing

/// Issue 29's "jq's words": what jq's grammar takes only where a query starts, and words
/// that look like keywords but are not.
///
/// A `def` or a `label` starts a query (at the top, after `|`, `,`, `(`, `[`, an argument's
/// `(` or `;`), never an operand (`1 + label $x | 2`, `try def …`); `true(1)` and `__loc__`
/// are names of functions jq does not define; `.` before `?//` or a format with no string is
/// jq's `'.' error` rule, with its hint. The expected texts are what jq 1.8.2 printed.
@Suite("Definitions and labels start a query only, in jq's grammar")
struct QueryStartTests {
  @Test(
    "Each program fails to compile with jq's messages",
    arguments: [
      (
        "1 + label $x | 2",
        "jsonkit: error: syntax error, unexpected label at <top-level>, line 1, column 5:\n    1 + label $x | 2\n        ^^^^^\njsonkit: 1 compile error\n"
      ),
      (
        "try def f: 1; f",
        "jsonkit: error: syntax error, unexpected def at <top-level>, line 1, column 5:\n    try def f: 1; f\n        ^^^\njsonkit: 1 compile error\n"
      ),
      (
        "{a: label $x | 1}",
        "jsonkit: error: syntax error, unexpected label at <top-level>, line 1, column 5:\n    {a: label $x | 1}\n        ^^^^^\njsonkit: 1 compile error\n"
      ),
      (
        "true(1)",
        "jsonkit: error: true/1 is not defined at <top-level>, line 1, column 1:\n    true(1)\n    ^^^^\njsonkit: 1 compile error\n"
      ),
      (
        ". ?// 1",
        "jsonkit: error: syntax error, unexpected ?// at <top-level>, line 1, column 3:\n    . ?// 1\n      ^^^\njsonkit: error: try .[\"field\"] instead of .field for unusually named fields at <top-level>, line 1, column 1:\n    . ?// 1\n    ^^^^^\njsonkit: 2 compile errors\n"
      ),
      (
        ".@csv",
        "jsonkit: error: syntax error, unexpected end of file, expecting QQSTRING_START at <top-level>, line 1, column 2:\n    .@csv\n     ^^^^\njsonkit: error: try .[\"field\"] instead of .field for unusually named fields at <top-level>, line 1, column 1:\n    .@csv\n    ^^^^^\njsonkit: 2 compile errors\n"
      ),
      (
        "__loc__",
        "jsonkit: error: __loc__/0 is not defined at <top-level>, line 1, column 1:\n    __loc__\n    ^^^^^^^\njsonkit: 1 compile error\n"
      ),
    ])
  func queryStarts(program: String, errors: String) async throws {
    try await SyntaxErrorWordsTests.expectCompileErrors(program, errors)
  }
}
