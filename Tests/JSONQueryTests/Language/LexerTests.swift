import Testing

@testable import JSONQuery

@Suite("Lexer: tokens and locations")
struct LexerTests {
  @Test("Tokens carry line, column and offset")
  func tokensCarryLineColumnAndOffset() throws {
    let tokens = try Lexer.tokenize(".a |\n  $x")
    #expect(tokens.map(\.kind) == [.field("a"), .symbol("|"), .variable("x"), .end])
    #expect(tokens[2].location == ProgramLocation(line: 2, column: 3, offset: 7, length: 2))
  }

  @Test("Longest operator wins")
  func longestOperatorWins() throws {
    let kinds = try Lexer.tokenize("?// //= |= .. ==").map(\.kind)
    #expect(
      kinds == [.symbol("?//"), .symbol("//="), .symbol("|="), .symbol(".."), .symbol("=="), .end])
  }

  @Test("Strings keep interpolation tokens")
  func stringsKeepInterpolationTokens() throws {
    let tokens = try Lexer.tokenize(#""a\(.b)c""#)
    guard case .string(let parts) = tokens[0].kind else {
      Issue.record("not a string: \(tokens[0].kind)")
      return
    }
    #expect(parts.count == 3)
    #expect(parts[0] == .literal("a"))
    #expect(parts[2] == .literal("c"))
  }

  @Test("Columns count bytes from the line start, as jq's, also on a long line")
  func columnsCountBytesFromTheLineStart() throws {
    // The line is 60,000 tokens long, after two characters of 2 and 4 bytes.
    let elements = Array(repeating: "1", count: 30_000).joined(separator: ",")
    let program = #""é😀" | [\#(elements)] | .a"#
    let tokens = try Lexer.tokenize(program)
    let last = tokens[tokens.count - 2]
    #expect(last.kind == .field("a"))
    #expect(last.location.column == program.utf8.count - 1)
    #expect(last.location.offset == program.utf8.count - 2)
    let next = try Lexer.tokenize("\"é\" |\n\"😀😀\" | .b")
    #expect(
      next[next.count - 2].location == ProgramLocation(line: 2, column: 14, offset: 20, length: 2))
  }

  @Test("Unterminated string says where")
  func unterminatedStringSaysWhere() {
    #expect(throws: QueryError.self) { try Lexer.tokenize("1 + \"abc") }
    do { _ = try Lexer.tokenize("1 + \"abc") } catch {
      #expect(error.kind == .compile)
      #expect(error.location?.column == 6)  // at the text, as jq's QQSTRING_TEXT
    }
  }

  /// The jq names of `program`'s tokens, strings' inner tokens left out.
  private func names(_ program: String) throws -> [String] {
    try Lexer.tokenize(program).map(\.jqName)
  }

  @Test("Each token carries the terminal jq's lexer gives it")
  func tokensCarryJQsTerminals() throws {
    #expect(
      try names(#"if iff $__loc__ $__loc__x .a .. 1.5e3 @csv "s" ?// //= a::b"#) == [
        "if", "IDENT", "$__loc__", "BINDING", "FIELD", "..", "LITERAL", "FORMAT",
        "QQSTRING_START", "?//", "//=", "IDENT", "end of file",
      ])
    // jq's lexer has no `?//=`: it reads `?//` and `=`.
    #expect(try names("?//=") == ["?//", "'='", "end of file"])
  }

  @Test("A closing bracket that closes nothing open is an invalid character, as in jq's lexer")
  func unmatchedClosingBracketIsInvalid() throws {
    #expect(try names("(1]") == ["'('", "LITERAL", "INVALID_CHARACTER", "end of file"])
    // What is open stays open after it: the `)` closes the `(`.
    #expect(
      try names("(]) }") == ["'('", "INVALID_CHARACTER", "')'", "INVALID_CHARACTER", "end of file"])
    // A byte jq's lexer has no rule for, and a lone `@` or `$`.
    #expect(try names("! @ $") == ["INVALID_CHARACTER", "INVALID_CHARACTER", "'$'", "end of file"])
  }

  @Test("An interpolation ends at its `)`, which is jq's QQSTRING_INTERP_END")
  func interpolationEndsAtItsParenthesis() throws {
    let tokens = try Lexer.tokenize(#""a\((1))b\u00e9""#)
    guard case .string(let parts) = tokens[0].kind,
      case .interpolation(let inner, let opening) = parts[1]
    else {
      Issue.record("not a string with an interpolation: \(tokens[0].kind)")
      return
    }
    #expect(opening.jqName == "QQSTRING_INTERP_START")
    #expect(inner.map(\.jqName) == ["'('", "LITERAL", "')'", "QQSTRING_INTERP_END"])
    #expect(parts[2] == .literal("bé"))
  }
}
