import TestInputs
import Testing

@testable import JSONKit
@testable import JSONKitCore

/// The push parser's line bookkeeping counts newlines eight bytes at a time; it must agree
/// with a byte-by-byte count on every length and alignment, with bytes on both sides of
/// '\n' (0x09, 0x0B, 0x8A, 0xFF) that a careless bit trick would confuse with it.
@Suite("Newline counting")
struct NewlineCountTests {
  @Test("Agrees with a plain count")
  func agreesWithAPlainCount() {
    var generator = SplitMix64(seed: 0x0A0A)
    let alphabet: [UInt8] = [0x0A, 0x0A, 0x09, 0x0B, 0x8A, 0xFF, 0x00, 0x20, 0x7F, 0x41]
    for length in 0..<70 {
      for _ in 0..<20 {
        let bytes = (0..<length).map { _ in
          alphabet[Int.random(in: 0..<alphabet.count, using: &generator)]
        }
        let expected = bytes.filter { $0 == 0x0A }.count
        let last = bytes.lastIndex(of: 0x0A) ?? -1
        bytes.withUnsafeBufferPointer { buffer in
          guard let base = buffer.baseAddress else { return }
          let (count, found) = ParserCore.countNewlines(base, buffer.count)
          #expect(count == expected)
          #expect(found == last)
        }
      }
    }
  }
}
