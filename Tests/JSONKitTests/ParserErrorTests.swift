import Foundation
import JSONKit
import Testing

/// Parse errors say exactly what went wrong and where: reason, byte offset, line, column.
@Suite("Parse error reasons and locations")
struct ParserErrorTests {
  /// One malformed input and the error it must produce.
  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let input: [UInt8]
    let reason: JSONError.ParseFailure
    let location: JSONError.Location
    /// The reason when streamed a byte at a time, where it differs (a character is described
    /// from the bytes at hand).
    var streamedReason: JSONError.ParseFailure?

    init(
      _ name: String, _ input: String, _ reason: JSONError.ParseFailure, byte: Int, line: Int = 1,
      column: Int,
      streamedReason: JSONError.ParseFailure? = nil
    ) {
      self.init(
        name, Array(input.utf8), reason, byte: byte, line: line, column: column,
        streamedReason: streamedReason)
    }

    init(
      _ name: String, _ input: [UInt8], _ reason: JSONError.ParseFailure, byte: Int, line: Int = 1,
      column: Int,
      streamedReason: JSONError.ParseFailure? = nil
    ) {
      self.name = name
      self.input = input
      self.reason = reason
      self.location = .init(byte: byte, line: line, column: column)
      self.streamedReason = streamedReason
    }

    var testDescription: String { name }
  }

  static let quote: UInt8 = 0x22

  /// `"` + bytes + `"`.
  static func quoted(_ bytes: [UInt8]) -> [UInt8] { [quote] + bytes + [quote] }

  static let cases: [Case] = [
    // Literals, punctuation, structure.
    Case(
      "an unfinished literal points at the byte that cannot continue it", "{\n  \"a\": tru\n}",
      .unexpectedCharacter("'\\n'"), byte: 12, line: 2, column: 11),
    Case("a misspelt literal", "[nul]", .unexpectedCharacter("']'"), byte: 4, column: 5),
    Case("a trailing comma in an array", "[1,]", .unexpectedCharacter("']'"), byte: 3, column: 4),
    Case(
      "a trailing comma in an object", "{\"a\":1,}",
      .syntax("object keys must be strings, found '}'"), byte: 7, column: 8),
    Case(
      "a missing colon", "{\"a\" 1}", .syntax("expected ':' after object key, found '1'"),
      byte: 5, column: 6),
    Case(
      "a missing comma in an array", "[1 2]",
      .syntax("expected ',' or ']' after array element, found '2'"), byte: 3, column: 4),
    Case(
      "a missing comma in an object", "{\"a\":1 \"b\":2}",
      .syntax("expected ',' or '}' after object member, found '\"'"), byte: 7, column: 8),
    Case(
      "a number as a key", "{1:2}", .syntax("object keys must be strings, found '1'"), byte: 1,
      column: 2),
    Case("a stray closing bracket", "]", .unexpectedCharacter("']'"), byte: 0, column: 1),
    Case("an extra closing bracket", "[1]]", .unexpectedCharacter("']'"), byte: 3, column: 4),
    Case("garbage after a value", "1 x", .unexpectedCharacter("'x'"), byte: 2, column: 3),
    Case(
      "a non-ASCII character between tokens", "[1,\n é]", .unexpectedCharacter("'é'"), byte: 5,
      line: 2,
      column: 2, streamedReason: .unexpectedCharacter("byte 0xC3")),
    Case(
      "a missing comma after a nested value", "{\"a\":{} \"b\":1}",
      .syntax("expected ',' or '}' after object member, found '\"'"), byte: 8, column: 9),
    Case(
      "a literal right after a number in an array", "[1true]",
      .syntax("expected ',' or ']' after array element, found 't'"), byte: 2, column: 3),
    // End of input.
    Case("an unterminated string", "[\"abc", .unexpectedEndOfInput, byte: 5, column: 6),
    Case("an unterminated top-level string", "\"abc", .unexpectedEndOfInput, byte: 4, column: 5),
    Case("an unterminated escaped string", "[\"a\\nb", .unexpectedEndOfInput, byte: 6, column: 7),
    Case("an unclosed array", "[1,\n 2", .unexpectedEndOfInput, byte: 6, line: 2, column: 3),
    Case("an unclosed object", "{\"a\":", .unexpectedEndOfInput, byte: 5, column: 6),
    Case("an object missing its last value", "{\"a\":1", .unexpectedEndOfInput, byte: 6, column: 7),
    Case("an open bracket", "[", .unexpectedEndOfInput, byte: 1, column: 2),
    Case(
      "an unterminated string after a value", "[1] \"ab", .unexpectedEndOfInput, byte: 7, column: 8),
    Case("an unterminated key", "{\"ab", .unexpectedEndOfInput, byte: 4, column: 5),
    Case("a truncated literal", "[tr", .unexpectedEndOfInput, byte: 3, column: 4),
    Case("a truncated number", "1.", .unexpectedEndOfInput, byte: 2, column: 3),
    Case(
      "a missing colon before the end", "{\"a\" 1",
      .syntax("expected ':' after object key, found '1'"),
      byte: 5, column: 6),
    // Numbers.
    Case("a leading zero", "[01]", .invalidNumber("leading zero"), byte: 2, column: 3),
    Case(
      "a leading zero in an object", "{\"a\":-00}", .invalidNumber("leading zero"), byte: 7,
      column: 8),
    Case(
      "a leading zero at the top level", "01", .invalidNumber("leading zero"), byte: 1, column: 2),
    Case(
      "a minus alone", "[-]", .invalidNumber("a digit is required after the minus sign"), byte: 2,
      column: 3),
    Case(
      "a point without digits", "[1.]",
      .invalidNumber("a digit is required after the decimal point"),
      byte: 3, column: 4),
    Case(
      "an exponent without digits", "[1e+]",
      .invalidNumber("a digit is required after the exponent"),
      byte: 4, column: 5),
    Case(
      "a literal right after a number", "1true", .unexpectedCharacter("'t'"), byte: 1, column: 2),
    Case(
      "two literals without a space", "truefalse", .unexpectedCharacter("'f'"), byte: 4, column: 5),
    Case(
      "a negative number right after a number", "1-2", .unexpectedCharacter("'-'"), byte: 1,
      column: 2),
    // Strings: escapes and control characters.
    Case(
      "an unknown escape", "[\"a\\x\"]",
      .invalidEscape("'\\' followed by a character that is not an escape"), byte: 3, column: 4),
    Case(
      "a short \\u escape", "[\"\\u12G4\"]", .invalidEscape("\\u needs four hex digits"), byte: 2,
      column: 3),
    Case(
      "a raw control character in a string", [0x5B, quote, 0x61, 0x01, quote, 0x5D],
      .controlCharacterInString, byte: 3, column: 4),
    Case("a raw tab in a string", "[\"a\tb\"]", .controlCharacterInString, byte: 3, column: 4),
    // \v and \f are not JSON white space (yajl accepts them).
    Case(
      "a vertical tab between tokens", "[1,\u{0B}2]", .unexpectedCharacter("'\\v'"), byte: 3,
      column: 4),
    Case(
      "a form feed between tokens", "[1,\n\u{0C}2]", .unexpectedCharacter("'\\f'"), byte: 4,
      line: 2, column: 1),
    Case(
      "a form feed alone in an array", "[\u{0C}]", .unexpectedCharacter("'\\f'"), byte: 1, column: 2
    ),
    Case(
      "a vertical tab before a value", "\u{0B}1", .unexpectedCharacter("'\\v'"), byte: 0, column: 1),
    Case(
      "a form feed after a top-level number", "12\u{0C}", .unexpectedCharacter("'\\f'"), byte: 2,
      column: 3),
    // A one-shot parse looks for them 2 KiB at a time (`copyFindingFormFeedOrVerticalTab`).
    Case(
      "a vertical tab first in the second block",
      "[" + String(repeating: " ", count: 2047)
        + "\u{0B}1]", .unexpectedCharacter("'\\v'"), byte: 2048, column: 2049),
    Case(
      "a form feed far past the first block",
      "[" + String(repeating: "1,", count: 2600)
        + "\u{0C}2]", .unexpectedCharacter("'\\f'"), byte: 5201, column: 5202),
    Case(
      "a vertical tab wins over a form feed in a later block",
      "[1,\u{0B}" + String(repeating: " ", count: 3000) + "\u{0C}2]",
      .unexpectedCharacter("'\\v'"), byte: 3, column: 4),
    Case(
      "an earlier error wins over a later form feed", "[1 2,\u{0C}]",
      .syntax("expected ',' or ']' after array element, found '2'"), byte: 3, column: 4),
    // Ill-formed UTF-8, in plain and escaped strings and keys: the first bad byte.
    Case(
      "an invalid byte in a string", [0x5B, quote, 0x61, 0xFF, 0x62, quote, 0x5D], .invalidUTF8,
      byte: 3, column: 4),
    Case(
      "a truncated sequence on line 2", [0x5B, 0x0A, quote, 0xC3, 0xA9, 0xC3, quote, 0x5D],
      .invalidUTF8,
      byte: 5, line: 2, column: 4),
    Case(
      "an invalid byte in a key", [0x7B, quote, 0x6B, 0xFF, quote, 0x3A, 0x31, 0x7D], .invalidUTF8,
      byte: 3, column: 4),
    Case(
      "an invalid byte after an escape", [0x5B, quote, 0x5C, 0x6E, 0xFF, quote, 0x5D], .invalidUTF8,
      byte: 4, column: 5),
    Case("an overlong '/' (C0 AF)", quoted([0xC0, 0xAF]), .invalidUTF8, byte: 1, column: 2),
    Case(
      "an encoded surrogate (ED A0 80)", quoted([0xED, 0xA0, 0x80]), .invalidUTF8, byte: 1,
      column: 2),
    Case(
      "a code point above U+10FFFF (F4 90 80 80)", quoted([0xF4, 0x90, 0x80, 0x80]), .invalidUTF8,
      byte: 1, column: 2),
    Case(
      "an overlong '/' after an escape", quoted([0x5C, 0x74, 0xC0, 0xAF]), .invalidUTF8, byte: 3,
      column: 4),
    Case(
      "an encoded surrogate after an escape", quoted([0x5C, 0x74, 0xED, 0xA0, 0x80]), .invalidUTF8,
      byte: 3,
      column: 4),
    Case(
      "a code point above U+10FFFF after an escape", quoted([0x5C, 0x74, 0xF4, 0x90, 0x80, 0x80]),
      .invalidUTF8, byte: 3, column: 4),
    // Surrogate escapes must pair up.
    Case(
      "a lone high surrogate escape", "\"\\uD800\"",
      .invalidEscape("lone high surrogate \\uD800 not followed by a low surrogate"), byte: 1,
      column: 2),
    Case(
      "a lone low surrogate escape", "\"\\uDC00\"", .invalidEscape("lone low surrogate \\uDC00"),
      byte: 1, column: 2),
    Case(
      "a high surrogate followed by a non-surrogate escape", "\"\\uD800\\u0041\"",
      .invalidEscape("lone high surrogate \\uD800 not followed by a low surrogate"), byte: 1,
      column: 2),
    Case(
      "a lone low surrogate after other escapes", "[\"\\t\", \"ab\\uDC00\"]",
      .invalidEscape("lone low surrogate \\uDC00"), byte: 10, column: 11),
    Case(
      "a lone surrogate in a key on line 3", "{\n\"a\": 1,\n\"\\uDBFF\": 2}",
      .invalidEscape("lone high surrogate \\uDBFF not followed by a low surrogate"), byte: 11,
      line: 3, column: 2),
    // One value only, unless allowMultipleValues: the second value's first byte.
    Case("a second number", "1 2", .unexpectedValue, byte: 2, column: 3),
    Case("a second object", "{\"a\":1} {\"b\":2}", .unexpectedValue, byte: 8, column: 9),
    Case(
      "a second array on the next line", "[1]\n[2]", .unexpectedValue, byte: 4, line: 2, column: 1),
    Case("a second string", "\"a\" \"b\"", .unexpectedValue, byte: 4, column: 5),
    Case("a second escaped string", "[] \"x\\n\"", .unexpectedValue, byte: 3, column: 4),
    Case("a second literal", "true false", .unexpectedValue, byte: 5, column: 6),
    Case("an object after a number", "1 {}", .unexpectedValue, byte: 2, column: 3),
    Case("a value right after a value", "{}[]", .unexpectedValue, byte: 2, column: 3),
    // Comments.
    Case("a block comment", "[1, /* c */ 2]", .commentsNotAllowed, byte: 4, column: 5),
    Case("a line comment", "// c\n1", .commentsNotAllowed, byte: 0, column: 1),
    // Encodings.
    Case(
      "UTF-16BE", [0x00, 0x5B, 0x00, 0x5D], .unsupportedEncoding("UTF-16BE"), byte: 0, column: 1),
    Case(
      "UTF-32LE", [0x5B, 0, 0, 0, 0x5D, 0, 0, 0], .unsupportedEncoding("UTF-32LE"), byte: 0,
      column: 1),
  ]

  @Test("Malformed input gives the exact reason and location", arguments: cases)
  func reportsReasonAndLocation(_ c: Case) throws {
    let error = try #require(parseError(c.input), "accepted \(c.name)")
    #expect(error.parseFailure == c.reason)
    #expect(error.location == c.location)
  }

  @Test(
    "The same errors are reported when the input is streamed a byte at a time", arguments: cases)
  func streamedErrorsMatch(_ c: Case) throws {
    if c.reason == .unexpectedValue { return }  // a stream takes any number of values
    let parser = JSONStreamParser()
    var thrown: JSONError?
    do {
      for byte in c.input { try parser.feed([byte]) }
      _ = try parser.finish()
    } catch {
      thrown = error
    }
    let error = try #require(thrown, "accepted \(c.name)")
    #expect(error.parseFailure == c.streamedReason ?? c.reason)
    #expect(error.location == c.location)
  }

  @Test(
    "Empty input is its own error",
    arguments: [
      ("", 0, 1, 1), ("   ", 3, 1, 4), (" \n\t ", 4, 2, 3),
    ])
  func emptyInput(_ input: String, byte: Int, line: Int, column: Int) throws {
    let error = try #require(parseError(Array(input.utf8)))
    #expect(error.parseFailure == .emptyInput)
    #expect(error.location == .init(byte: byte, line: line, column: column))
  }

  @Test("A byte order mark alone is empty input")
  func byteOrderMarkAlone() throws {
    let error = try #require(parseError([0xEF, 0xBB, 0xBF]))
    #expect(error.parseFailure == .emptyInput)
    #expect(error.location == .init(byte: 3, line: 1, column: 4))
  }

  @Test("Positions after a byte order mark count the mark")
  func positionsAfterByteOrderMark() throws {
    let error = try #require(parseError([0xEF, 0xBB, 0xBF] + Array("[1 2]".utf8)))
    #expect(error.location == .init(byte: 6, line: 1, column: 7))
  }

  @Test("Lines end at \\n; \\r\\n counts once")
  func crlfLines() throws {
    let error = try #require(parseError(Array("[\r\n1,\r\n2,\r\n]".utf8)))
    #expect(error.parseFailure == .unexpectedCharacter("']'"))
    #expect(error.location == .init(byte: 11, line: 4, column: 1))
  }

  @Test("The description says what, where, and shows the input around it")
  func descriptionFormat() throws {
    let error = try #require(parseError(Array("{\n  \"a\": 1,\n  \"b\": [1 true]\n}".utf8)))
    #expect(
      error.description
        == "Syntax error (expected ',' or ']' after array element, found 't') at line 3, column 11 (byte 22) near '  \"a\": 1,   \"b\": [1 true] }'"
    )
    #expect(error.code == .invalidJSON)
  }

  @Test("The documented example prints as documented")
  func documentedExample() throws {
    let error = try #require(parseError(Array("{\n  \"a\": tru\n}".utf8)))
    #expect(
      error.description
        == #"Unexpected character '\n' at line 2, column 11 (byte 12) near '{   "a": tru }'"#)
  }

  @Test("The excerpt is at most about 40 bytes of valid text around the error")
  func excerptIsShortAndValid() throws {
    let long = "[" + String(repeating: "\"é\", ", count: 30) + "x]"
    let error = try #require(parseError(Array(long.utf8)))
    let excerpt = try #require(error.excerpt)
    #expect(excerpt.utf8.count <= 44)
    #expect(excerpt.hasSuffix("x]"))
    #expect(!excerpt.contains("\u{FFFD}"))
  }

  @Test("JSON(parseJSON:) keeps the error instead of throwing")
  func parseJSONKeepsTheError() {
    let json = JSON(parseJSON: "[1,")
    #expect(json.error?.parseFailure == .unexpectedEndOfInput)
    #expect(json.error?.location == .init(byte: 3, line: 1, column: 4))
    #expect(json.exists() == false)
    #expect(JSON(parseJSON: "[1]").error == nil)
  }

  @Test("JSON(data:) throws the parse error")
  func jsonDataThrows() {
    #expect(
      throws: JSONError(
        .parse(.unexpectedEndOfInput), location: .init(byte: 1, line: 1, column: 2), excerpt: "[")
    ) {
      try JSON(data: Data("[".utf8))
    }
  }
}

// MARK: - Helpers

/// The error `JSONParser.parse` throws for `bytes`, or `nil` when it parses.
private func parseError(_ bytes: [UInt8], options: JSONParser.Options = .default) -> JSONError? {
  do {
    _ = try JSONParser.parse(Data(bytes), options: options)
    return nil
  } catch {
    return error
  }
}
