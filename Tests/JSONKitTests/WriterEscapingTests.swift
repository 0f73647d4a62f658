import Foundation
import JSONKit
import Testing

/// The writer checks strings eight bytes at a time, with separate paths for short strings,
/// word tails and a cache of written keys.
///
/// These tests put every character that needs care
/// at every position of strings of 0 to 17 bytes and compare the output with `expected`,
/// a character-by-character escaper written independently of the writer.
@Suite("The writer escapes at every position and length")
struct WriterEscapingTests {
  /// Characters that are escaped, or are not but sit next to something that is (0x7E, 0x80
  /// and the multi-byte sequences, whose bytes have the high bit).
  static let specials: [String] = [
    "\"", "\\", "\n", "\r", "\t", "\u{08}", "\u{0C}", "\u{00}", "\u{01}", "\u{1F}", "\u{7F}", "/",
    " ",
    "~", "\u{80}", "é", "中", "\u{FFFF}", "😀",
  ]

  /// Strings of every length up to 17 with one special at each position, and with a
  /// second one at the end.
  static let samples: [String] = {
    var samples = [""]
    for length in 1...17 {
      for position in 0..<length {
        for special in specials {
          let head = String(repeating: "a", count: position)
          let tail = String(repeating: "b", count: max(0, length - position - 1))
          samples.append(head + special + tail)
          samples.append(head + special + tail + special)
        }
      }
    }
    return samples
  }()

  /// `s` as jq writes it: `"`, `\` and control characters escaped (short forms where JSON
  /// has them), DEL as `\u007f`, lowercase hex; with `ascii`, every other non-ASCII
  /// character as UTF-16 `\u` escapes.
  static func expected(_ s: String, ascii: Bool = false, slash: Bool = false) -> String {
    func hex(_ v: UInt32) -> String {
      let digits = String(v, radix: 16)
      return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
    }
    var result = "\""
    for scalar in s.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case "\u{08}": result += "\\b"
      case "\u{0C}": result += "\\f"
      case "/" where slash: result += "\\/"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          result += hex(scalar.value)
        } else if ascii && scalar.value >= 0x80 {
          for unit in String(scalar).utf16 { result += hex(UInt32(unit)) }
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }

  @Test("Escapes match hand-written expectations")
  func handWrittenExpectations() {
    #expect(
      Self.expected("a\"b\u{7F}/é😀", ascii: true, slash: true)
        == #""a\"b\u007f\/\u00e9\ud83d\ude00""#)
    #expect(JSONWriter().string("1234567\"") == #""1234567\"""#)
    #expect(JSONWriter().string("12345678\u{7F}") == #""12345678\u007f""#)
    #expect(JSONWriter().string("\u{7F}") == #""\u007f""#)
    #expect(JSONWriter().string("") == #""""#)
    #expect(JSONWriter(options: .asciiOnly).string("1234567é") == #""1234567\u00e9""#)
  }

  @Test(
    "Built strings are escaped as the options say",
    arguments: [
      JSONWritingOptions(), [.asciiOnly], [.escapeSlashes], [.asciiOnly, .escapeSlashes],
    ])
  func builtStrings(options: JSONWritingOptions) {
    let writer = JSONWriter(options: options)
    let ascii = options.contains(.asciiOnly)
    let slash = options.contains(.escapeSlashes)
    for s in Self.samples {
      #expect(
        writer.string(JSON(s)) == Self.expected(s, ascii: ascii, slash: slash), "\(Array(s.utf8))")
    }
  }

  @Test(
    "Parsed strings and keys are escaped as the options say",
    arguments: [
      JSONWritingOptions(), [.asciiOnly], [.escapeSlashes], [.asciiOnly, .escapeSlashes],
    ])
  func parsedStringsAndKeys(options: JSONWritingOptions) throws {
    let ascii = options.contains(.asciiOnly)
    let slash = options.contains(.escapeSlashes)
    for s in Self.samples {
      let source = Self.expected(s)
      let want = Self.expected(s, ascii: ascii, slash: slash)
      // The key twice: the second time it comes from the writer's cache of written keys.
      let json = try JSON(data: Data(#"[\#(source),{\#(source):1,"k":{\#(source):2}}]"#.utf8))
      let compact = JSONWriter(options: options).string(json)
      #expect(compact == #"[\#(want),{\#(want):1,"k":{\#(want):2}}]"#, "\(Array(s.utf8))")
      let pretty = JSONWriter(options: options.union(.prettyPrinted), indentation: .spaces(1))
        .string(json[1])
      #expect(pretty == "{\n \(want): 1,\n \"k\": {\n  \(want): 2\n }\n}", "\(Array(s.utf8))")
    }
  }

  @Test(
    "Many objects with the same key",
    arguments: [JSONWritingOptions(), [.asciiOnly], [.escapeSlashes]])
  func manyObjectsWithTheSameKey(options: JSONWritingOptions) throws {
    let ascii = options.contains(.asciiOnly)
    let slash = options.contains(.escapeSlashes)
    // Enough objects that the writer caches the key's written text part way through.
    for s in Self.samples {
      let source = Self.expected(s)
      let want = Self.expected(s, ascii: ascii, slash: slash)
      let json = try JSON(
        data: Data(("[" + (0..<40).map { "{\(source):\($0)}" }.joined(separator: ",") + "]").utf8))
      let text = JSONWriter(options: options).string(json)
      #expect(
        text == "[" + (0..<40).map { "{\(want):\($0)}" }.joined(separator: ",") + "]",
        "\(Array(s.utf8))")
    }
  }

  @Test("Sorted keys follow code point order")
  func sortedKeysFollowCodePointOrder() throws {
    let keys = ["b", "a", "ab", "", "é", "Z", "a\u{7F}", "😀", "\u{FFFF}", "aa"]
    let text =
      "{"
      + keys.enumerated().map { "\(Self.expected($0.element)):\($0.offset)" }.joined(separator: ",")
      + "}"
    let sorted = keys.enumerated().sorted {
      $0.element.unicodeScalars.lexicographicallyPrecedes($1.element.unicodeScalars)
    }
    let want =
      "{" + sorted.map { "\(Self.expected($0.element)):\($0.offset)" }.joined(separator: ",") + "}"
    #expect(JSONWriter(options: .sortedKeys).string(try JSON(data: Data(text.utf8))) == want)
    #expect(
      JSONWriter(options: .sortedKeys).string(try JSON(data: Data("[\(text),\(text)]".utf8)))
        == "[\(want),\(want)]")
  }

  @Test("Integers at every digit count")
  func integersAtEveryDigitCount() throws {
    var values: [Int64] = [0, -1, Int64.max, Int64.min, Int64.min + 1]
    var power: Int64 = 1
    for _ in 0..<18 {
      power *= 10
      values += [power - 1, power, power + 1, -(power - 1), -power]
    }
    for value in values {
      #expect(JSONWriter().string(JSON(value)) == String(value))
      // Up to 17 digits they sit on the tape as integers, longer ones as text.
      #expect(JSONWriter().string(try JSON(data: Data("[\(value)]".utf8))) == "[\(value)]")
    }
    #expect(JSONWriter().string(JSON(UInt64.max)) == String(UInt64.max))
  }

  @Test("Blocks handed to the flush join to the whole text")
  func blocksHandedToTheFlushJoinToTheWholeText() throws {
    let text =
      "[" + (0..<3000).map { #"{"id":\#($0),"s":"x\"y\#($0)"}"# }.joined(separator: ",") + "]"
    let json = try JSON(data: Data(text.utf8))
    var blocks: [UInt8] = []
    var flushes = 0
    var buffer = OutputBuffer(capacity: 16)
    defer { buffer.deallocate() }
    JSONWriter().write(json, into: &buffer, flushingAt: 4096) { block in
      #expect(block.count >= 4096)
      blocks += block
      flushes += 1
    }
    blocks += Array(buffer.bytes)
    #expect(flushes > 5)
    #expect(String(decoding: blocks, as: UTF8.self) == text)
  }
}
