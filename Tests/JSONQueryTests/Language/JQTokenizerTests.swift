import Testing

@testable import JSONQuery

@Suite("JQTokenizer: terminal numbers written out agree with jq's grammar")
struct JQTokenizerTests {
  private typealias Terminal = JQTokenizer.Terminal

  @Test("Each named terminal number is the grammar's number for that name")
  func namedTerminalsMatchTheGrammar() {
    let named: [(Int, String)] = [
      (Terminal.end, "end of file"), (Terminal.invalid, "INVALID_CHARACTER"),
      (Terminal.ident, "IDENT"), (Terminal.field, "FIELD"), (Terminal.binding, "BINDING"),
      (Terminal.literal, "LITERAL"), (Terminal.format, "FORMAT"), (Terminal.recurse, ".."),
      (Terminal.location, "$__loc__"), (Terminal.stringStart, "QQSTRING_START"),
      (Terminal.stringText, "QQSTRING_TEXT"),
      (Terminal.interpolationStart, "QQSTRING_INTERP_START"),
      (Terminal.interpolationEnd, "QQSTRING_INTERP_END"), (Terminal.stringEnd, "QQSTRING_END"),
    ]
    for (number, name) in named {
      #expect(JQGrammar.terminals[number] == name)
    }
  }

  @Test("The keywords follow the first keyword in the grammar's order")
  func keywordsFollowTheFirstKeyword() {
    for (offset, keyword) in JQGrammar.keywords.enumerated() {
      #expect(JQGrammar.terminals[Terminal.firstKeyword + offset] == keyword)
    }
  }

  @Test("Each operator's terminal is the grammar's number for its text")
  func operatorsMatchTheGrammar() {
    for (text, terminal) in JQTokenizer.operatorTerminals {
      #expect(JQGrammar.terminals[terminal] == text)
    }
    let oneByte = JQTokenizer.oneByteTerminals
    for (byte, terminal) in oneByte {
      #expect(JQGrammar.terminals[terminal] == "'\(Character(Unicode.Scalar(byte)))'")
    }
    let quotedInGrammar = JQGrammar.terminals.filter { $0.count == 3 && $0.hasPrefix("'") }
    #expect(oneByte.count == quotedInGrammar.count)
  }

  @Test("Every keyword and operator reads as its own terminal")
  func tokensReadAsTheirTerminals() {
    let texts = JQGrammar.keywords + JQTokenizer.operatorTerminals.map(\.text) + ["$__loc__"]
    for text in texts {
      var tokenizer = JQTokenizer(Array(text.utf8))
      #expect(tokenizer.next().terminal == Terminal.number(text), "\(text)")
    }
  }
}
