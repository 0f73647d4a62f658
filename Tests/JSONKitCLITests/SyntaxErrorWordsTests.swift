import Testing

/// Compile errors in the words of jq 1.8.2.
///
/// The words are its bison parser's token names and `expecting`
/// lists, the place of an error at the end of the program (the last thing its lexer read),
/// the follow-on hints of its grammar's `error` rules, every undefined name, escape errors
/// as its JSON parser words them, and the count. The expected texts are what jq 1.8.2
/// printed for `jq -n PROGRAM`, with `jq` read as `jsonkit`.
@Suite("Syntax and compile errors in jq 1.8.2's words")
struct SyntaxErrorWordsTests {
  @Test(
    "Each program fails to compile (exit 3) with jq's messages, places and count",
    arguments: [
      ("", "jsonkit: error: Top-level program not given (try \".\")\njsonkit: 1 compile error\n"),
      (
        "def f: 1;",
        "jsonkit: error: Top-level program not given (try \".\")\njsonkit: 1 compile error\n"
      ),
      (
        ".a.",
        "jsonkit: error: syntax error, unexpected end of file, expecting FORMAT or QQSTRING_START or '[' at <top-level>, line 1, column 3:\n    .a.\n      ^\njsonkit: 1 compile error\n"
      ),
      (
        "if . then 1",
        "jsonkit: error: syntax error, unexpected end of file at <top-level>, line 1, column 11:\n    if . then 1\n              ^\njsonkit: error: Possibly unterminated 'if' statement at <top-level>, line 1, column 1:\n    if . then 1\n    ^^^^^^^^^^^\njsonkit: 2 compile errors\n"
      ),
      (
        "foo(1) | bar | baz",
        "jsonkit: error: foo/1 is not defined at <top-level>, line 1, column 1:\n    foo(1) | bar | baz\n    ^^^\njsonkit: error: bar/0 is not defined at <top-level>, line 1, column 10:\n    foo(1) | bar | baz\n             ^^^\njsonkit: error: baz/0 is not defined at <top-level>, line 1, column 16:\n    foo(1) | bar | baz\n                   ^^^\njsonkit: 3 compile errors\n"
      ),
      (
        "$x | foo",
        "jsonkit: error: $x is not defined at <top-level>, line 1, column 1:\n    $x | foo\n    ^^\njsonkit: error: foo/0 is not defined at <top-level>, line 1, column 6:\n    $x | foo\n         ^^^\njsonkit: 2 compile errors\n"
      ),
      (
        "1 +",
        "jsonkit: error: syntax error, unexpected end of file at <top-level>, line 1, column 3:\n    1 +\n      ^\njsonkit: 1 compile error\n"
      ),
      (
        ". as x | x",
        "jsonkit: error: syntax error, unexpected IDENT, expecting BINDING or '[' or '{' at <top-level>, line 1, column 6:\n    . as x | x\n         ^\njsonkit: 1 compile error\n"
      ),
      (
        "\"\\q\"",
        "jsonkit: error: Invalid escape at line 1, column 4 (while parsing '\"\\q\"') at <top-level>, line 1, column 2:\n    \"\\q\"\n     ^^\njsonkit: 1 compile error\n"
      ),
      (
        "\"x\\u00e9\\x\"",
        "jsonkit: error: Invalid escape at line 1, column 10 (while parsing '\"\\u00e9\\x\"') at <top-level>, line 1, column 3:\n    \"x\\u00e9\\x\"\n      ^^^^^^^^\njsonkit: 1 compile error\n"
      ),
      (
        "\"a\\uZZ\"",
        "jsonkit: error: Invalid \\uXXXX escape at line 1, column 6 (while parsing '\"\\uZZ\"') at <top-level>, line 1, column 3:\n    \"a\\uZZ\"\n      ^^^^\njsonkit: 1 compile error\n"
      ),
      (
        "\"\\ud800\"",
        "jsonkit: error: Invalid \\uXXXX\\uXXXX surrogate pair escape at line 1, column 8 (while parsing '\"\\ud800\"') at <top-level>, line 1, column 2:\n    \"\\ud800\"\n     ^^^^^^\njsonkit: 1 compile error\n"
      ),
      (
        ".a | }",
        "jsonkit: error: syntax error, unexpected INVALID_CHARACTER at <top-level>, line 1, column 6:\n    .a | }\n         ^\njsonkit: 1 compile error\n"
      ),
      (
        "{a:}",
        "jsonkit: error: syntax error, unexpected '}' at <top-level>, line 1, column 4:\n    {a:}\n       ^\njsonkit: 1 compile error\n"
      ),
      (
        "@",
        "jsonkit: error: syntax error, unexpected INVALID_CHARACTER, expecting end of file at <top-level>, line 1, column 1:\n    @\n    ^\njsonkit: 1 compile error\n"
      ),
      (
        ".. ..",
        "jsonkit: error: syntax error, unexpected .., expecting end of file at <top-level>, line 1, column 4:\n    .. ..\n       ^^\njsonkit: 1 compile error\n"
      ),
      (
        "\"abc",
        "jsonkit: error: syntax error, unexpected end of file, expecting QQSTRING_TEXT or QQSTRING_INTERP_START or QQSTRING_END at <top-level>, line 1, column 2:\n    \"abc\n     ^^^\njsonkit: 1 compile error\n"
      ),
      (
        "[1,2",
        "jsonkit: error: syntax error, unexpected end of file, expecting '|' or ',' or ']' at <top-level>, line 1, column 4:\n    [1,2\n       ^\njsonkit: 1 compile error\n"
      ),
      (
        "try 1 catch",
        "jsonkit: error: syntax error, unexpected end of file at <top-level>, line 1, column 7:\n    try 1 catch\n          ^^^^^\njsonkit: error: Possibly unterminated 'try' statement at <top-level>, line 1, column 1:\n    try 1 catch\n    ^^^^^^^^^^^\njsonkit: 2 compile errors\n"
      ),
      (
        "try 1 catch (",
        "jsonkit: error: syntax error, unexpected end of file at <top-level>, line 1, column 13:\n    try 1 catch (\n                ^\njsonkit: 1 compile error\n"
      ),
      (
        "if 1 then 2 elif 3",
        "jsonkit: error: syntax error, unexpected end of file, expecting then or '|' or ',' at <top-level>, line 1, column 18:\n    if 1 then 2 elif 3\n                     ^\njsonkit: error: Possibly unterminated 'if' statement at <top-level>, line 1, column 1:\n    if 1 then 2 elif 3\n    ^^^^^^^^^^^^^^^^^^\njsonkit: 2 compile errors\n"
      ),
      (
        "if 1 then (2",
        "jsonkit: error: syntax error, unexpected end of file, expecting '|' or ',' or ')' at <top-level>, line 1, column 12:\n    if 1 then (2\n               ^\njsonkit: 1 compile error\n"
      ),
      (
        ". foo",
        "jsonkit: error: syntax error, unexpected end of file at <top-level>, line 1, column 3:\n    . foo\n      ^^^\njsonkit: error: try .[\"field\"] instead of .field for unusually named fields at <top-level>, line 1, column 1:\n    . foo\n    ^^^^^\njsonkit: 2 compile errors\n"
      ),
      (
        ".$x | 2",
        "jsonkit: error: syntax error, unexpected BINDING at <top-level>, line 1, column 2:\n    .$x | 2\n     ^^\njsonkit: error: try .[\"field\"] instead of .field for unusually named fields at <top-level>, line 1, column 1:\n    .$x | 2\n    ^^^\njsonkit: 2 compile errors\n"
      ),
      (
        ". 1",
        "jsonkit: error: syntax error, unexpected LITERAL at <top-level>, line 1, column 3:\n    . 1\n      ^\njsonkit: error: try .[\"field\"] instead of .field for unusually named fields at <top-level>, line 1, column 1:\n    . 1\n    ^^^\njsonkit: 2 compile errors\n"
      ),
      (
        "try (1 | ",
        "jsonkit: error: syntax error, unexpected end of file at <top-level>, line 1, column 9:\n    try (1 | \n            ^\njsonkit: 1 compile error\n"
      ),
      (
        "1 + # c",
        "jsonkit: error: syntax error, unexpected end of file at <top-level>, line 1, column 7:\n    1 + # c\n          ^\njsonkit: 1 compile error\n"
      ),
      (
        "[1,2)",
        "jsonkit: error: syntax error, unexpected INVALID_CHARACTER, expecting '|' or ',' or ']' at <top-level>, line 1, column 5:\n    [1,2)\n        ^\njsonkit: 1 compile error\n"
      ),
      (
        "if 1 then 2 else 3 end end",
        "jsonkit: error: syntax error, unexpected end, expecting end of file at <top-level>, line 1, column 24:\n    if 1 then 2 else 3 end end\n                           ^^^\njsonkit: 1 compile error\n"
      ),
      (
        "1 }",
        "jsonkit: error: syntax error, unexpected INVALID_CHARACTER, expecting end of file at <top-level>, line 1, column 3:\n    1 }\n      ^\njsonkit: 1 compile error\n"
      ),
      (
        "\"a\\(1 + )\"",
        "jsonkit: error: syntax error, unexpected QQSTRING_INTERP_END at <top-level>, line 1, column 9:\n    \"a\\(1 + )\"\n            ^\njsonkit: 1 compile error\n"
      ),
      (
        "reduce . as $x",
        "jsonkit: error: syntax error, unexpected end of file, expecting '(' at <top-level>, line 1, column 13:\n    reduce . as $x\n                ^^\njsonkit: 1 compile error\n"
      ),
      (
        ".[",
        "jsonkit: error: syntax error, unexpected end of file at <top-level>, line 1, column 2:\n    .[\n     ^\njsonkit: 1 compile error\n"
      ),
      (
        ". as [$a] | $b",
        "jsonkit: error: $b is not defined at <top-level>, line 1, column 13:\n    . as [$a] | $b\n                ^^\njsonkit: 1 compile error\n"
      ),
    ])
  func compileErrors(program: String, errors: String) async throws {
    try await Self.expectCompileErrors(program, errors)
  }

  /// Checks that `jsonkit -n program` fails to compile (exit 3) with exactly `errors` on
  /// standard error and nothing on standard output: the other suites of jq's words use it.
  static func expectCompileErrors(
    _ program: String, _ errors: String, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    let result = try await CLI.run(["-n", program])
    #expect(result.stderr == errors, sourceLocation: sourceLocation)
    #expect(result.stdout == "", sourceLocation: sourceLocation)
    #expect(result.status == 3, sourceLocation: sourceLocation)
  }

  @Test("A comment at the end of the program: the error is at the newline that ends it, as jq's")
  func commentAtEnd() async throws {
    let result = try await CLI.run(["-n", ". as $x | $x +  # why\n"])
    #expect(
      result.stderr == """
        jsonkit: error: syntax error, unexpected end of file at <top-level>, line 1, column 22:
            . as $x | $x +  # why
                                 ^
        jsonkit: 1 compile error

        """)
  }
}
