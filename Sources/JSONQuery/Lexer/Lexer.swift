/// The parser's tokens: jq's (`JQTokenizer`), each with its line, column and UTF-8 offset
/// and the terminal jq's parser knows it by.
///
/// A string literal is one token that holds its pieces: `"a\(.x)b"` has the literal pieces,
/// its escapes decoded, and the tokens of `.x`. Where each token ends and what it is are
/// `JQTokenizer`'s rules; this only assembles.
struct Lexer {
  private typealias Terminal = JQTokenizer.Terminal

  private let bytes: [UInt8]
  private var tokenizer: JQTokenizer
  /// The line of the byte at `scanned`, and where that line starts: a token's place is
  /// counted on from the last one's.
  private var line = 1
  private var lineStart = 0
  private var scanned = 0
  /// Where the last token read ends.
  private var consumed = 0
  /// Whether the tokens end early: at a string's interpolation cut by a closing bracket
  /// that closes nothing open, where the parser reports an error.
  private var isCut = false

  init(_ source: String) {
    bytes = Array(source.utf8)
    tokenizer = JQTokenizer(bytes)
  }

  /// Every token of the program, ending with `.end`.
  static func tokenize(_ source: String) throws(QueryError) -> [Token] {
    let (tokens, error) = tokenizeUntilError(source)
    if let error { throw error }
    return tokens
  }

  /// The tokens before the first the lexer cannot read, ending with `.end` there, and its
  /// error: jq's parser reads tokens as it goes, so a syntax error before that place is
  /// reported instead (`1 + ] "abc` is an unexpected `]`, not an unterminated string).
  static func tokenizeUntilError(_ source: String) -> (tokens: [Token], error: QueryError?) {
    var lexer = Lexer(source)
    var tokens: [Token] = []
    while true {
      let start = lexer.consumed
      do {
        let token = try lexer.next()
        tokens.append(token)
        if token.kind == .end { return (tokens, nil) }
      } catch {
        let end = ProgramLocation(
          line: error.location?.line ?? 1, column: error.location?.column ?? 1, offset: start,
          length: 0)
        tokens.append(Token(kind: .end, terminal: Terminal.endOfFile, location: end))
        return (tokens, error)
      }
    }
  }

  /// The place of the bytes from `start` to `end`; its column counts the bytes from the
  /// start of its line, as jq's does (`"é" | foo` has `foo` at column 8).
  private mutating func place(_ start: Int, _ end: Int) -> ProgramLocation {
    while scanned < start {
      if bytes[scanned] == UInt8(ascii: "\n") {
        line += 1
        lineStart = scanned + 1
      }
      scanned += 1
    }
    return ProgramLocation(
      line: line, column: start - lineStart + 1, offset: start, length: end - start)
  }

  /// A compile error for the bytes from `start` to `end`, which may be on an earlier line
  /// than the last token (an unterminated string runs to the end of the program).
  private func error(_ message: String, from start: Int, to end: Int) -> QueryError {
    let before = bytes[..<start]
    let startLineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
    return .compile(
      message,
      at: ProgramLocation(
        line: before.count { $0 == UInt8(ascii: "\n") } + 1,
        column: start - startLineStart + 1, offset: start, length: end - start))
  }

  /// The end of the program.
  private mutating func end() -> Token {
    consumed = bytes.count
    return Token(
      kind: .end, terminal: Terminal.endOfFile, location: place(bytes.count, bytes.count))
  }

  /// The next token; `.end` at the end of the program, and for the `)` that ends an
  /// interpolation (with that place).
  mutating func next() throws(QueryError) -> Token {
    guard !isCut else { return end() }
    let token = tokenizer.next()
    let (start, stop) = (token.start, token.end)
    func text(from offset: Int) -> String {
      String(decoding: bytes[start + offset..<stop], as: UTF8.self)
    }
    let kind: Token.Kind
    switch token.terminal {
    case Terminal.endOfFile: return end()
    case Terminal.stringStart: return try string(from: token)
    case Terminal.field: kind = .field(text(from: 1))
    case Terminal.binding, Terminal.location: kind = .variable(text(from: 1))
    case Terminal.format: kind = .format(text(from: 1))
    case Terminal.interpolationEnd: kind = .end
    case Terminal.literal:
      let digits = text(from: 0)
      guard let value = Double(digits.hasPrefix(".") ? "0" + digits : digits) else {
        throw error("syntax error: bad number '\(digits)'", from: start, to: stop)
      }
      kind = .number(value, text: digits)
    default:
      // A name or a keyword; else an operator, punctuation, or a byte jq's lexer has no
      // rule for (its INVALID_CHARACTER, which the parser reports where it stands).
      let spelling = text(from: 0)
      kind = JQTokenizer.isNameStart(bytes[start]) ? .identifier(spelling) : .symbol(spelling)
    }
    consumed = stop
    return Token(kind: kind, terminal: token.terminal, location: place(start, stop))
  }

  /// The string that `quote` opens, up to and including its closing quote.
  private mutating func string(from quote: JQTokenizer.Token) throws(QueryError) -> Token {
    var location = place(quote.start, quote.end)
    var parts: [Token.StringPart] = []
    var literal: [UInt8] = []
    func flush(_ parts: inout [Token.StringPart], _ literal: inout [UInt8]) {
      if !literal.isEmpty {
        parts.append(.literal(String(decoding: literal, as: UTF8.self)))
        literal.removeAll()
      }
    }
    // The last of the string's tokens read (the quote, text, a run of escapes, the `)` of
    // an interpolation): an unterminated string's error is at it.
    var piece = quote.start
    while true {
      let token = tokenizer.next()
      switch token.terminal {
      case Terminal.stringEnd:
        flush(&parts, &literal)
        consumed = token.end
        location.length = token.end - quote.start
        return Token(kind: .string(parts), terminal: quote.terminal, location: location)
      case Terminal.stringText:
        piece = token.start
        let run = bytes[token.start..<token.end]
        guard run.first == UInt8(ascii: "\\") else {
          literal.append(contentsOf: run)
          continue
        }
        if let failure = token.failure { throw error(failure, from: token.start, to: token.end) }
        _ = JQTokenizer.unescape(run, into: &literal)
      case Terminal.interpolationStart:
        flush(&parts, &literal)
        let opening = Token(
          kind: .symbol("\\("), terminal: token.terminal, location: place(token.start, token.end))
        let inner = try interpolation()
        parts.append(.interpolation(inner, opening: opening))
        // Cut: the parser reports it, after what it finds in the interpolation first (as
        // jq's parser reads the tokens in order).
        guard let last = inner.last, last.location.length > 0 else {
          isCut = true
          location.length = consumed - quote.start
          return Token(kind: .string(parts), terminal: quote.terminal, location: location)
        }
        piece = last.location.offset
      case Terminal.invalidCharacter:
        // A backslash that ends the program matches none of jq's string rules.
        throw error(
          "syntax error, unexpected INVALID_CHARACTER, expecting QQSTRING_TEXT or"
            + " QQSTRING_INTERP_START or QQSTRING_END", from: token.start, to: token.end)
      default:
        throw error(
          "syntax error, unexpected end of file, expecting QQSTRING_TEXT or QQSTRING_INTERP_START"
            + " or QQSTRING_END", from: piece, to: bytes.count)
      }
    }
  }

  /// Tokens after `\(` up to the matching `)`; ends with `.end`, which is the `)` (jq's
  /// QQSTRING_INTERP_END), or has length 0 where the string is cut: at the end of the
  /// program, or after a closing bracket that closes nothing open (an invalid character,
  /// which the parser reports before anything the lexer would read after it).
  private mutating func interpolation() throws(QueryError) -> [Token] {
    var tokens: [Token] = []
    while true {
      let token = try next()
      tokens.append(token)
      if case .end = token.kind { return tokens }
      if token.terminal == Terminal.invalidCharacter, case .symbol(let text) = token.kind,
        text == ")" || text == "]" || text == "}"
      {
        var cut = token.location
        cut.offset += cut.length
        cut.length = 0
        tokens.append(Token(kind: .end, terminal: Terminal.endOfFile, location: cut))
        isCut = true
        return tokens
      }
    }
  }
}
