/// jq 1.8's lexer: a program's tokens as its flex lexer reads them, the one tokenizer of
/// jsonkit's front end.
///
/// Strings are runs of tokens (`QQSTRING_START`, text, `\(`, the interpolation's tokens,
/// `QQSTRING_INTERP_END`, `QQSTRING_END`), a closing bracket that closes nothing open is an
/// `INVALID_CHARACTER` (jq's lexer keeps a stack of brackets), and it reads on past anything
/// it cannot read. A token's terminal is its number in `JQGrammar.terminals` (`Terminal`,
/// generated with the keyword, operator and one-byte tables in `JQTokenizer+Terminal.swift`).
///
/// Both of jsonkit's readers of jq's grammar take these tokens: `Lexer` assembles them into
/// the parser's (a string with its interpolations, lines and columns), and `SyntaxRecovery`,
/// the model of jq's parser, reads them as they come. So each lexical rule is written once,
/// here, and the two cannot cut a program differently.
struct JQTokenizer {
  /// One token: its terminal, its bytes, and the error jq's lexer reports for it (an escape
  /// its JSON parser refuses), if any.
  struct Token {
    var terminal: Int
    var start: Int
    var end: Int
    var failure: String?
  }

  /// What the lexer is inside: jq's start conditions.
  private enum Context {
    case parenthesis, bracket, brace, interpolation, string
  }

  private let bytes: [UInt8]
  private var position = 0
  private var contexts: [Context] = []
  /// The last run of bytes the lexer matched (a token, white space, a piece of a comment):
  /// where jq places the end of the program.
  private(set) var lastMatch = (start: 0, end: 0)
  /// Room to decode a run of escapes in, to check it.
  private var scratch: [UInt8] = []

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  // MARK: character classes

  /// `[a-zA-Z_]`: the first byte of a name.
  static func isNameStart(_ b: UInt8) -> Bool {
    (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") || b == UInt8(ascii: "_")
  }

  /// `[0-9]`.
  private static func isDigit(_ b: UInt8) -> Bool {
    b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")
  }

  /// `[a-zA-Z_0-9]`: a byte of a name after its first.
  private static func isNameByte(_ b: UInt8) -> Bool { isNameStart(b) || isDigit(b) }

  /// A letter or a digit: what a `\u` escape takes up to four of.
  private static func isEscapeDigit(_ b: UInt8) -> Bool {
    isNameByte(b) && b != UInt8(ascii: "_")
  }

  /// `[ \r\n\t]`.
  private static func isSpace(_ b: UInt8) -> Bool {
    b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D
  }

  private func byte(_ offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

  // MARK: tokens

  /// The token from `start` to the current position.
  private mutating func token(_ terminal: Int, from start: Int) -> Token {
    lastMatch = (start, position)
    return Token(terminal: terminal, start: start, end: position)
  }

  /// The next token; at the end, `end of file` at the last match.
  mutating func next() -> Token {
    while true {
      guard position < bytes.count else {
        return Token(terminal: Terminal.endOfFile, start: lastMatch.start, end: lastMatch.end)
      }
      if contexts.last == .string { return stringToken() }
      let start = position
      let b = bytes[position]
      if b == UInt8(ascii: "#") {
        skipComment()
        continue
      }
      if Self.isSpace(b) {
        while let next = byte(position), Self.isSpace(next) { position += 1 }
        lastMatch = (start, position)
        continue
      }
      return codeToken(b, from: start)
    }
  }

  /// A comment, a match at a time: `#`, then each byte, a backslash with the backslash or
  /// line break it escapes (jq 1.7+: the comment goes on), and the line break that ends it.
  private mutating func skipComment() {
    position += 1
    lastMatch = (position - 1, position)
    while position < bytes.count {
      let start = position
      let b = bytes[position]
      let next = byte(position + 1)
      if b == UInt8(ascii: "\\"), next == UInt8(ascii: "\\") || next == 0x0A {
        position += 2
      } else if b == UInt8(ascii: "\\"), byte(position + 1) == 0x0D, byte(position + 2) == 0x0A {
        position += 3
      } else if b == 0x0A || (b == 0x0D && byte(position + 1) == 0x0A) {
        position += b == 0x0A ? 1 : 2
        lastMatch = (start, position)
        return
      } else {
        position += 1
      }
      lastMatch = (start, position)
    }
  }

  /// A name from `position`: `[a-zA-Z_0-9]*` and its `::name` parts (`mod::fn`).
  private mutating func readName() {
    while let b = byte(position), Self.isNameByte(b) { position += 1 }
    while byte(position) == UInt8(ascii: ":"), byte(position + 1) == UInt8(ascii: ":"),
      let next = byte(position + 2), Self.isNameStart(next)
    {
      position += 2
      while let b = byte(position), Self.isNameByte(b) { position += 1 }
    }
  }

  /// jq's number literal from `position`: `([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?`.
  private mutating func readNumber() {
    while let b = byte(position), Self.isDigit(b) { position += 1 }
    if byte(position) == UInt8(ascii: ".") {
      position += 1
      while let b = byte(position), Self.isDigit(b) { position += 1 }
    }
    guard let e = byte(position), e | 0x20 == UInt8(ascii: "e") else { return }
    var probe = position + 1
    if byte(probe) == UInt8(ascii: "+") || byte(probe) == UInt8(ascii: "-") { probe += 1 }
    guard let digit = byte(probe), Self.isDigit(digit) else { return }
    position = probe
    while let b = byte(position), Self.isDigit(b) { position += 1 }
  }

  /// A token outside strings, which starts with `b`; flex takes the longest match, and the
  /// first rule of two matches as long (`$__loc__` before a `BINDING`).
  private mutating func codeToken(_ b: UInt8, from start: Int) -> Token {
    if Self.isNameStart(b) {
      readName()
      let text = String(decoding: bytes[start..<position], as: UTF8.self)
      return token(Self.keywordTerminal(text) ?? Terminal.ident, from: start)
    }
    let next = byte(position + 1)
    if b == UInt8(ascii: "$"), let next, Self.isNameStart(next) {
      position += 1
      readName()
      let isLocation = bytes[start..<position].elementsEqual("$__loc__".utf8)
      return token(isLocation ? Terminal.location : Terminal.binding, from: start)
    }
    if b == UInt8(ascii: "."), let next {
      if next == UInt8(ascii: ".") {
        position += 2
        return token(Terminal.recurse, from: start)
      }
      if Self.isNameStart(next) {
        position += 1
        while let b = byte(position), Self.isNameByte(b) { position += 1 }
        return token(Terminal.field, from: start)
      }
    }
    if Self.isDigit(b) || (b == UInt8(ascii: ".") && next.map(Self.isDigit) == true) {
      readNumber()
      return token(Terminal.literal, from: start)
    }
    if b == UInt8(ascii: "@"), let next, Self.isNameByte(next) {
      position += 1
      while let b = byte(position), Self.isNameByte(b) { position += 1 }
      return token(Terminal.format, from: start)
    }
    if b == UInt8(ascii: "\"") {
      position += 1
      contexts.append(.string)
      return token(Terminal.stringStart, from: start)
    }
    guard b < 0x80 else {
      position += 1
      return token(Terminal.invalidCharacter, from: start)
    }
    if let (terminal, length) = Self.operatorTerminal(bytes, at: position) {
      position += length
      return token(terminal, from: start)
    }
    position += 1
    switch b {
    case UInt8(ascii: "("): contexts.append(.parenthesis)
    case UInt8(ascii: "["): contexts.append(.bracket)
    case UInt8(ascii: "{"): contexts.append(.brace)
    case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): return closing(b, from: start)
    default: break
    }
    return token(Self.oneByteTerminal(b) ?? Terminal.invalidCharacter, from: start)
  }

  /// A closing bracket: the end of what is open if it matches it, else an invalid character
  /// (and what is open stays open, as in jq's lexer).
  private mutating func closing(_ b: UInt8, from start: Int) -> Token {
    let wanted: Context =
      switch b {
      case UInt8(ascii: ")"): contexts.last == .interpolation ? .interpolation : .parenthesis
      case UInt8(ascii: "]"): .bracket
      default: .brace
      }
    guard let top = contexts.last, top == wanted else {
      return token(Terminal.invalidCharacter, from: start)
    }
    contexts.removeLast()
    if top == .interpolation { return token(Terminal.interpolationEnd, from: start) }
    return token(Self.oneByteTerminal(b) ?? Terminal.invalidCharacter, from: start)
  }

  /// A token inside a string: text, a run of escapes, `\(`, or the closing quote.
  private mutating func stringToken() -> Token {
    let start = position
    let b = bytes[position]
    if b == UInt8(ascii: "\"") {
      position += 1
      contexts.removeLast()
      return token(Terminal.stringEnd, from: start)
    }
    guard b == UInt8(ascii: "\\") else {
      while let b = byte(position), b != UInt8(ascii: "\\"), b != UInt8(ascii: "\"") {
        position += 1
      }
      return token(Terminal.stringText, from: start)
    }
    if byte(position + 1) == UInt8(ascii: "(") {
      position += 2
      contexts.append(.interpolation)
      return token(Terminal.interpolationStart, from: start)
    }
    // A run of escapes: `(\\[^u(]|\\u[a-zA-Z0-9]{0,4})+`.
    while byte(position) == UInt8(ascii: "\\"), let escape = byte(position + 1),
      escape != UInt8(ascii: "(")
    {
      position += 2
      guard escape == UInt8(ascii: "u") else { continue }
      var digits = 0
      while digits < 4, let b = byte(position), Self.isEscapeDigit(b) {
        position += 1
        digits += 1
      }
    }
    // A backslash that ends the program matches no rule but `.`.
    guard position > start else {
      position += 1
      return token(Terminal.invalidCharacter, from: start)
    }
    var result = token(Terminal.stringText, from: start)
    scratch.removeAll(keepingCapacity: true)
    result.failure = Self.unescape(bytes[start..<position], into: &scratch)
    return result
  }

  // MARK: escapes

  /// Appends the text a run of escapes stands for to `text`, as jq's JSON parser reads the
  /// run between quotes; returns the error that parser reports for it instead, if any.
  ///
  /// A `\u` high surrogate wants a `\u` low one after it; a lone low one is U+FFFD.
  static func unescape(_ run: ArraySlice<UInt8>, into text: inout [UInt8]) -> String? {
    /// The four hex digits at `i` after `\u`, or the error for them.
    func hex(_ i: Int) -> (UInt32?, String?) {
      let digits = run[i..<min(i + 4, run.endIndex)].prefix(while: isEscapeDigit)
      guard digits.count == 4 else { return (nil, "Invalid \\uXXXX escape") }
      guard let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16) else {
        return (nil, "Invalid characters in \\uXXXX escape")
      }
      return (value, nil)
    }
    let surrogates = "Invalid \\uXXXX\\uXXXX surrogate pair escape"
    var i = run.startIndex
    while i < run.endIndex {
      let escape = run[i + 1]
      i += 2
      switch escape {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
      case UInt8(ascii: "b"): text.append(8)
      case UInt8(ascii: "f"): text.append(12)
      case UInt8(ascii: "n"): text.append(10)
      case UInt8(ascii: "r"): text.append(13)
      case UInt8(ascii: "t"): text.append(9)
      case UInt8(ascii: "u"):
        let (value, error) = hex(i)
        guard var scalar = value else { return escapeMessage(error ?? surrogates, run: run) }
        i += 4
        if scalar >= 0xD800, scalar < 0xDC00 {
          guard i + 1 < run.endIndex, run[i] == UInt8(ascii: "\\"), run[i + 1] == UInt8(ascii: "u")
          else { return escapeMessage(surrogates, run: run) }
          let (low, lowError) = hex(i + 2)
          guard let low, low >= 0xDC00, low < 0xE000 else {
            return escapeMessage(lowError ?? surrogates, run: run)
          }
          i += 6
          scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { text.append($0) }
      default:
        return escapeMessage("Invalid escape", run: run)
      }
    }
    return nil
  }

  /// `problem` with the place jq's JSON parser gives it in a run of escapes it reads between
  /// quotes: the closing quote, its line and column counted in the quoted run
  /// (`Invalid escape at line 1, column 4 (while parsing '"\\q"')`).
  static func escapeMessage(_ problem: String, run: ArraySlice<UInt8>) -> String {
    let quoted = [UInt8(ascii: "\"")] + run
    let line = quoted.count { $0 == 0x0A } + 1
    let column = quoted.count - (quoted.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
    let text = String(decoding: run, as: UTF8.self)
    return "\(problem) at line \(line), column \(column) (while parsing '\"\(text)\"')"
  }
}
