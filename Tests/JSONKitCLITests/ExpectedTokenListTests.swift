import Testing

/// Issue 29's "jq's words": the "expecting …" list of a syntax error.
///
/// jq's bison parser lists the tokens its state could take where it found the error, when
/// there are at most four; its default reductions first finish what the tokens before make
/// complete, so the list is the construct's: `'|' or ',' or ']'` inside `[`, `';' or ')'`
/// in a call's arguments. The expected texts are what jq 1.8.2 printed for
/// `jq -n PROGRAM`, with `jq` read as `jsonkit`.
@Suite("jq's expected-token lists in syntax errors")
struct ExpectedTokenListTests {
  @Test(
    "Each construct cut short or given a wrong token lists what jq's parser expected there",
    arguments: [
      (
        ". as [$a",
        "jsonkit: error: syntax error, unexpected end of file, expecting ',' or ']' at <top-level>, line 1, column 7:\n    . as [$a\n          ^^\njsonkit: 1 compile error\n"
      ),
      (
        "foreach .[] as [$a, $b] (0",
        "jsonkit: error: syntax error, unexpected end of file, expecting '|' or ',' or ';' at <top-level>, line 1, column 26:\n    foreach .[] as [$a, $b] (0\n                             ^\njsonkit: 1 compile error\n"
      ),
      (
        "reduce .[] as $x (0; .",
        "jsonkit: error: syntax error, unexpected end of file, expecting '|' or ',' or ')' at <top-level>, line 1, column 22:\n    reduce .[] as $x (0; .\n                         ^\njsonkit: 1 compile error\n"
      ),
      (
        "foreach . as $x (0; 1",
        "jsonkit: error: syntax error, unexpected end of file, expecting '|' or ',' or ';' or ')' at <top-level>, line 1, column 21:\n    foreach . as $x (0; 1\n                        ^\njsonkit: 1 compile error\n"
      ),
      (
        "foreach . as $x (0; 1; 2",
        "jsonkit: error: syntax error, unexpected end of file, expecting '|' or ',' or ')' at <top-level>, line 1, column 24:\n    foreach . as $x (0; 1; 2\n                           ^\njsonkit: 1 compile error\n"
      ),
      (
        "def f(a",
        "jsonkit: error: syntax error, unexpected end of file, expecting ';' or ')' at <top-level>, line 1, column 7:\n    def f(a\n          ^\njsonkit: 1 compile error\n"
      ),
      (
        "def f",
        "jsonkit: error: syntax error, unexpected end of file, expecting ':' or '(' at <top-level>, line 1, column 5:\n    def f\n        ^\njsonkit: 1 compile error\n"
      ),
      (
        "def f(1): 1; 1",
        "jsonkit: error: syntax error, unexpected LITERAL, expecting IDENT or BINDING at <top-level>, line 1, column 7:\n    def f(1): 1; 1\n          ^\njsonkit: 1 compile error\n"
      ),
      (
        "def f(if): 1; 1",
        "jsonkit: error: syntax error, unexpected if, expecting IDENT or BINDING at <top-level>, line 1, column 7:\n    def f(if): 1; 1\n          ^^\njsonkit: 1 compile error\n"
      ),
      (
        "label",
        "jsonkit: error: syntax error, unexpected end of file, expecting BINDING at <top-level>, line 1, column 1:\n    label\n    ^^^^^\njsonkit: 1 compile error\n"
      ),
      (
        "label $x",
        "jsonkit: error: syntax error, unexpected end of file, expecting '|' at <top-level>, line 1, column 7:\n    label $x\n          ^^\njsonkit: 1 compile error\n"
      ),
      (
        "f(1",
        "jsonkit: error: syntax error, unexpected end of file, expecting ';' or ')' at <top-level>, line 1, column 3:\n    f(1\n      ^\njsonkit: 1 compile error\n"
      ),
      (
        ".[1",
        "jsonkit: error: syntax error, unexpected end of file, expecting '|' or ',' or ':' or ']' at <top-level>, line 1, column 3:\n    .[1\n      ^\njsonkit: 1 compile error\n"
      ),
      (
        ".[1:2",
        "jsonkit: error: syntax error, unexpected end of file, expecting '|' or ',' or ']' at <top-level>, line 1, column 5:\n    .[1:2\n        ^\njsonkit: 1 compile error\n"
      ),
      (
        ".a.[1:2]",
        "jsonkit: error: syntax error, unexpected ':', expecting '|' or ',' or ']' at <top-level>, line 1, column 6:\n    .a.[1:2]\n         ^\njsonkit: 1 compile error\n"
      ),
      (
        "\"\\(1",
        "jsonkit: error: syntax error, unexpected end of file, expecting QQSTRING_INTERP_END or '|' or ',' at <top-level>, line 1, column 4:\n    \"\\(1\n       ^\njsonkit: 1 compile error\n"
      ),
      (
        "{(1",
        "jsonkit: error: syntax error, unexpected end of file, expecting '|' or ',' or ')' at <top-level>, line 1, column 3:\n    {(1\n      ^\njsonkit: 1 compile error\n"
      ),
      (
        "{(1) 2",
        "jsonkit: error: syntax error, unexpected LITERAL, expecting ':' at <top-level>, line 1, column 6:\n    {(1) 2\n         ^\njsonkit: 1 compile error\n"
      ),
      (
        "{@base64 1}",
        "jsonkit: error: syntax error, unexpected LITERAL, expecting QQSTRING_START at <top-level>, line 1, column 10:\n    {@base64 1}\n             ^\njsonkit: 1 compile error\n"
      ),
      (
        "import 1",
        "jsonkit: error: syntax error, unexpected LITERAL, expecting FORMAT or QQSTRING_START at <top-level>, line 1, column 8:\n    import 1\n           ^\njsonkit: 1 compile error\n"
      ),
      (
        "import \"a\"",
        "jsonkit: error: syntax error, unexpected end of file, expecting as at <top-level>, line 1, column 10:\n    import \"a\"\n             ^\njsonkit: 1 compile error\n"
      ),
      (
        "import \"a\" as 1",
        "jsonkit: error: syntax error, unexpected LITERAL, expecting IDENT or BINDING at <top-level>, line 1, column 15:\n    import \"a\" as 1\n                  ^\njsonkit: 1 compile error\n"
      ),
      (
        ". as {a",
        "jsonkit: error: syntax error, unexpected end of file, expecting ':' at <top-level>, line 1, column 7:\n    . as {a\n          ^\njsonkit: 1 compile error\n"
      ),
      (
        ". as {a: $x",
        "jsonkit: error: syntax error, unexpected end of file, expecting ',' or '}' at <top-level>, line 1, column 10:\n    . as {a: $x\n             ^^\njsonkit: 1 compile error\n"
      ),
      (
        "1 as $x",
        "jsonkit: error: syntax error, unexpected end of file, expecting '|' at <top-level>, line 1, column 6:\n    1 as $x\n         ^^\njsonkit: 1 compile error\n"
      ),
      (
        "$",
        "jsonkit: error: syntax error, unexpected end of file, expecting '$' at <top-level>, line 1, column 1:\n    $\n    ^\njsonkit: 1 compile error\n"
      ),
      (
        "$ x",
        "jsonkit: error: syntax error, unexpected IDENT, expecting '$' at <top-level>, line 1, column 3:\n    $ x\n      ^\njsonkit: 1 compile error\n"
      ),
      (
        "include \"b\" {search: \".\"}",
        "jsonkit: error: syntax error, unexpected end of file, expecting '|' or ',' or ';' at <top-level>, line 1, column 25:\n    include \"b\" {search: \".\"}\n                            ^\njsonkit: 1 compile error\n"
      ),
      (
        "module {a: 1}",
        "jsonkit: error: syntax error, unexpected end of file, expecting '|' or ',' or ';' at <top-level>, line 1, column 13:\n    module {a: 1}\n                ^\njsonkit: 1 compile error\n"
      ),
      (
        "[\"s\"",
        "jsonkit: error: syntax error, unexpected end of file, expecting '|' or ',' or ']' at <top-level>, line 1, column 4:\n    [\"s\"\n       ^\njsonkit: 1 compile error\n"
      ),
      (
        "{\"\\(1)\"",
        "jsonkit: error: syntax error, unexpected end of file, expecting '}' at <top-level>, line 1, column 7:\n    {\"\\(1)\"\n          ^\njsonkit: 1 compile error\n"
      ),
    ])
  func expectedTokens(program: String, errors: String) async throws {
    try await SyntaxErrorWordsTests.expectCompileErrors(program, errors)
  }
}
