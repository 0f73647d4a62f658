import Foundation
import TestInputs
import Testing

@testable import JSONKitCore

/// `UTF8Validation` checks text a word at a time (32 ASCII bytes, a two- or three-byte
/// sequence from one load) and unescapes strings run by run (`memchr` to the next backslash,
/// the run checked and moved as one block): both must agree with the byte-wise rules and with
/// Foundation's decoding.
@Suite("UTF-8 validation and unescaping by runs")
struct UTF8ValidationRunsTests {
  /// String pieces as a document writes them: escapes of every kind, raw multi-byte text, and
  /// runs longer than the 32-byte block.
  static let pieces = [
    "plain ", "\\n", "\\\"", "\\\\", "\\/", "\\t", "\\u00e9", "\\u65e5", "\\ud83d\\ude00", "日本語",
    "é", "😀", String(repeating: "x", count: 40), "12345678",
  ]

  @Test("Escaped strings decode to Foundation's text, in place and into another buffer")
  func decodesAsFoundationDoes() throws {
    var generator = SplitMix64(seed: 0x756E_6573)
    for _ in 0..<2_000 {
      var raw = ""
      for _ in 0..<Int.random(in: 1...8, using: &generator) {
        raw += Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &generator)]
      }
      let literal = Data(("\"" + raw + "\"").utf8)
      let expected =
        try JSONSerialization.jsonObject(with: literal, options: .fragmentsAllowed) as? String
      var bytes = Array(raw.utf8)
      var out = [UInt8](repeating: 0, count: bytes.count)
      let length = try bytes.withUnsafeBufferPointer { r in
        try out.withUnsafeMutableBufferPointer { o in
          try UTF8Validation.unescape(r.baseAddress!, r.count, into: o.baseAddress!)
        }
      }
      #expect(String(decoding: out[..<length], as: UTF8.self) == expected, "\(raw)")
      let inPlace = try bytes.withUnsafeMutableBufferPointer { r in
        try UTF8Validation.unescape(r.baseAddress!, r.count, into: r.baseAddress!)
      }
      #expect(String(decoding: bytes[..<inPlace], as: UTF8.self) == expected, "\(raw)")
    }
  }

  @Test(
    "Escaped strings parse to their text whether or not yajl's own decoding of them can be taken"
  )
  func yajlDecodingTakenOnlyWhenFaithful() throws {
    // yajl turns a lone high surrogate into "?" and combines one with any escape after it:
    // such strings, and any with a "?" or a four-byte sequence, are decoded from the raw text.
    let valid: [(String, String)] = [
      ("a\\nb", "a\nb"), ("why?\\t", "why?\t"), ("\\ud83d\\ude00", "😀"),
      ("😀\\n", "😀\n"), ("\\u00e9\\u65e5", "é日"), ("\\u0000", "\u{0}"),
    ]
    for (raw, text) in valid {
      for key in [false, true] {
        let document = key ? "{\"\(raw)\": 1}" : "[\"\(raw)\"]"
        let json = try JSONParser.parse(Array(document.utf8))
        let found = key ? json.dictionary?.keys.first : json[0].string
        #expect(found == text, "\(document)")
      }
    }
    var replacing = JSONParser.Options()
    replacing.replacesInvalidUnicode = true
    let invalid: [(String, String)] = [
      ("\\ud800x", "\u{FFFD}x"), ("\\ud800\\u0041", "\u{FFFD}A"), ("\\udc00?", "\u{FFFD}?"),
      ("\\ud800\\ud800", "\u{FFFD}\u{FFFD}"),
    ]
    for (raw, repaired) in invalid {
      let document = Array("[\"\(raw)\"]".utf8)
      #expect(throws: JSONError.self, "\(raw)") { try JSONParser.parse(document) }
      #expect(try JSONParser.parse(document, options: replacing)[0].string == repaired, "\(raw)")
    }
  }

  @Test("An ill-formed sequence between escapes fails where the byte-wise check finds it")
  func illFormedTextFailsWhereItStarts() {
    var generator = SplitMix64(seed: 0x6261_6462)
    let bad: [[UInt8]] = [[0xFF], [0xC0, 0x80], [0xE3, 0x81], [0xED, 0xA0, 0x80], [0x80]]
    for _ in 0..<2_000 {
      var bytes: [UInt8] = []
      let count = Int.random(in: 1...6, using: &generator)
      let badAt = Int.random(in: 0..<count, using: &generator)
      for i in 0..<count {
        if i == badAt { bytes += bad[Int.random(in: 0..<bad.count, using: &generator)] }
        bytes += Array(Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &generator)].utf8)
      }
      var out = [UInt8](repeating: 0, count: bytes.count)
      let failure = bytes.withUnsafeBufferPointer { r in
        out.withUnsafeMutableBufferPointer { o in
          Result { () throws(UTF8Validation.UnescapeFailure) -> Int in
            try UTF8Validation.unescape(r.baseAddress!, r.count, into: o.baseAddress!)
          }
        }
      }
      guard case .failure(let error) = failure else {
        Issue.record("accepted \(bytes)")
        continue
      }
      #expect(error.offset == ParserPositionModesTests.firstInvalidBytewise(bytes), "\(bytes)")
      guard case .invalidUTF8 = error.reason else {
        Issue.record("\(error.reason) for \(bytes)")
        continue
      }
    }
  }

  @Test(
    "The one-word check of two- and three-byte sequences agrees with the byte-wise check at their edges"
  )
  func shortSequencesAtTheirEdges() {
    var generator = SplitMix64(seed: 0x6564_6765)
    let pieces: [[UInt8]] = [
      [0xE0, 0xA0, 0x80], [0xE0, 0x9F, 0xBF], [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80],
      [0xEF, 0xBF, 0xBF], [0xE1, 0x80, 0x80], [0xE1, 0x80, 0x41], [0xE1, 0xC0, 0x80],
      [0xC2, 0x80], [0xC1, 0xBF], [0xDF, 0xBF], [0xDF, 0x41], [0x41], Array("日本".utf8),
    ]
    for _ in 0..<5_000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...10, using: &generator) {
        let piece = Int.random(in: 0..<pieces.count, using: &generator)
        // Mostly well-formed pieces, so that errors come late as well as early.
        bytes +=
          pieces[Bool.random(using: &generator) ? [0, 2, 4, 5, 8, 10, 12, 13][piece % 8] : piece]
      }
      let found = bytes.withUnsafeBufferPointer {
        UTF8Validation.firstInvalid($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count)
      }
      #expect(found == ParserPositionModesTests.firstInvalidBytewise(bytes), "\(bytes)")
    }
  }

  @Test(
    "ASCII text of every length up to 80 bytes is decided from overlapping words, never from the bytes after it"
  )
  func overlappingWordsAtEveryLength() {
    // The bytes after the text are 0xFF (never valid): a word read past the end would see
    // them. One non-ASCII sequence at each offset must still be found where it starts.
    let sequences: [[UInt8]] = [[0x80], [0xC3, 0xA9], [0xE6, 0x97, 0xA5], [0xED, 0xA0, 0x80]]
    for n in 0...80 {
      var bytes = [UInt8](repeating: 0x61, count: n) + [UInt8](repeating: 0xFF, count: 8)
      let ascii = bytes.withUnsafeBufferPointer { b in
        (
          UTF8Validation.firstInvalid(b.baseAddress!, n),
          UTF8Validation.asciiPrefix(b.baseAddress!, n)
        )
      }
      #expect(ascii.0 == -1, "\(n) ASCII bytes")
      #expect(ascii.1 == n, "\(n) ASCII bytes")
      for sequence in sequences {
        for offset in 0..<n where offset + sequence.count <= n {
          bytes.replaceSubrange(offset..<offset + sequence.count, with: sequence)
          let text = Array(bytes[..<n])
          let found = bytes.withUnsafeBufferPointer { b in
            (
              UTF8Validation.firstInvalid(b.baseAddress!, n),
              UTF8Validation.asciiPrefix(b.baseAddress!, n)
            )
          }
          #expect(
            found.0 == ParserPositionModesTests.firstInvalidBytewise(text),
            "\(sequence) at \(offset) of \(n)")
          #expect(found.1 <= offset, "\(sequence) at \(offset) of \(n)")
          bytes.replaceSubrange(
            offset..<offset + sequence.count,
            with: [UInt8](repeating: 0x61, count: sequence.count))
        }
      }
    }
  }
}
