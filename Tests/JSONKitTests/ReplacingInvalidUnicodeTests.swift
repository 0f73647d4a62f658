import Foundation
import JSONKit
import Testing

@Suite("replacesInvalidUnicode turns what is not Unicode in strings into U+FFFD, as jq")
struct ReplacingInvalidUnicodeTests {
  static var replacing: JSONParser.Options {
    var options = JSONParser.Options()
    options.replacesInvalidUnicode = true
    return options
  }

  /// `text` with each U+00XX standing for the byte XX.
  static func bytes(_ text: String) -> [UInt8] {
    text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
  }

  @Test("Invalid bytes and lone surrogates become replacement characters")
  func invalidBytesAndLoneSurrogatesBecomeReplacementCharacters() throws {
    let input = Self.bytes(
      #"["a\#u{FF}b", "\ud800x", "\udc00", "ok\u00e9", "\ud83d\ude00", "c\#u{C0}\#u{80}d"]"#)
    let json = try JSON(bytes: input, options: Self.replacing)
    #expect(json == ["a\u{FFFD}b", "\u{FFFD}x", "\u{FFFD}", "oké", "😀", "c\u{FFFD}\u{FFFD}d"])
  }

  @Test("Keys are repaired and still match each other")
  func keysAreRepairedAndStillMatchEachOther() throws {
    let input = Self.bytes(#"[{"k\#u{FE}": 1}, {"k\#u{FE}": 2}]"#)
    let json = try JSON(bytes: input, options: Self.replacing)
    #expect(json[0]["k\u{FFFD}"] == 1)
    #expect(json[1]["k\u{FFFD}"] == 2)
    #expect(json[1].count == 1)
  }

  @Test("The default still refuses them with a place")
  func theDefaultStillRefusesThemWithAPlace() {
    #expect {
      _ = try JSON(bytes: Self.bytes("[\"a\u{FF}b\"]"))
    } throws: { error in
      (error as? JSONError)?.parseFailure == .invalidUTF8
    }
    #expect(throws: JSONError.self) { _ = try JSON(bytes: Self.bytes(#"["\ud800"]"#)) }
  }

  @Test("The stream parser replaces across chunks")
  func theStreamParserReplacesAcrossChunks() throws {
    let parser = JSONStreamParser(options: Self.replacing)
    let input = Self.bytes("\"a\u{FF}b\" \"\\ud800\"")
    var values: [JSON] = []
    for byte in input { values += try parser.feed([byte]) }
    values += try parser.finish()
    #expect(values == ["a\u{FFFD}b", "\u{FFFD}"])
  }

  @Test("Invalid bytes outside strings are still errors")
  func invalidBytesOutsideStringsAreStillErrors() {
    #expect(throws: JSONError.self) {
      _ = try JSON(bytes: Self.bytes("[1, \u{FF}]"), options: Self.replacing)
    }
  }
}
