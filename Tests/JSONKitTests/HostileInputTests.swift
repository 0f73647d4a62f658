import Foundation
import JSONKit
import Testing

/// Hostile bytes and numbers: every class of invalid UTF-8 (one-shot and one byte at a
/// time, with the error's offset), NUL bytes, a byte order mark, UTF-16 input, extreme
/// numbers, non-JSON literals, duplicate keys and a document truncated at every byte.
@Suite("Hostile input: bytes, encodings, numbers, truncation")
struct HostileInputTests {
  static func error(_ bytes: [UInt8]) -> JSONError? {
    do {
      _ = try JSONParser.parse(Data(bytes))
      return nil
    } catch {
      return error
    }
  }

  /// The same input fed to the push parser one byte at a time.
  static func streamError(_ bytes: [UInt8]) -> JSONError? {
    let parser = JSONStreamParser()
    do {
      for byte in bytes { try parser.feed([byte]) }
      _ = try parser.finish()
      return nil
    } catch {
      return error
    }
  }

  // Each sequence sits after `{"key": "ab` (11 bytes), so the error must say byte 11.
  @Test(
    "invalid UTF-8 of every class is an error at the first bad byte",
    arguments: [
      ("overlong 2-byte NUL", [0xC0, 0x80]), ("overlong 3-byte '/'", [0xE0, 0x80, 0xAF]),
      ("overlong 4-byte", [0xF0, 0x80, 0x80, 0xAF]), ("surrogate U+D800", [0xED, 0xA0, 0x80]),
      ("surrogate U+DFFF", [0xED, 0xBF, 0xBF]), ("above U+10FFFF", [0xF4, 0x90, 0x80, 0x80]),
      ("F5 lead byte", [0xF5, 0x80, 0x80, 0x80]), ("FF byte", [0xFF]),
      ("stray continuation", [0x80]), ("truncated 2-byte", [0xC3]),
      ("truncated 3-byte", [0xE2, 0x82]), ("truncated 4-byte", [0xF0, 0x9F, 0x98]),
    ] as [(String, [UInt8])])
  func invalidUTF8(name: String, sequence: [UInt8]) {
    let bytes = Array(#"{"key": "ab"#.utf8) + sequence + Array(#"c"}"#.utf8)
    for error in [Self.error(bytes), Self.streamError(bytes)] {
      #expect(error?.parseFailure == .invalidUTF8, "\(name)")
      #expect(error?.location?.byte == 11, "\(name): \(String(describing: error))")
    }
    // In a key too.
    let inKey = Array(#"{"k"#.utf8) + sequence + Array(#"": 1}"#.utf8)
    #expect(Self.error(inKey)?.parseFailure == .invalidUTF8, "\(name) in a key")
    #expect(Self.error(inKey)?.location?.byte == 3, "\(name) in a key")
  }

  @Test("NUL bytes: escaped inside strings they are data, raw they are errors")
  func nulBytes() throws {
    let escaped = try JSONParser.parse(Data(#"{"a\u0000b": "x\u0000y"}"#.utf8))
    #expect(escaped["a\u{0}b"].string == "x\u{0}y")
    #expect(JSONWriter().string(escaped) == #"{"a\u0000b":"x\u0000y"}"#)
    let raw = Self.error(Array(#"["a"#.utf8) + [0] + Array(#"b"]"#.utf8))
    #expect(raw?.parseFailure == .controlCharacterInString)
    #expect(raw?.location?.byte == 3)
    #expect(Self.error([0x5B, 0x31, 0x2C, 0x00, 0x5D])?.location?.byte == 3)
    // `[` then NUL is how UTF-16LE starts: refused as that encoding (RFC 8259 §8.1).
    #expect(Self.error([0x5B, 0x00, 0x5D])?.parseFailure == .unsupportedEncoding("UTF-16LE"))
    #expect(Self.error([0x00]) != nil)
  }

  @Test("a UTF-8 byte order mark is skipped; offsets still count it")
  func byteOrderMark() throws {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    #expect(try JSONParser.parse(Data(bom + Array(#"{"a": 1}"#.utf8)))["a"].int == 1)
    let error = Self.error(bom + Array("[1,]".utf8))
    #expect(error?.location?.byte == 6)
    // A BOM anywhere else is not white space.
    #expect(Self.error(Array("[1]".utf8) + bom) != nil)
    #expect(Self.error(bom)?.parseFailure == .emptyInput)
  }

  @Test("UTF-16 and UTF-32 input is refused with the encoding's name")
  func wideEncodings() {
    let text = #"{"a": 1}"#
    let le = Array(text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
    let be = Array(text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
    #expect(Self.error([0xFF, 0xFE] + le)?.parseFailure == .unsupportedEncoding("UTF-16LE"))
    #expect(Self.error([0xFE, 0xFF] + be)?.parseFailure == .unsupportedEncoding("UTF-16BE"))
    #expect(Self.error(le)?.parseFailure == .unsupportedEncoding("UTF-16LE"))
    #expect(Self.error(be)?.parseFailure == .unsupportedEncoding("UTF-16BE"))
    #expect(Self.streamError(le)?.parseFailure == .unsupportedEncoding("UTF-16LE"))
  }

  @Test("extreme numbers keep their text and give nil, never a wrong value")
  func extremeNumbers() throws {
    let digits = "9" + String(repeating: "0", count: 9_999)
    let json = try JSONParser.parse(Data("[1e400, -0, 1E-400, -1e400, \(digits), -\(digits)]".utf8))
    #expect(json.count == 6)
    #expect(JSONWriter().string(json) == "[1e400,-0,1E-400,-1e400,\(digits),-\(digits)]")
    #expect(json[0].int == nil)
    #expect(json[1].double == 0 && json[1].double!.sign == .minus)
    #expect(json[1].int == 0)
    #expect(json[2].double == 0)
    #expect(json[4].int == nil && json[4].int64 == nil && json[4].uInt64 == nil)
    #expect(json[4] != json[5])
    #expect(json[4] == JSON(parseJSON: digits))
  }

  @Test(
    "Infinity, NaN and other non-JSON literals are errors that say where",
    arguments: [
      ("[Infinity]", 1), ("[-Infinity]", 1), ("[NaN]", 1), ("[nan]", 1), ("[+1]", 1), ("[0x10]", 2),
      ("[.5]", 1), ("[1.]", 1), ("[01]", 1), ("[tru]", 1), ("[undefined]", 1),
    ])
  func nonJSONLiterals(text: String, byte: Int) {
    let error = Self.error(Array(text.utf8))
    #expect(error != nil)
    if let at = error?.location?.byte {
      #expect(at >= byte && at <= text.utf8.count, "\(text): \(error!)")
    }
  }

  @Test("duplicate keys: the last value wins, at the position of the first key")
  func duplicateKeys() throws {
    let json = try JSONParser.parse(Data(#"{"a": 1, "b": 2, "a": 3, "a": {"x": 4}}"#.utf8))
    #expect(json.count == 2)
    #expect(json["a"]["x"].int == 4)
    #expect(JSONWriter().string(json) == #"{"a":{"x":4},"b":2}"#)
    #expect(json == JSON(parseJSON: #"{"a": {"x": 4}, "b": 2}"#))
  }

  @Test("100,000 keys in one object: every key is found, and duplicates collapse")
  func manyKeys() throws {
    let count = 100_000
    var text = "{"
    for i in 0..<count { text += "\"k\(i)\":\(i)," }
    text += "\"k0\":-1}"
    let json = try JSONParser.parse(Data(text.utf8))
    #expect(json.count == count)
    var found = 0
    for i in stride(from: 1, to: count, by: 1) where json["k\(i)"].int == i { found += 1 }
    #expect(found == count - 1)
    #expect(json["k0"].int == -1)
    #expect(json["missing"].exists() == false)
  }

  @Test("a document truncated at every byte is an error inside the input, never a crash")
  func truncatedAtEveryByte() throws {
    let document = Array(
      #"""
      {"id": 12, "name": "Ad\u00e9 ✓", "tags": ["x", true, null, -1.5e-3], "nested": {"a": [{}, []]}}
      """#.utf8)
    #expect(throws: Never.self) { try JSONParser.parse(Data(document)) }
    for end in 0..<document.count {
      let prefix = Array(document[..<end])
      let oneShot = Self.error(prefix)
      #expect(oneShot != nil, "prefix of \(end) bytes parsed")
      if let location = oneShot?.location {
        #expect(location.byte >= 0 && location.byte <= end, "prefix \(end): \(oneShot!)")
      } else {
        Issue.record("prefix \(end): no location")
      }
      #expect(Self.streamError(prefix)?.location?.byte == oneShot?.location?.byte || end == 0)
    }
  }
}
