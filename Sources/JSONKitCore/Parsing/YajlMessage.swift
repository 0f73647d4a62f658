/// The error messages of yajl 2.1 (`yajl_get_error`), pinned in one table.
///
/// yajl reports an error only as English text ("lexical error: invalid char in json text.");
/// it has no error codes for them. The parser classifies each error by the phrase in this
/// table to say what went wrong and where. `YajlMessageTests` makes yajl produce every
/// message, so a yajl whose wording differs fails a test instead of silently giving vaguer
/// errors. `"parse error: integer overflow"`, `"numeric (floating point) overflow"` and
/// `"invalid token, internal error"` cannot occur: numbers reach JSONKit as text
/// (`yajl_number`), which yajl never converts.
enum YajlMessage: CaseIterable {
  // Parse errors ("parse error: …").
  case prematureEOF
  case trailingGarbage
  case unallowedToken
  case invalidObjectKey
  case missingColon
  case expectedCommaOrBrace
  case expectedCommaOrBracket
  // Lexical errors ("lexical error: …").
  case invalidUTF8
  case invalidEscape
  case controlCharacterInString
  case nonHexEscape
  case invalidChar
  case invalidString
  case digitAfterExponent
  case digitAfterPoint
  case digitAfterMinus
  case comment

  /// The phrase that identifies the message, as yajl 2.1.0 writes it.
  var phrase: String {
    switch self {
    case .prematureEOF: "premature EOF"
    case .trailingGarbage: "trailing garbage"
    case .unallowedToken: "unallowed token at this point in JSON text"
    case .invalidObjectKey: "invalid object key (must be a string)"
    case .missingColon: "object key and value must be separated by a colon (':')"
    case .expectedCommaOrBrace: "after key and value, inside map, I expect ',' or '}'"
    case .expectedCommaOrBracket: "after array element, I expect ',' or ']'"
    case .invalidUTF8: "invalid bytes in UTF8 string."
    case .invalidEscape: "inside a string, '\\' occurs before a character which it may not."
    case .controlCharacterInString: "invalid character inside string."
    case .nonHexEscape: "invalid (non-hex) character occurs after '\\u' inside string."
    case .invalidChar: "invalid char in json text."
    case .invalidString: "invalid string in json text."
    case .digitAfterExponent: "malformed number, a digit is required after the exponent."
    case .digitAfterPoint: "malformed number, a digit is required after the decimal point."
    case .digitAfterMinus: "malformed number, a digit is required after the minus sign."
    case .comment: "probable comment found in input text, comments are not enabled."
    }
  }

  /// Whether yajl's lexer reports it (the parser reports the others).
  var isLexical: Bool {
    switch self {
    case .prematureEOF, .trailingGarbage, .unallowedToken, .invalidObjectKey, .missingColon,
      .expectedCommaOrBrace, .expectedCommaOrBracket:
      false
    default: true
    }
  }

  /// What `.syntax` errors say is missing, for the parse errors that expect something.
  var expectation: String? {
    switch self {
    case .missingColon: "expected ':' after object key"
    case .expectedCommaOrBrace: "expected ',' or '}' after object member"
    case .expectedCommaOrBracket: "expected ',' or ']' after array element"
    case .invalidObjectKey: "object keys must be strings"
    default: nil
    }
  }

  /// What a malformed number lacks, for `.invalidNumber`.
  var numberDetail: String? {
    switch self {
    case .digitAfterExponent: "a digit is required after the exponent"
    case .digitAfterPoint: "a digit is required after the decimal point"
    case .digitAfterMinus: "a digit is required after the minus sign"
    default: nil
    }
  }

  /// The entry whose phrase `message` contains; `nil` for a message not in the table.
  init?(_ message: String) {
    guard let found = Self.allCases.first(where: { Self.bytes(of: message, contain: $0.phrase) })
    else { return nil }
    self = found
  }

  /// Whether `phrase`'s bytes occur in `text`'s.
  ///
  /// (Without Foundation, `String.contains`
  /// is _StringProcessing's search by characters, which hashes them into a table on every
  /// call: 70% of a run over NDJSON whose every third line has a `nan`, each one a message
  /// from yajl. yajl's messages are ASCII.)
  static func bytes(of text: String, contain phrase: String) -> Bool {
    var text = text
    var phrase = phrase
    return text.withUTF8 { text in
      phrase.withUTF8 { phrase in
        guard let first = phrase.first else { return true }
        guard phrase.count <= text.count else { return false }
        for start in 0...(text.count - phrase.count) where text[start] == first {
          if UnsafeBufferPointer(rebasing: text[start..<start + phrase.count])
            .elementsEqual(phrase)
          {
            return true
          }
        }
        return false
      }
    }
  }
}
