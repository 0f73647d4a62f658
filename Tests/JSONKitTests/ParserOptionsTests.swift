import Foundation
import JSONKit
import Testing

/// `JSONParser.Options`: comments, several values, trailing garbage, and the depth limit.
@Suite("Parser options")
struct ParserOptionsTests {
  @Test("The default options are strict RFC 8259 with a depth limit of 10,000")
  func defaults() {
    let options = JSONParser.Options.default
    #expect(options.allowComments == false)
    #expect(options.allowMultipleValues == false)
    #expect(options.allowTrailingGarbage == false)
    #expect(options.maxDepth == 10_000)
    #expect(JSONParser.Options() == .default)
  }

  // MARK: Comments

  @Test("Comments are rejected unless allowComments is set")
  func commentsRejectedByDefault() throws {
    let error = try #require(parseError("{\"a\": /* c */ 1}"))
    #expect(error.parseFailure == .commentsNotAllowed)
    #expect(error.location == .init(byte: 6, line: 1, column: 7))
  }

  @Test("Block and line comments are accepted anywhere between tokens with allowComments")
  func commentsAccepted() throws {
    let text =
      "/* a */ {/* b */\"k\"/* c */:/* d */[1,/* e */2]// f\n,\"s\": \"x\\n\" /* g */} // end"
    let json = try JSONParser.parse(Data(text.utf8), options: .init(allowComments: true))
    #expect(JSONWriter().string(json) == #"{"k":[1,2],"s":"x\n"}"#)
  }

  @Test("Quotes and backslashes inside comments do not confuse escaped strings")
  func commentsWithQuotes() throws {
    let text = #"{"a\"" /* " \" \\ */ : "b\\\"c", // "x\"# + "\n" + #""\u0064" /* "*/ : "\t"}"#
    let json = try JSONParser.parse(Data(text.utf8), options: .init(allowComments: true))
    #expect(JSONWriter().string(json) == #"{"a\"":"b\\\"c","d":"\t"}"#)
  }

  @Test("A document of comments only is empty input")
  func commentsOnly() throws {
    let error = try #require(
      parseError("/* nothing */ // here", options: .init(allowComments: true)))
    #expect(error.parseFailure == .emptyInput)
    #expect(error.location == .init(byte: 21, line: 1, column: 22))
  }

  @Test("An unterminated comment is an unexpected end of input")
  func unterminatedComment() throws {
    let error = try #require(parseError("[1 /* never closed", options: .init(allowComments: true)))
    #expect(error.parseFailure == .unexpectedEndOfInput)
    #expect(error.location == .init(byte: 18, line: 1, column: 19))
  }

  @Test("A comment left open after the last value is an unexpected end of input")
  func unterminatedCommentAfterValue() throws {
    let error = try #require(parseError("[1] /* never closed", options: .init(allowComments: true)))
    #expect(error.parseFailure == .unexpectedEndOfInput)
    #expect(error.location == .init(byte: 19, line: 1, column: 20))
    let json = try JSONParser.parse(
      Data("[1] // closed by the end".utf8), options: .init(allowComments: true))
    #expect(JSONWriter().string(json) == "[1]")
  }

  @Test("A slash that starts no comment is an unexpected character")
  func slashAlone() throws {
    let error = try #require(parseError("[1, /x]", options: .init(allowComments: true)))
    #expect(error.parseFailure == .unexpectedCharacter("'x'"))
    #expect(error.location == .init(byte: 5, line: 1, column: 6))
  }

  // MARK: Several values

  @Test("allowMultipleValues makes parse return all values as one array")
  func multipleValuesAsArray() throws {
    let options = JSONParser.Options(allowMultipleValues: true)
    let json = try JSONParser.parse(Data("1 2\n[3] {\"a\":4}\"five\" 6".utf8), options: options)
    #expect(JSONWriter().string(json) == #"[1,2,[3],{"a":4},"five",6]"#)
    #expect(JSONWriter().string(try JSONParser.parse(Data(" ".utf8), options: options)) == "[]")
  }

  @Test("parseAll returns every value, and none for blank input")
  func parseAllValues() throws {
    let values = try JSONParser.parseAll(Data("{\"a\":1}\n{\"a\":2}\n3\n\"x\"\n[4]\n".utf8))
    #expect(
      values.map { JSONWriter().string($0) } == [#"{"a":1}"#, #"{"a":2}"#, "3", #""x""#, "[4]"])
    #expect(try JSONParser.parseAll(Data()).isEmpty)
    #expect(try JSONParser.parseAll(Data(" \n ".utf8)).isEmpty)
  }

  @Test("parseAll reports an error in a later value with its line")
  func parseAllErrorLocation() throws {
    var thrown: JSONError?
    do { _ = try JSONParser.parseAll(Data("[1]\n[2]\n[3,]".utf8)) } catch { thrown = error }
    #expect(thrown?.parseFailure == .unexpectedCharacter("']'"))
    #expect(thrown?.location == .init(byte: 11, line: 3, column: 4))
  }

  @Test(
    "Values that run together without a separator are rejected even when several are allowed",
    arguments: [
      ("01", JSONError.ParseFailure.invalidNumber("leading zero"), 1),
      ("-01", .invalidNumber("leading zero"), 2),
      ("1true", .unexpectedCharacter("'t'"), 1), ("nullnull", .unexpectedCharacter("'n'"), 4),
      ("false1", .unexpectedCharacter("'1'"), 5), ("2-3", .unexpectedCharacter("'-'"), 1),
    ])
  func runTogetherValues(_ text: String, reason: JSONError.ParseFailure, byte: Int) throws {
    var thrown: JSONError?
    do { _ = try JSONParser.parseAll(Data(text.utf8)) } catch { thrown = error }
    #expect(thrown?.parseFailure == reason)
    #expect(thrown?.location == .init(byte: byte, line: 1, column: byte + 1))
  }

  @Test("Self-delimiting values may touch")
  func touchingValues() throws {
    let values = try JSONParser.parseAll(Data(#"[]{}"a"1"b"[2]true"c"null{}"#.utf8))
    #expect(
      values.map { JSONWriter().string($0) } == [
        "[]", "{}", #""a""#, "1", #""b""#, "[2]", "true", #""c""#, "null", "{}",
      ])
  }

  // MARK: Trailing garbage

  @Test(
    "allowTrailingGarbage stops after the first value",
    arguments: [
      ("[1] x", "[1]"), ("{\"a\":1}}}", #"{"a":1}"#), ("1 2", "1"), ("\"a\"garbage", #""a""#),
      ("null,", "null"), ("[] \"open", "[]"),
    ])
  func trailingGarbageAllowed(_ text: String, expected: String) throws {
    let json = try JSONParser.parse(Data(text.utf8), options: .init(allowTrailingGarbage: true))
    #expect(JSONWriter().string(json) == expected)
    #expect(parseError(text) != nil)
  }

  @Test("allowTrailingGarbage still rejects errors inside the first value")
  func trailingGarbageDoesNotHideErrors() throws {
    let error = try #require(parseError("[1,]x", options: .init(allowTrailingGarbage: true)))
    #expect(error.parseFailure == .unexpectedCharacter("']'"))
    #expect(error.location?.byte == 3)
  }

  // MARK: Depth

  @Test("10,000 nested arrays parse; 10,001 exceed the default limit")
  func defaultDepthLimit() throws {
    let deepest = nested(10_000)
    let json = try JSONParser.parse(Data(deepest.utf8))
    #expect(json.type == .array)
    let error = try #require(parseError(nested(10_001)))
    #expect(error.parseFailure == .nestingTooDeep(limit: 10_000))
    #expect(error.location == .init(byte: 10_000, line: 1, column: 10_001))
  }

  @Test("Deeply nested values can be written back")
  func deepValuesWriteBack() throws {
    let deepest = nested(10_000)
    #expect(JSONWriter().string(try JSONParser.parse(Data(deepest.utf8))) == deepest)
  }

  @Test("A custom limit of 3 counts arrays and objects alike")
  func customDepthLimit() throws {
    let options = JSONParser.Options(maxDepth: 3)
    #expect(throws: Never.self) { try JSONParser.parse(Data("[[[1]]]".utf8), options: options) }
    #expect(throws: Never.self) {
      try JSONParser.parse(Data(#"{"a":[{"b":1}]}"#.utf8), options: options)
    }
    let arrays = try #require(parseError("[[[[1]]]]", options: options))
    #expect(arrays.parseFailure == .nestingTooDeep(limit: 3))
    #expect(arrays.location == .init(byte: 3, line: 1, column: 4))
    let objects = try #require(parseError("{\"a\":{\"b\":[\n{\"c\":1}]}}", options: options))
    #expect(objects.parseFailure == .nestingTooDeep(limit: 3))
    #expect(objects.location == .init(byte: 12, line: 2, column: 1))
  }

  @Test("A limit of 0 allows only scalars")
  func zeroDepthLimit() throws {
    let options = JSONParser.Options(maxDepth: 0)
    #expect(
      JSONWriter().string(try JSONParser.parse(Data("\"s\"".utf8), options: options)) == #""s""#)
    #expect(parseError("[]", options: options)?.parseFailure == .nestingTooDeep(limit: 0))
  }

  @Test("A million open brackets are an error, not a stack overflow")
  func millionOpenBrackets() throws {
    let error = try #require(parseError(String(repeating: "[", count: 1_000_000)))
    #expect(error.parseFailure == .nestingTooDeep(limit: 10_000))
    #expect(error.location?.byte == 10_000)
  }

  @Test("A million nested arrays parse and are released without recursion when the limit allows")
  func millionNestedArrays() throws {
    let options = JSONParser.Options(maxDepth: .max)
    let text = nested(1_000_000)
    do {
      let json = try JSONParser.parse(Data(text.utf8), options: options)
      #expect(json.type == .array)
    }
    let error = try #require(parseError(String(repeating: "[", count: 1_000_000), options: options))
    #expect(error.parseFailure == .unexpectedEndOfInput)
    #expect(error.location?.byte == 1_000_000)
  }

  // MARK: Entry points

  @Test("JSON(data:options:) passes its options on")
  func jsonDataOptions() throws {
    let json = try JSON(data: Data("// c\n[1]".utf8), options: .init(allowComments: true))
    #expect(JSONWriter().string(json) == "[1]")
  }
}

// MARK: - Helpers

/// `n` nested empty arrays.
private func nested(_ n: Int) -> String {
  String(repeating: "[", count: n) + String(repeating: "]", count: n)
}

/// The error `JSONParser.parse` throws for `text`, or `nil` when it parses.
private func parseError(_ text: String, options: JSONParser.Options = .default) -> JSONError? {
  do {
    _ = try JSONParser.parse(Data(text.utf8), options: options)
    return nil
  } catch {
    return error
  }
}
