/// jq 1.8's tokens of a program, read as its flex lexer reads them: strings as a run of
/// tokens (`QQSTRING_START`, text, `\(`, the interpolation's tokens, `)`, `QQSTRING_END`), a
/// closing bracket that closes nothing open as an `INVALID_CHARACTER`, and on past anything
/// it cannot read.
///
/// `Lexer` makes jsonkit's tokens; this one feeds `SyntaxRecovery`, the model of jq's parser
/// that finds the syntax errors after the first.
struct JQTokenizer {
  /// One token: its terminal in `LALRAutomaton.jq`, its bytes, and the error jq's lexer
  /// reports for it (an escape its JSON parser refuses), if any.
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
  private let automaton: LALRAutomaton
  private var position = 0
  private var contexts: [Context] = []
  /// The last run of bytes the lexer matched (a token, white space, a piece of a comment):
  /// where jq places the end of the program.
  private(set) var lastMatch = (start: 0, end: 0)

  init(_ source: String, automaton: LALRAutomaton) {
    bytes = Array(source.utf8)
    self.automaton = automaton
  }

  private static let keywords: Set<String> = Set(JQGrammar.keywords)
  /// Operators of more than one byte, longest first.
  private static let operators = [
    "?//", "//=", "!=", "==", "//", "|=", "+=", "-=", "*=", "/=", "%=", "<=", ">=",
  ]

  private static func isNameStart(_ b: UInt8) -> Bool { JQLexicalRules.isNameStart(b) }
  private static func isDigit(_ b: UInt8) -> Bool { JQLexicalRules.isDigit(b) }
  private static func isNameByte(_ b: UInt8) -> Bool { JQLexicalRules.isNameByte(b) }
  private static func isSpace(_ b: UInt8) -> Bool {
    b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D
  }

  private func byte(_ offset: Int) -> UInt8? { offset < bytes.count ? bytes[offset] : nil }

  /// The token from `start` to the current position.
  private mutating func token(_ name: String, from start: Int) -> Token {
    lastMatch = (start, position)
    return Token(terminal: automaton.terminal(name), start: start, end: position)
  }

  /// The next token; at the end, `end of file` at the last match.
  mutating func next() -> Token {
    while true {
      guard position < bytes.count else {
        return Token(terminal: 0, start: lastMatch.start, end: lastMatch.end)
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

  /// A comment, a match at a time: `#`, then each character, a backslash with the
  /// backslash or line break it escapes, and the line break that ends it.
  private mutating func skipComment() {
    position += 1
    lastMatch = (position - 1, position)
    while position < bytes.count {
      let start = position
      let b = bytes[position]
      if b == UInt8(ascii: "\\"),
        byte(position + 1) == UInt8(ascii: "\\")
          || byte(position + 1) == 0x0A
      {
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

  /// A name with its `::` parts, from `position`.
  private mutating func readName() { position = JQLexicalRules.nameEnd(bytes, from: position) }

  /// jq's number literal, from `position`.
  private mutating func readNumber() { position = JQLexicalRules.numberEnd(bytes, from: position) }

  private mutating func codeToken(_ b: UInt8, from start: Int) -> Token {
    if Self.isNameStart(b) {
      readName()
      let text = String(decoding: bytes[start..<position], as: UTF8.self)
      return token(Self.keywords.contains(text) ? text : "IDENT", from: start)
    }
    if b == UInt8(ascii: "$"), let next = byte(position + 1), Self.isNameStart(next) {
      position += 1
      readName()
      let text = String(decoding: bytes[start..<position], as: UTF8.self)
      return token(text == "$__loc__" ? text : "BINDING", from: start)
    }
    if b == UInt8(ascii: "."), let next = byte(position + 1) {
      if next == UInt8(ascii: ".") {
        position += 2
        return token("..", from: start)
      }
      if Self.isNameStart(next) {
        position += 1
        while let b = byte(position), Self.isNameByte(b) { position += 1 }
        return token("FIELD", from: start)
      }
    }
    if Self.isDigit(b) || (b == UInt8(ascii: ".") && byte(position + 1).map(Self.isDigit) == true) {
      readNumber()
      return token("LITERAL", from: start)
    }
    if b == UInt8(ascii: "@"), let next = byte(position + 1), Self.isNameByte(next) {
      position += 1
      while let b = byte(position), Self.isNameByte(b) { position += 1 }
      return token("FORMAT", from: start)
    }
    if b == UInt8(ascii: "\"") {
      position += 1
      contexts.append(.string)
      return token("QQSTRING_START", from: start)
    }
    for op in Self.operators where bytes[position...].starts(with: op.utf8) {
      position += op.utf8.count
      return token(op, from: start)
    }
    position += 1
    switch b {
    case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
      contexts.append(
        b == UInt8(ascii: "(") ? .parenthesis : b == UInt8(ascii: "[") ? .bracket : .brace)
      return token("'\(Character(Unicode.Scalar(b)))'", from: start)
    case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
      return closing(b, from: start)
    default:
      if b < 0x80, ".?=;,:|+-*/%$<>".utf8.contains(b) {
        return token("'\(Character(Unicode.Scalar(b)))'", from: start)
      }
      return token("INVALID_CHARACTER", from: start)
    }
  }

  /// A closing bracket: the end of what is open if it matches it, else an invalid character.
  private mutating func closing(_ b: UInt8, from start: Int) -> Token {
    let wanted: Context? =
      switch b {
      case UInt8(ascii: ")"): contexts.last == .interpolation ? .interpolation : .parenthesis
      case UInt8(ascii: "]"): .bracket
      default: .brace
      }
    guard let top = contexts.last, top == wanted else {
      return token("INVALID_CHARACTER", from: start)
    }
    contexts.removeLast()
    if top == .interpolation { return token("QQSTRING_INTERP_END", from: start) }
    return token("'\(Character(Unicode.Scalar(b)))'", from: start)
  }

  /// A token inside a string: text, a run of escapes, `\(`, or the closing quote.
  private mutating func stringToken() -> Token {
    let start = position
    let b = bytes[position]
    if b == UInt8(ascii: "\"") {
      position += 1
      contexts.removeLast()
      return token("QQSTRING_END", from: start)
    }
    guard b == UInt8(ascii: "\\") else {
      while let b = byte(position), b != UInt8(ascii: "\\"), b != UInt8(ascii: "\"") {
        position += 1
      }
      return token("QQSTRING_TEXT", from: start)
    }
    if byte(position + 1) == UInt8(ascii: "(") {
      position += 2
      contexts.append(.interpolation)
      return token("QQSTRING_INTERP_START", from: start)
    }
    // A run of escapes: `\` and a byte other than `u` or `(`, or `\u` and up to four
    // letters or digits.
    position = JQLexicalRules.escapeRunEnd(bytes, from: position)
    guard position > start else {
      position += 1
      return token("INVALID_CHARACTER", from: start)
    }
    var result = token("QQSTRING_TEXT", from: start)
    result.failure = Self.escapeFailure(bytes[start..<position])
    return result
  }

  /// The error jq's JSON parser reports for a run of escapes, if it refuses it: its place is
  /// the closing quote it reads them in.
  private static func escapeFailure(_ run: ArraySlice<UInt8>) -> String? {
    var i = run.startIndex
    var problem: String?
    /// The four hex digits at `i` after `\u`, or the error for them.
    func hex(_ i: Int) -> (UInt32?, String?) {
      let digits = run[i..<min(i + 4, run.endIndex)].prefix(while: JQLexicalRules.isEscapeDigit)
      guard digits.count == 4 else { return (nil, "Invalid \\uXXXX escape") }
      guard let value = UInt32(String(decoding: digits, as: UTF8.self), radix: 16) else {
        return (nil, "Invalid characters in \\uXXXX escape")
      }
      return (value, nil)
    }
    while problem == nil, i < run.endIndex {
      let escape = run[i + 1]
      i += 2
      guard escape == UInt8(ascii: "u") else {
        if !"\"\\/bfnrt".utf8.contains(escape) { problem = "Invalid escape" }
        continue
      }
      let (value, error) = hex(i)
      guard let value else {
        problem = error
        break
      }
      i += 4
      guard value >= 0xD800, value < 0xDC00 else { continue }
      guard i + 1 < run.endIndex, run[i] == UInt8(ascii: "\\"), run[i + 1] == UInt8(ascii: "u")
      else {
        problem = "Invalid \\uXXXX\\uXXXX surrogate pair escape"
        break
      }
      let (low, lowError) = hex(i + 2)
      guard let low, low >= 0xDC00, low < 0xE000 else {
        problem = lowError ?? "Invalid \\uXXXX\\uXXXX surrogate pair escape"
        break
      }
      i += 6
    }
    return problem.map { escapeMessage($0, run: run) }
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
