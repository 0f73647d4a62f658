import Foundation
import Testing

@testable import LoopbackTestServer

extension LoopbackServerTests {
  @Suite("Gzip encoding")
  struct Encoding {
    @Test("CRC-32 gives the standard check value")
    func crc32CheckValue() {
      #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
      #expect(CRC32.checksum([]) == 0)
    }

    @Test("Gzip of an empty input is valid")
    func gzipOfEmptyInput() {
      #expect(
        Gzip.encode([]) == [
          0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xFF,
          0x01, 0x00, 0x00, 0xFF, 0xFF,
          0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        ])
    }

    @Test("Gzip trailer holds CRC and size")
    func gzipTrailerHoldsCRCAndSize() {
      let input = patternBytes(70_000)
      let encoded = Gzip.encode(input)
      // Two stored blocks: 65,535 bytes, then the final 4,465.
      #expect(encoded.count == 10 + 5 + 65_535 + 5 + 4_465 + 8)
      #expect(encoded[10] == 0x00)
      #expect(encoded[10 + 5 + 65_535] == 0x01)
      let trailer = Array(encoded.suffix(8))
      let crc = trailer[0..<4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
      let size = trailer[4..<8].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
      #expect(crc == CRC32.checksum(input))
      #expect(size == 70_000)
    }
  }
}
