import Foundation
import JSONKit
import Testing

@Suite("The writer produces exact, valid JSON text")
struct WriterTests {
  @Test("Numbers round trip exactly as written")
  func numbersRoundTripExactlyAsWritten() throws {
    let text =
      "[123456789012345678901234567890,3.14159265358979323846264338327950288,-0,1E+2,1.0,0.1]"
    #expect(try JSON(data: Data(text.utf8)).rawString(options: []) == text)
  }

  @Test("Compact, pretty and sorted output are written")
  func compactPrettyAndSortedOutput() throws {
    let json = try JSON(data: Data(#"{"b": [1, {}], "a": {"c": []}, "s": "x"}"#.utf8))
    #expect(json.rawString(options: []) == #"{"b":[1,{}],"a":{"c":[]},"s":"x"}"#)
    #expect(json.rawString(options: [.sortedKeys]) == #"{"a":{"c":[]},"b":[1,{}],"s":"x"}"#)
    #expect(
      json.rawString()
        == "{\n  \"b\": [\n    1,\n    {}\n  ],\n  \"a\": {\n    \"c\": []\n  },\n  \"s\": \"x\"\n}"
    )
    let tabbed = JSONWriter(options: .prettyPrinted, indentation: .tab).string(["k": [1]])
    #expect(tabbed == "{\n\t\"k\": [\n\t\t1\n\t]\n}")
  }

  @Test("Strings escape what JSON requires")
  func stringsEscapeWhatJSONRequires() {
    let json = JSON("quote\" backslash\\ newline\n tab\t bell\u{07} del\u{7F} slash/ é 😀")
    let compact = JSONWriter().string(json)
    #expect(compact == #""quote\" backslash\\ newline\n tab\t bell\u0007 del\u007f slash/ é 😀""#)
    #expect(JSONWriter(options: .escapeSlashes).string("a/b") == #""a\/b""#)
    #expect(JSONWriter(options: .asciiOnly).string("é😀") == #""\u00e9\ud83d\ude00""#)
    #expect(JSON(parseJSON: compact).string == json.string)
  }

  @Test("Top-level scalars are written")
  func topLevelScalarsAreWritten() throws {
    #expect(try JSON(5).rawData(options: []) == Data("5".utf8))
    #expect(try JSON("s").rawData(options: []) == Data(#""s""#.utf8))
    #expect(try JSON.null.rawData(options: []) == Data("null".utf8))
  }

  @Test("Non finite doubles still give valid JSON")
  func nonFiniteDoublesStillGiveValidJSON() {
    #expect(
      JSONWriter().string([JSON(Double.nan), JSON(Double.infinity), JSON(-Double.infinity)])
        == "[null,1.7976931348623157e+308,-1.7976931348623157e+308]")
  }

  @Test("rawData of a failed access throws its error")
  func rawDataOfAFailedAccessThrowsItsError() {
    let json: JSON = ["a": 1]
    #expect(throws: JSONError.self) { try json["b"].rawData() }
    #expect(json["b"].rawString() == nil)
  }

  @Test("Parsed escapes are decoded and re-encoded")
  func parsedEscapesAreDecodedAndReEncoded() throws {
    let json = try JSON(data: Data(#"["a\"b\\c\/d\u00e9\ud83d\ude00\n"]"#.utf8))
    #expect(json[0].string == "a\"b\\c/dé😀\n")
    #expect(json.rawString(options: []) == #"["a\"b\\c/dé😀\n"]"#)
  }

  @Test("description is pretty JSON")
  func descriptionIsPrettyJSON() {
    let json: JSON = ["a": [1]]
    #expect(json.description == "{\n  \"a\": [\n    1\n  ]\n}")
    #expect(JSON("text").description == "text")
  }
}

@Suite("Strings from Foundation always give valid JSON text")
struct ForeignStringTests {
  @Test("Lone surrogates from NSString become replacement characters")
  func loneSurrogatesFromNSStringBecomeReplacementCharacters() throws {
    let lone = NSString(characters: [0x61, 0xD800, 0x62], length: 3)
    let json = JSON(lone)
    let text = JSONWriter().string(json)
    let reparsed = JSON(parseJSON: "[\(text)]")
    #expect(reparsed.error == nil)
    #expect(reparsed[0].string?.hasPrefix("a") == true)
    #expect(reparsed[0].string?.hasSuffix("b") == true)
  }

  @Test("Every control character is escaped")
  func everyControlCharacterIsEscaped() throws {
    let all = String(decoding: (0..<32).map { UInt8($0) }, as: UTF8.self)
    let text = JSONWriter().string(JSON(all))
    #expect(!text.utf8.contains { $0 < 0x20 })
    #expect(try JSON(data: Data(text.utf8)).string == all)
  }
}

@Suite("The writer can stream its output")
struct StreamingWriterTests {
  @Test("Flushed chunks join to the same text as one buffer")
  func flushedChunksJoinToTheSameTextAsOneBuffer() throws {
    let json = try JSON(
      data: Data(
        (0..<2000).map { #"{"id":\#($0),"name":"item \#($0)","tags":["a","b"]}"# }.joined(
          separator: ","
        ).utf8
      ).withArrayBrackets())
    let writer = JSONWriter(options: [.prettyPrinted])
    let whole = writer.string(json)
    final class Sink {
      var chunks: [[UInt8]] = []
    }
    let sink = Sink()
    var buffer: [UInt8] = []
    writer.write(json, into: &buffer, flushingAt: 1024) { chunk in
      sink.chunks.append(chunk)
      chunk.removeAll(keepingCapacity: true)
    }
    #expect(sink.chunks.count > 10)
    #expect(sink.chunks.allSatisfy { $0.count < 1024 + 200 })
    #expect(String(decoding: sink.chunks.joined() + buffer, as: UTF8.self) == whole)
  }
}

extension Data {
  fileprivate func withArrayBrackets() -> Data { Data("[".utf8) + self + Data("]".utf8) }
}
