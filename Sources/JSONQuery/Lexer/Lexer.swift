/// Splits a jq program into tokens, each with its line, column and UTF-8 offset.
///
/// String literals are lexed with their interpolations: `"a\(.x)b"` is one token holding
/// the literal pieces and the tokens of `.x`.
struct Lexer {
  private let bytes: [UInt8]
  private var position = 0
  private var line = 1
  private var lineStart = 0

  init(_ source: String) { bytes = Array(source.utf8) }

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
      let start = lexer.position
      do {
        let token = try lexer.next()
        tokens.append(token)
        if token.kind == .end { return (tokens, nil) }
      } catch {
        let end = ProgramLocation(
          line: error.location?.line ?? 1, column: error.location?.column ?? 1, offset: start,
          length: 0)
        tokens.append(Token(kind: .end, location: end))
        return (tokens, error)
      }
    }
  }

  private static let symbols: [String] = [
    "?//=", "?//", "//=", "|=", "+=", "-=", "*=", "/=", "%=", "==", "!=", "<=", ">=", "//",
    "..", "|", ",", ":", ";", "=", "<", ">", "+", "-", "*", "/", "%", "?", ".", "[", "]",
    "{", "}", "(", ")",
  ]

  /// Whether `text` is one of jq's operators or punctuation (not a byte it has no rule for).
  static func isSymbol(_ text: String) -> Bool { symbols.contains(text) }

  /// `symbols` with their bytes by first byte (ASCII), longest first as listed: a token
  /// looks only at the few symbols that start with its byte.
  private static let symbolsByFirstByte: [[(String, [UInt8])]] = {
    var table = [[(String, [UInt8])]](repeating: [], count: 128)
    for symbol in symbols {
      let utf8 = Array(symbol.utf8)
      table[Int(utf8[0])].append((symbol, utf8))
    }
    return table
  }()

  /// A token's place: its column counts the bytes from the start of its line, as jq's does
  /// (`"é" | foo` has `foo` at column 8).
  private func location(from start: Int, line startLine: Int, lineStart startLineStart: Int)
    -> ProgramLocation
  {
    ProgramLocation(
      line: startLine, column: start - startLineStart + 1, offset: start,
      length: position - start)
  }

  /// A compile error for the token that starts at `start`, which may be on an earlier line
  /// than the lexer is now (an unterminated string runs to the end of the program).
  private func error(_ message: String, at start: Int) -> QueryError {
    let start = min(max(start, 0), bytes.count)
    let before = bytes[..<start]
    let startLineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
    return .compile(
      message,
      at: ProgramLocation(
        line: before.count { $0 == UInt8(ascii: "\n") } + 1,
        column: start - startLineStart + 1,
        offset: start, length: max(0, min(position, bytes.count) - start)))
  }

  private mutating func skipTrivia() {
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\n") {
        position += 1
        line += 1
        lineStart = position
      } else if byte == 32 || byte == 9 || byte == 13 {
        position += 1
      } else if byte == UInt8(ascii: "#") {
        skipComment()
      } else {
        return
      }
    }
  }

  /// A `#` comment, up to its newline (left for `skipTrivia`).
  ///
  /// As jq 1.7+'s lexer: a backslash before the newline (`\n` or `\r\n`) continues the comment on
  /// the next line, and `\\` is an escaped backslash, which does not.
  private mutating func skipComment() {
    let newline = UInt8(ascii: "\n")
    let backslash = UInt8(ascii: "\\")
    position += 1
    while position < bytes.count, bytes[position] != newline {
      guard bytes[position] == backslash, position + 1 < bytes.count else {
        position += 1
        continue
      }
      let next = bytes[position + 1]
      if next == backslash {
        position += 2
      } else if next == newline
        || (next == 13 && position + 2 < bytes.count && bytes[position + 2] == newline)
      {
        position += next == newline ? 2 : 3
        line += 1
        lineStart = position
      } else {
        position += 1
      }
    }
  }

  private static func isNameStart(_ b: UInt8) -> Bool { JQLexicalRules.isNameStart(b) }
  private static func isNameByte(_ b: UInt8) -> Bool { JQLexicalRules.isNameByte(b) }
  private static func isDigit(_ b: UInt8) -> Bool { JQLexicalRules.isDigit(b) }

  private mutating func readName() -> String {
    let start = position
    position = JQLexicalRules.nameEnd(bytes, from: position)
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  mutating func next() throws(QueryError) -> Token {
    skipTrivia()
    let start = position
    let startLine = line
    let startLineStart = lineStart
    func make(_ kind: Token.Kind, _ lexer: Lexer) -> Token {
      Token(
        kind: kind,
        location: lexer.location(from: start, line: startLine, lineStart: startLineStart))
    }
    guard position < bytes.count else { return make(.end, self) }
    let byte = bytes[position]
    if Lexer.isNameStart(byte) {
      let name = readName()
      return make(.identifier(name), self)
    }
    if byte == UInt8(ascii: "$") {
      position += 1
      // A `$` before no name is a token of its own in jq's lexer (`'$'`).
      guard position < bytes.count, Lexer.isNameStart(bytes[position]) else {
        return make(.symbol("$"), self)
      }
      return make(.variable(readName()), self)
    }
    if byte == UInt8(ascii: "@") {
      // jq's `"@"[a-zA-Z0-9_]+`: a name may start with a digit (`@0`), which fails when it
      // runs ("0 is not a valid format"), not when it is parsed.
      position += 1
      let nameStart = position
      while position < bytes.count, Lexer.isNameByte(bytes[position]) { position += 1 }
      // jq's lexer has no token for a lone `@`: the parser reports an INVALID_CHARACTER.
      guard position > nameStart else {
        return make(.symbol("@"), self)
      }
      return make(.format(String(decoding: bytes[nameStart..<position], as: UTF8.self)), self)
    }
    if byte == UInt8(ascii: "."), position + 1 < bytes.count {
      let following = bytes[position + 1]
      if Lexer.isNameStart(following) {
        position += 1
        var name = ""
        while position < bytes.count, Lexer.isNameByte(bytes[position]) {
          name.unicodeScalars.append(Unicode.Scalar(bytes[position]))
          position += 1
        }
        return make(.field(name), self)
      }
      if Lexer.isDigit(following) { return make(try readNumber(), self) }
    }
    if Lexer.isDigit(byte) { return make(try readNumber(), self) }
    if byte == UInt8(ascii: "\"") {
      position += 1
      return make(.string(try readString()), self)
    }
    for (symbol, utf8) in byte < 0x80 ? Lexer.symbolsByFirstByte[Int(byte)] : []
    where position + utf8.count <= bytes.count
      && bytes[position..<position + utf8.count].elementsEqual(utf8)
    {
      position += utf8.count
      return make(.symbol(symbol), self)
    }
    // A byte jq's lexer has no rule for is its INVALID_CHARACTER token: the parser reports
    // it where it stands, with what its grammar expected there.
    position += 1
    return make(.symbol(String(decoding: bytes[start..<position], as: UTF8.self)), self)
  }

  private mutating func readNumber() throws(QueryError) -> Token.Kind {
    let start = position
    position = JQLexicalRules.numberEnd(bytes, from: position)
    let text = String(decoding: bytes[start..<position], as: UTF8.self)
    guard let value = Double(text.hasPrefix(".") ? "0" + text : text) else {
      throw error("syntax error: bad number '\(text)'", at: start)
    }
    return .number(value, text: text)
  }

  /// Reads after the opening quote up to and including the closing one.
  private mutating func readString() throws(QueryError) -> [Token.StringPart] {
    let start = position - 1
    var parts: [Token.StringPart] = []
    var literal: [UInt8] = []
    func flush(_ parts: inout [Token.StringPart], _ literal: inout [UInt8]) {
      if !literal.isEmpty {
        parts.append(.literal(String(decoding: literal, as: UTF8.self)))
        literal.removeAll()
      }
    }
    // Where the escapes next to each other that end here start (jq's lexer reads them as
    // one token, and its JSON parser reports their errors).
    var escapes = position
    // The last of jq's string tokens read (the quote, a run of text, a run of escapes, the
    // `)` of an interpolation): an unterminated string's error is at it.
    var piece = start
    var inText = false
    while true {
      guard position < bytes.count else { throw unterminated(at: piece) }
      let byte = bytes[position]
      position += 1
      if byte == UInt8(ascii: "\"") { break }
      if byte == UInt8(ascii: "\n") {
        line += 1
        lineStart = position
      }
      guard byte == UInt8(ascii: "\\") else {
        if !inText { piece = position - 1 }
        inText = true
        literal.append(byte)
        escapes = position
        continue
      }
      if inText || escapes == position - 1 { piece = position - 1 }
      inText = false
      // A backslash that ends the program matches none of jq's string rules.
      guard position < bytes.count else {
        var error = error(
          "syntax error, unexpected INVALID_CHARACTER, expecting QQSTRING_TEXT or"
            + " QQSTRING_INTERP_START or QQSTRING_END", at: position - 1)
        error.location?.length = 1
        throw error
      }
      let escape = bytes[position]
      position += 1
      switch escape {
      case UInt8(ascii: "\""): literal.append(escape)
      case UInt8(ascii: "\\"): literal.append(escape)
      case UInt8(ascii: "/"): literal.append(escape)
      case UInt8(ascii: "b"): literal.append(8)
      case UInt8(ascii: "f"): literal.append(12)
      case UInt8(ascii: "n"): literal.append(10)
      case UInt8(ascii: "r"): literal.append(13)
      case UInt8(ascii: "t"): literal.append(9)
      case UInt8(ascii: "u"):
        var scalar = try readHex4(escapes)
        if scalar >= 0xD800, scalar < 0xDC00 {
          // jq reads a literal's escapes with its JSON parser, which wants a high
          // surrogate followed by a `\u` low one (a lone low one becomes U+FFFD).
          guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
            bytes[position + 1] == UInt8(ascii: "u")
          else { throw escapeError("Invalid \\uXXXX\\uXXXX surrogate pair escape", at: escapes) }
          position += 2
          let low = try readHex4(escapes)
          guard low >= 0xDC00, low < 0xE000 else {
            throw escapeError("Invalid \\uXXXX\\uXXXX surrogate pair escape", at: escapes)
          }
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        literal.append(contentsOf: Array(String(Unicode.Scalar(scalar) ?? "\u{FFFD}").utf8))
      case UInt8(ascii: "("):
        flush(&parts, &literal)
        let opening = Token(
          kind: .symbol("\\("),
          location: location(from: position - 2, line: line, lineStart: lineStart))
        let inner = try readInterpolation()
        parts.append(.interpolation(inner, opening: opening))
        // Cut by the end of the program: the parser reports it, after what it finds in
        // the interpolation first (as jq's parser reads the tokens in order).
        if inner.last?.location.length == 0 { return parts }
        escapes = position
        piece = position - 1
      default:
        throw escapeError("Invalid escape", at: escapes)
      }
    }
    flush(&parts, &literal)
    return parts
  }

  /// The four hex digits of a `\\u` escape; `escapes` is where its run of escapes starts.
  private mutating func readHex4(_ escapes: Int) throws(QueryError) -> UInt32 {
    let digits = bytes[position..<min(position + 4, bytes.count)].prefix(
      while: JQLexicalRules.isEscapeDigit)
    guard digits.count == 4 else { throw escapeError("Invalid \\uXXXX escape", at: escapes) }
    guard let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16) else {
      throw escapeError("Invalid characters in \\uXXXX escape", at: escapes)
    }
    position += 4
    return value
  }

  /// jq's error for a string the program ends in, at the last of its tokens read.
  private func unterminated(at piece: Int) -> QueryError {
    error(
      "syntax error, unexpected end of file, expecting QQSTRING_TEXT or QQSTRING_INTERP_START"
        + " or QQSTRING_END", at: piece)
  }

  /// An escape error as jq reports it: its lexer takes the escapes next to each other
  /// (`\\q`, `\\u00e9\\x`) as one token, which its JSON parser reads between quotes and
  /// fails at the closing one: `Invalid escape at line 1, column 4 (while parsing '"\\q"')`,
  /// at the token.
  private func escapeError(_ message: String, at start: Int) -> QueryError {
    let end = JQLexicalRules.escapeRunEnd(bytes, from: start)
    var error = error(JQTokenizer.escapeMessage(message, run: bytes[start..<end]), at: start)
    error.location?.length = end - start
    return error
  }

  /// Tokens after `\(` up to the matching `)`, which is consumed; ends with `.end`, which
  /// is the `)` (jq's QQSTRING_INTERP_END), or has length 0 where the string is cut: at
  /// the end of the program, or after a closing bracket that closes nothing open (jq's
  /// lexer keeps a stack of brackets, and such a one is an invalid character, which the
  /// parser reports before anything the lexer would read after it).
  private mutating func readInterpolation() throws(QueryError) -> [Token] {
    var open: [String] = []
    var tokens: [Token] = []
    while true {
      let token = try next()
      tokens.append(token)
      switch token.kind {
      case .end:
        return tokens
      case .symbol("("), .symbol("["), .symbol("{"):
        if case .symbol(let text) = token.kind { open.append(text) }
      case .symbol(")") where open.isEmpty:
        tokens[tokens.count - 1] = Token(kind: .end, location: token.location)
        return tokens
      case .symbol(")"), .symbol("]"), .symbol("}"):
        guard case .symbol(let text) = token.kind,
          open.last == ["]": "[", ")": "(", "}": "{"][text]
        else {
          var cut = token.location
          cut.offset += cut.length
          cut.length = 0
          tokens.append(Token(kind: .end, location: cut))
          return tokens
        }
        open.removeLast()
      default: break
      }
    }
  }
}
