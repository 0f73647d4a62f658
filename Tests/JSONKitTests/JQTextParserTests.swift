import Foundation
import Testing

@testable import JSONKit
@testable import JSONKitCore

/// `JQTextParser` reads JSON text as jq 1.8's `jv_parse.c` does: its literals, its
/// messages, its line and column, its depth limit and its repair of invalid UTF-8.
@Suite("jq's JSON text reader")
struct JQTextParserTests {
  private func failure(_ text: String) -> String? {
    do {
      _ = try JQTextParser.parse(text)
      return nil
    } catch {
      return error.message
    }
  }

  @Test("a literal that is not true, false or null is a number in decNumber's syntax")
  func decNumberLiterals() throws {
    let value = try JQTextParser.parse(
      "[NaN, nan, -nan, sNaN, Infinity, -inf, .5, 5., +1, 01, 1E2]")
    let numbers: [Double] = value.arrayValue.map { $0.ieeeDouble ?? 0 }
    let nans = numbers.prefix(4).filter { $0.isNaN }.count
    #expect(nans == 4)
    let rest = Array(numbers.dropFirst(4))
    #expect(rest == [.infinity, -.infinity, 0.5, 5, 1, 1, 100])
    // A number keeps its text, made JSON: the writer prints what was read.
    #expect(JSONWriter().string(value.arrayValue[6]) == "0.5")
    #expect(JSONWriter().string(try JQTextParser.parse("1.50")) == "1.50")
    for bad in ["NaN1", "0x10", "1e", "-", "1_0", "Inf1"] {
      #expect(failure(bad)?.hasPrefix("Invalid numeric literal at EOF") == true, "\(bad)")
    }
    #expect(failure("tru") == "Invalid literal at EOF at line 1, column 3 (while parsing 'tru')")
    #expect(failure("nul") == "Invalid literal at EOF at line 1, column 3 (while parsing 'nul')")
  }

  @Test("errors are jq's sentences at jq's line and column, with the text")
  func messages() {
    let cases: [(String, String)] = [
      ("{'a': 123}", "Invalid string literal; expected \", but got ' at line 1, column 5"),
      ("[1 2]", "Expected separator between values at line 1, column 5"),
      ("{\"a\" 1}", "Expected separator between values at line 1, column 7"),
      ("[1,2", "Unfinished JSON term at EOF at line 1, column 4"),
      ("[1,]", "Expected another array element at line 1, column 4"),
      ("{\"a\":1,}", "Expected another key-value pair at line 1, column 8"),
      ("]", "Unmatched ']' at line 1, column 1"),
      ("{1:2}", "Object keys must be strings at line 1, column 3"),
      ("{\"a\"}", "Objects must consist of key:value pairs at line 1, column 5"),
      ("[1:2]", "':' not as part of an object at line 1, column 3"),
      ("\"\\u12\"", "Invalid \\uXXXX escape at line 1, column 6"),
      ("\"\\x\"", "Invalid escape at line 1, column 4"),
      ("\"\\ud800\"", "Invalid \\uXXXX\\uXXXX surrogate pair escape at line 1, column 8"),
      (
        "\"a\tb\"",
        "Invalid string: control characters from U+0000 through U+001F must be escaped at line 1, column 5"
      ),
      ("[\n1\n", "Unfinished JSON term at EOF at line 3, column 0"),
      ("\"abc", "Unfinished string at EOF at line 1, column 4"),
      ("1 2", "Unexpected extra JSON values"),
      ("", "Expected JSON value"),
      ("  ", "Expected JSON value"),
    ]
    for (text, message) in cases {
      #expect(failure(text) == "\(message) (while parsing '\(text)')", "\(text)")
    }
  }

  @Test("nesting stops at 10,000 levels, an object's pending key counting as one")
  func depthLimit() throws {
    let deepest = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
    #expect(try JQTextParser.parse(deepest).type == .array)
    #expect(
      failure(String(repeating: "[", count: 10_001))?.hasPrefix(
        "Exceeds depth limit for parsing at line 1, column 10001") == true)
    let objects = { (n: Int) in
      String(repeating: "{\"a\":", count: n) + "1" + String(repeating: "}", count: n)
    }
    #expect(try JQTextParser.parse(objects(5_000)).type == .dictionary)
    #expect(
      failure(objects(5_001))?.hasPrefix(
        "Exceeds depth limit for parsing at line 1, column 25001") == true)
  }

  @Test("invalid UTF-8 becomes one U+FFFD per sequence jq's decoder cuts; \\udc00 too")
  func repairedStrings() throws {
    // 'a', a bad byte, 'b', then a three-byte lead with one continuation cut by the quote.
    let (values, failure) = JQTextParser.parseAll([0x22, 0x61, 0xFF, 0x62, 0xE2, 0x82, 0x22])
    #expect(failure == nil)
    #expect(values.map(\.stringValue) == ["a\u{FFFD}b\u{FFFD}"])
    #expect(try JQTextParser.parse(#""\udc00x""#).stringValue == "\u{FFFD}x")
    #expect(try JQTextParser.parse(#""\ud83d\ude00""#).stringValue == "😀")
    // Overlong and surrogate encodings are one replacement each.
    let (more, _) = JQTextParser.parseAll([0x22, 0xC0, 0x80, 0xED, 0xA0, 0x80, 0x22])
    #expect(more.map(\.stringValue) == ["\u{FFFD}\u{FFFD}\u{FFFD}"])
  }

  @Test("a whole input is read value by value up to its first error")
  func wholeInput() {
    let (values, failure) = JQTextParser.parseAll(Array("1 [2] {\"a\":3}\"x\" tru 4".utf8))
    #expect(values == [1, [2], ["a": 3], "x"])
    #expect(failure == "Invalid literal at line 1, column 21")
    let (all, none) = JQTextParser.parseAll(Array("1\n2\n".utf8))
    #expect(all == [1, 2] && none == nil)
  }

  /// Every value and the failure, if any, of `chunks` read by one `Reader`, each value with
  /// the line it ends on.
  private func readChunks(_ chunks: [String], line: Int = 1, column: Int = 0) -> (
    values: [(JSON, Int)], failure: String?
  ) {
    var reader = JQTextParser.Reader(line: line, column: column)
    var values: [(JSON, Int)] = []
    for chunk in chunks {
      let bytes = Array(chunk.utf8)
      var i = 0
      let failure: String? = bytes.withUnsafeBytes { buffer in
        while let result = reader.next(in: buffer, &i) {
          switch result {
          case .value(let value): values.append((value, reader.valueLine))
          case .failure(let message): return message
          case .end: return nil
          }
        }
        return nil
      }
      if let failure { return (values, failure) }
    }
    while true {
      switch reader.finish() {
      case .value(let value): values.append((value, reader.valueLine))
      case .failure(let message): return (values, message)
      case .end: return (values, nil)
      }
    }
  }

  @Test("the reader takes chunks cut anywhere and gives the values and lines of the whole text")
  func readerInChunks() {
    let text = "[1,\nnan]\n\"a b\" 12\n{\"k\":\n-Infinity}\n7"
    let whole = readChunks([text])
    #expect(whole.failure == nil)
    #expect(whole.values.map(\.1) == [2, 3, 3, 5, 6])
    for cut in 1..<text.utf8.count {
      let bytes = Array(text.utf8)
      let parts = [
        String(decoding: bytes[..<cut], as: UTF8.self),
        String(decoding: bytes[cut...], as: UTF8.self),
      ]
      let split = readChunks(parts)
      #expect(split.failure == nil)
      #expect(
        split.values.map { JSONWriter().string($0.0) }
          == whole.values.map { JSONWriter().string($0.0) }, "cut at \(cut)")
      #expect(split.values.map(\.1) == whole.values.map(\.1), "cut at \(cut)")
    }
  }

  @Test("a reader started inside a text counts its messages' lines and columns from there")
  func readerStartsAtAPlace() {
    #expect(
      readChunks(["x"], line: 3, column: 4).failure
        == "Invalid numeric literal at EOF at line 3, column 5")
    #expect(
      readChunks([" [1 2]"], line: 7, column: 10).failure
        == "Expected separator between values at line 7, column 16")
    let (values, failure) = readChunks(["nan\n  "], line: 2)
    #expect(failure == nil && values.count == 1 && values[0].1 == 2)
  }

  @Test("the reader is idle between values only")
  func readerIdle() {
    var reader = JQTextParser.Reader()
    #expect(reader.isIdle)
    let bytes = Array("[nan] 1".utf8)
    var i = 0
    bytes.withUnsafeBytes { buffer in
      guard case .value? = reader.next(in: buffer, &i) else {
        Issue.record("no value")
        return
      }
      #expect(i == 5 && reader.isIdle)
      #expect(reader.next(in: buffer, &i) == nil)
      #expect(!reader.isIdle)  // "1" may go on
    }
  }

  /// The events of `text` read by one `StreamReader` in chunks of `size` bytes, as compact
  /// JSON, then the failure, if any.
  private func events(_ text: String, chunk size: Int = .max) -> [String] {
    var reader = JQTextParser.StreamReader()
    var out: [String] = []
    let bytes = Array(text.utf8)
    var start = 0
    while start < bytes.count {
      let piece = Array(bytes[start..<min(bytes.count, start + size)])
      start += piece.count
      var i = 0
      let failed = piece.withUnsafeBytes { buffer -> Bool in
        while let result = reader.next(in: buffer, &i) {
          switch result {
          case .event(let event): out.append(JSONWriter().string(event))
          case .failure(let message):
            out.append("\(message) \(JSONWriter().string(reader.errorPath))")
            return true
          case .end: return true
          }
        }
        return false
      }
      if failed { return out }
    }
    while true {
      switch reader.finish() {
      case .event(let event): out.append(JSONWriter().string(event))
      case .failure(let message):
        out.append("\(message) \(JSONWriter().string(reader.errorPath))")
        return out
      case .end: return out
      }
    }
  }

  @Test("the streaming reader makes jq's events, in chunks cut anywhere")
  func streamEvents() {
    let text = #"{"a":[1,{"b":null},[]],"c":"x"} 3 [] {} [[nan]]"#
    let expected = [
      #"[["a",0],1]"#, #"[["a",1,"b"],null]"#, #"[["a",1,"b"]]"#, #"[["a",2],[]]"#,
      #"[["a",2]]"#, #"[["c"],"x"]"#, #"[["c"]]"#, "[[],3]", "[[],[]]", "[[],{}]",
      "[[0,0],null]", "[[0,0]]", "[[0]]",
    ]
    #expect(events(text) == expected)
    for size in 1...5 { #expect(events(text, chunk: size) == expected, "chunks of \(size)") }
  }

  @Test("the streaming reader's errors are jq's stream_token words, with the path")
  func streamErrors() {
    #expect(
      events("[1,[2,3") == [
        "[[0],1]", "[[1,0],2]", "Unfinished JSON term at EOF at line 1, column 7 [1,1]",
      ])
    #expect(events("1]") == ["Unmatched ']' at the top-level at line 1, column 2 []"])
    #expect(events(#"{"a":}"#) == [#"Missing value in key:value pair at line 1, column 6 ["a"]"#])
    #expect(
      events(#"{["#) == [#"Expected string key after '{', not '[' at line 1, column 2 [null]"#])
    #expect(
      events(#"{"a":1,{"#) == [
        #"[["a"],1]"#,
        #"Expected string key after ',' in object, not '{' at line 1, column 8 [null]"#,
      ])
    #expect(
      events("[1,]") == ["[[0],1]", "Expected another array element at line 1, column 4 [1]"])
    #expect(
      events(#"{"a":1,}"#) == [
        #"[["a"],1]"#, "Expected another key:value pair at line 1, column 8 [null]",
      ])
    #expect(events("[1:2]") == ["':' not as part of an object at line 1, column 3 [0]"])
    #expect(events("\"a") == ["Unfinished string at EOF at line 1, column 2 []"])
  }
}
