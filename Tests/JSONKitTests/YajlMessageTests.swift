import CYajl
import Foundation
import Testing

@testable import JSONKit
@testable import JSONKitCore

/// Every yajl message that `YajlMessage` pins, produced by the linked yajl itself: a yajl whose
/// wording differs fails here instead of making JSONKit's parse errors vaguer.
@Suite("yajl's error messages are the ones the parser classifies")
struct YajlMessageTests {
  /// An input that makes yajl (strict: no comments, one value) report `message`.
  static let inputs: [(YajlMessage, String)] = [
    (.prematureEOF, "[1,"),
    (.trailingGarbage, "1 2"),
    (.unallowedToken, "[,]"),
    (.invalidObjectKey, "{1:2}"),
    (.missingColon, #"{"a" 1}"#),
    (.expectedCommaOrBrace, #"{"a":1 "b":2}"#),
    (.expectedCommaOrBracket, "[1 2]"),
    (.invalidUTF8, "[\"\u{FF}\"]"),
    (.invalidEscape, #"["\q"]"#),
    (.controlCharacterInString, "[\"a\u{01}\"]"),
    (.nonHexEscape, #"["\u12x4"]"#),
    (.invalidChar, "[@]"),
    (.invalidString, "[tx]"),
    (.digitAfterExponent, "[1e]"),
    (.digitAfterPoint, "[1.]"),
    (.digitAfterMinus, "[-]"),
    (.comment, "[1 /* c */]"),
  ]

  /// yajl's own message for `text`, parsed with no callbacks.
  static func yajlMessage(for text: String) -> String? {
    // U+00FF stands for the single byte 0xFF, which no Swift string holds.
    let bytes = text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
    guard let handle = yajl_alloc(nil, nil, nil) else { return nil }
    defer { yajl_free(handle) }
    var status = bytes.withUnsafeBufferPointer { yajl_parse(handle, $0.baseAddress, $0.count) }
    if status == yajl_status_ok { status = yajl_complete_parse(handle) }
    guard status == yajl_status_error, let text = yajl_get_error(handle, 0, nil, 0) else {
      return nil
    }
    defer { yajl_free_error(handle, text) }
    return String(cString: text)
  }

  @Test("Every entry of the table is produced by an input")
  func everyEntryOfTheTableIsProducedByAnInput() {
    #expect(Set(Self.inputs.map { "\($0.0)" }) == Set(YajlMessage.allCases.map { "\($0)" }))
  }

  @Test("yajl writes the pinned phrase", arguments: inputs)
  func yajlWritesThePinnedPhrase(entry: YajlMessage, input: String) throws {
    let message = try #require(Self.yajlMessage(for: input))
    #expect(message.contains(entry.phrase), "yajl said: \(message)")
    #expect(YajlMessage(message) == entry)
    #expect(message.hasPrefix(entry.isLexical ? "lexical error: " : "parse error: "))
  }

  @Test("The parser turns each into an error with a place", arguments: inputs)
  func theParserTurnsEachIntoAnErrorWithAPlace(entry: YajlMessage, input: String) {
    let bytes = input.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
    #expect {
      _ = try JSONParser.parse(Data(bytes))
    } throws: { error in
      guard let error = error as? JSONError, let failure = error.parseFailure,
        error.location != nil
      else { return false }
      switch entry {
      case .prematureEOF: return failure == .unexpectedEndOfInput
      case .trailingGarbage: return failure == .unexpectedValue
      case .digitAfterExponent, .digitAfterPoint, .digitAfterMinus:
        return failure == .invalidNumber(entry.numberDetail ?? "")
      case .comment: return failure == .commentsNotAllowed
      case .invalidUTF8: return failure == .invalidUTF8
      case .controlCharacterInString: return failure == .controlCharacterInString
      case .invalidEscape, .nonHexEscape:
        if case .invalidEscape = failure { return true }
        return false
      case .missingColon, .expectedCommaOrBrace, .expectedCommaOrBracket, .invalidObjectKey:
        return failure == .syntax("\(entry.expectation ?? ""), found \(Self.found(in: input))")
      case .unallowedToken, .invalidChar, .invalidString:
        if case .unexpectedCharacter = failure { return true }
        return false
      }
    }
  }

  /// How the parser names the offending token of the syntax-error inputs above.
  static func found(in input: String) -> String {
    switch input {
    case "{1:2}": "'1'"
    case #"{"a" 1}"#: "'1'"
    case #"{"a":1 "b":2}"#: "'\"'"
    default: "'2'"
    }
  }
}
