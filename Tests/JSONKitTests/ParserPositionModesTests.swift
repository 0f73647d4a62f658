import Foundation
import TestInputs
import Testing

@testable import JSONKitCore

/// The one-shot parser's first attempt notes no token positions (`TapeBuilder.tracksPositions`)
/// and is parsed again with them when it fails: both must accept exactly the same inputs and
/// build the same values, and the fast paths beside them (eight digits at a time, UTF-8
/// checked run by run, escapes found word by word) must agree with the byte-wise rules.
@Suite("Parser position modes")
struct ParserPositionModesTests {
  /// Option sets the differential runs under: each changes which callbacks run or what they
  /// accept.
  static let optionSets: [JSONParser.Options] = {
    var multiple = JSONParser.Options()
    multiple.allowMultipleValues = true
    var comments = JSONParser.Options(allowComments: true)
    comments.allowMultipleValues = true
    var replacing = JSONParser.Options()
    replacing.replacesInvalidUnicode = true
    var projected = JSONParser.Options()
    projected.projection = JSONProjection(paths: [[.each, .key("b")], [.key("s")], [.element]])
    var shallow = JSONParser.Options()
    shallow.maxDepth = 3
    var garbage = JSONParser.Options()
    garbage.allowTrailingGarbage = true
    return [.default, multiple, comments, replacing, projected, shallow, garbage]
  }()

  @Test(
    "Without positions the parser accepts and builds what it builds with them, for 3,000 seeded documents and their corruptions"
  )
  func sameOutcomeWithAndWithoutPositions() throws {
    var generator = SplitMix64(seed: 0x6A73_6F6E_6B69_7430)
    for round in 0..<3_000 {
      var text = Self.document(using: &generator)
      if round % 3 != 0 { Self.corrupt(&text, using: &generator) }
      let options = Self.optionSets[round % Self.optionSets.count]
      let outcomes = text.withUnsafeBytes { raw in
        [false, true].map { positions in
          Result { () throws(JSONError) -> [JSON] in
            try JSONParser.parseValues(raw, options: options, tracksPositions: positions)
          }
        }
      }
      let input = String(decoding: text, as: UTF8.self)
      switch (outcomes[0], outcomes[1]) {
      case (.success(let fast), .success(let tracked)):
        #expect(fast == tracked, "round \(round): \(input)")
      case (.failure, .failure):
        break
      default:
        Issue.record("round \(round): one mode accepted, the other rejected: \(input)")
      }
    }
  }

  @Test("An error found without positions is reported where the parse with positions finds it")
  func errorsKeepTheirPlace() throws {
    let cases: [(String, JSONError.Location)] = [
      ("[1, 2 3]", .init(byte: 6, line: 1, column: 7)),
      ("[true,\n null,\n 01]", .init(byte: 16, line: 3, column: 3)),
      ("[\"a\\n\", 123456789 \"b\"]", .init(byte: 18, line: 1, column: 19)),
    ]
    for (text, location) in cases {
      let error = #expect(throws: JSONError.self) { try JSONParser.parse(Array(text.utf8)) }
      #expect(error?.location == location, "\(text)")
    }
  }

  @Test(
    "Eight digits read as one word give the value the byte loop gives, and a non-digit gives none")
  func eightDigitsAtOnce() {
    var generator = SplitMix64(seed: 8)
    for _ in 0..<20_000 {
      var bytes = (0..<8).map { _ in UInt8.random(in: 0x30...0x39, using: &generator) }
      let expected = bytes.reduce(UInt64(0)) { $0 * 10 + UInt64($1 - 0x30) }
      #expect(bytes.withUnsafeBytes { TapeBuilder.eightDigits($0.baseAddress!) } == expected)
      // Any byte outside '0'...'9' (the neighbours '/' and ':' included) is not a digit.
      let position = Int.random(in: 0..<8, using: &generator)
      repeat {
        bytes[position] = UInt8.random(in: 0...255, using: &generator)
      } while (0x30...0x39).contains(bytes[position])
      #expect(bytes.withUnsafeBytes { TapeBuilder.eightDigits($0.baseAddress!) } == nil)
    }
  }

  @Test("Integers of 1 to 17 digits parse to their value, longer ones keep their text")
  func integersAroundTheWord() throws {
    var generator = SplitMix64(seed: 17)
    for length in 1...19 {
      for sign in ["", "-"] {
        var digits = String(Int.random(in: 1...9, using: &generator))
        while digits.count < length { digits += String(Int.random(in: 0...9, using: &generator)) }
        let text = "[\(sign)\(digits)]"
        let value = try JSONParser.parse(Array(text.utf8))[0]
        #expect(value.rawString() == sign + digits, "\(text)")
        if length <= 17 { #expect(value.int64 == Int64(sign + digits), "\(text)") }
      }
    }
  }

  @Test("The word-wise UTF-8 check finds the first ill-formed sequence the byte-wise check finds")
  func utf8RunsAgreeWithBytewiseCheck() {
    var generator = SplitMix64(seed: 0x0055_5446_38)
    let pieces: [[UInt8]] = [
      Array("abcdefgh".utf8), Array("é".utf8), Array("日本語".utf8), Array("😀".utf8),
      [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xE3, 0x81], [0xFF],
    ]
    for _ in 0..<5_000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...12, using: &generator) {
        let piece = Int.random(in: 0..<pieces.count, using: &generator)
        // Mostly well-formed pieces, so that errors come late as well as early.
        bytes += pieces[piece < 4 || Bool.random(using: &generator) ? piece % 4 : piece]
      }
      let found = bytes.withUnsafeBufferPointer {
        UTF8Validation.firstInvalid($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count)
      }
      #expect(found == Self.firstInvalidBytewise(bytes), "\(bytes)")
    }
  }

  @Test("Strings with escapes decode as before wherever the escapes fall in their words")
  func escapesAtEveryOffset() throws {
    for offset in 0..<17 {
      let prefix = String(repeating: "a", count: offset)
      for (escape, decoded) in [("\\n", "\n"), ("\\\"", "\""), ("\\u00e9", "é"), ("é", "é")] {
        let text = "[\"\(prefix)\(escape)tail\", \"\(prefix)\(escape)\(escape)\"]"
        let json = try JSONParser.parse(Array(text.utf8))
        #expect(json[0].string == prefix + decoded + "tail", "\(text)")
        #expect(json[1].string == prefix + decoded + decoded, "\(text)")
      }
    }
  }

  // MARK: Inputs

  /// A random document: nested containers, keys repeated across objects, strings with and
  /// without escapes, integers of every length, decimals and literals.
  static func document(using generator: inout SplitMix64) -> [UInt8] {
    var out: [UInt8] = []
    let values = Int.random(in: 1...3, using: &generator)
    for index in 0..<values {
      if index > 0 { out += Array(" \n".utf8) }
      value(into: &out, depth: 0, using: &generator)
    }
    return out
  }

  static func value(into out: inout [UInt8], depth: Int, using generator: inout SplitMix64) {
    let kind = Int.random(in: 0..<(depth > 3 ? 5 : 7), using: &generator)
    switch kind {
    case 0: out += Array(["null", "true", "false"][Int.random(in: 0..<3, using: &generator)].utf8)
    case 1: out += Array(number(using: &generator).utf8)
    case 2: out += Array(number(using: &generator).utf8)
    case 3, 4: out += Array("\"\(string(using: &generator))\"".utf8)
    case 5:
      out.append(0x5B)
      for i in 0..<Int.random(in: 0...4, using: &generator) {
        if i > 0 { out += Array(", ".utf8) }
        value(into: &out, depth: depth + 1, using: &generator)
      }
      out.append(0x5D)
    default:
      out.append(0x7B)
      for i in 0..<Int.random(in: 0...4, using: &generator) {
        if i > 0 { out.append(0x2C) }
        let key = ["a", "b", "s", "id", "k\\u0041y", "long_key_name", "é"][
          Int.random(in: 0..<7, using: &generator)]
        out += Array("\"\(key)\": ".utf8)
        value(into: &out, depth: depth + 1, using: &generator)
      }
      out.append(0x7D)
    }
  }

  static func number(using generator: inout SplitMix64) -> String {
    let length = Int.random(in: 1...20, using: &generator)
    var digits = String(Int.random(in: 1...9, using: &generator))
    while digits.count < length { digits += String(Int.random(in: 0...9, using: &generator)) }
    switch Int.random(in: 0..<5, using: &generator) {
    case 0: return "-" + digits
    case 1: return digits + ".5e-3"
    case 2: return ["0", "-0", "0.25"][Int.random(in: 0..<3, using: &generator)]
    default: return digits
    }
  }

  static func string(using generator: inout SplitMix64) -> String {
    let parts = [
      "plain", "\\n", "\\\"", "\\\\", "\\u00e9", "\\ud83d\\ude00", "日本", " ", "12345678",
    ]
    var text = ""
    for _ in 0..<Int.random(in: 0...5, using: &generator) {
      text += parts[Int.random(in: 0..<parts.count, using: &generator)]
    }
    return text
  }

  /// Replaces, inserts or deletes a few bytes, favouring the ones that matter to the parser.
  static func corrupt(_ text: inout [UInt8], using generator: inout SplitMix64) {
    let bytes = Array("\"\\01a,:[]{}\u{0B} /*".utf8) + [0xC3, 0xFF]
    for _ in 0..<Int.random(in: 1...2, using: &generator) {
      let at = Int.random(in: 0...text.count, using: &generator)
      let byte = bytes[Int.random(in: 0..<bytes.count, using: &generator)]
      switch Int.random(in: 0..<3, using: &generator) {
      case 0 where at < text.count: text[at] = byte
      case 1 where at < text.count: text.remove(at: at)
      default: text.insert(byte, at: at)
      }
    }
  }

  /// The first ill-formed sequence, checked byte by byte (the reference for `firstInvalid`).
  static func firstInvalidBytewise(_ bytes: [UInt8]) -> Int {
    bytes.withUnsafeBufferPointer { p in
      guard let base = p.baseAddress else { return -1 }
      var i = 0
      while i < p.count {
        if base[i] < 0x80 {
          i += 1
          continue
        }
        let length = UTF8Validation.sequenceLength(base, i, p.count)
        if length == 0 { return i }
        i += length
      }
      return -1
    }
  }
}
