import Testing

@testable import JSONQuery

@Suite("JQTokenizer: generated terminal numbers agree with jq's grammar")
struct JQTokenizerTests {
  private typealias Terminal = JQTokenizer.Terminal

  @Test("Each named terminal number is the grammar's number for that name")
  func namedTerminalsMatchTheGrammar() {
    let named: [(Int, String)] = [
      (Terminal.endOfFile, "end of file"), (Terminal.invalidCharacter, "INVALID_CHARACTER"),
      (Terminal.ident, "IDENT"), (Terminal.field, "FIELD"), (Terminal.binding, "BINDING"),
      (Terminal.literal, "LITERAL"), (Terminal.format, "FORMAT"), (Terminal.recurse, ".."),
      (Terminal.location, "$__loc__"), (Terminal.stringStart, "QQSTRING_START"),
      (Terminal.stringText, "QQSTRING_TEXT"),
      (Terminal.interpolationStart, "QQSTRING_INTERP_START"),
      (Terminal.interpolationEnd, "QQSTRING_INTERP_END"), (Terminal.stringEnd, "QQSTRING_END"),
      (Terminal.if, "if"), (Terminal.break, "break"), (Terminal.alternation, "?//"),
      (Terminal.setDefinedOr, "//="), (Terminal.pipe, "'|'"), (Terminal.dollar, "'$'"),
    ]
    for (number, name) in named {
      #expect(JQGrammar.terminals[number] == name)
    }
  }

  @Test("Each keyword's terminal is the grammar's number for it, and no other name has one")
  func keywordsMatchTheGrammar() {
    for keyword in JQGrammar.keywords {
      #expect(JQTokenizer.keywordTerminal(keyword) == Terminal.number(keyword), "\(keyword)")
    }
    for name in ["length", "IDENT", "If", "ends", "a"] {
      #expect(JQTokenizer.keywordTerminal(name) == nil, "\(name)")
    }
  }

  /// The grammar's operators of more than one byte (`//=`), each with its number.
  private static let operators = JQGrammar.terminals.enumerated().filter {
    $0.element.utf8.allSatisfy { "!%*+-/<=>?|".utf8.contains($0) }
  }
  /// The grammar's tokens of one byte (`'|'`, quoted), each with its number.
  private static let oneByte = JQGrammar.terminals.enumerated().filter {
    $0.element.count == 3 && $0.element.hasPrefix("'") && $0.element.hasSuffix("'")
  }

  @Test("Each operator and one-byte token's terminal is the grammar's number for its text")
  func operatorsMatchTheGrammar() {
    #expect(Self.operators.count == 13)
    for (number, text) in Self.operators {
      for suffix in ["", "1", " "] {
        let bytes = Array((text + suffix).utf8)
        let found = JQTokenizer.operatorTerminal(bytes, at: 0)
        #expect(found.map { [$0.terminal, $0.length] } == [number, text.utf8.count], "\(text)")
      }
    }
    #expect(Self.oneByte.count == 21)
    for (number, quoted) in Self.oneByte {
      #expect(JQTokenizer.oneByteTerminal(Array(quoted.utf8)[1]) == number, "\(quoted)")
    }
    for byte in "!&@#^`~\\ aZ0\"".utf8 {
      #expect(JQTokenizer.oneByteTerminal(byte) == nil)
    }
  }

  @Test("Every keyword, operator and one-byte token reads as its own terminal")
  func tokensReadAsTheirTerminals() {
    let named = (JQGrammar.keywords + ["$__loc__", ".."]).map { ($0, $0) }
    let texts =
      named + Self.operators.map { ($0.element, $0.element) }
      + Self.oneByte.map { (String($0.element.dropFirst().dropLast()), $0.element) }
    for (text, name) in texts {
      // A closing bracket is a token of its own only where it closes what is open.
      let open = ["]": "[", ")": "(", "}": "{"][text] ?? ""
      var tokenizer = JQTokenizer(Array((open + text).utf8))
      if !open.isEmpty { _ = tokenizer.next() }
      #expect(tokenizer.next().terminal == Terminal.number(name), "\(text)")
    }
  }
}

extension JQTokenizer.Terminal {
  /// The number of the terminal jq's messages call `name`: what each generated constant
  /// must equal.
  fileprivate static func number(_ name: String) -> Int {
    guard let index = JQGrammar.terminals.firstIndex(of: name) else {
      preconditionFailure("no terminal \(name) in jq's grammar")
    }
    return index
  }
}
