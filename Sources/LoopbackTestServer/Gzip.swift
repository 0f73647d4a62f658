/// A gzip encoder that stores instead of compressing.
///
/// The server needs a *valid* gzip stream to test clients' decoding, not a small one, and zlib
/// is not a dependency here. Deflate's stored blocks (RFC 1951 §3.2.4) carry the bytes
/// verbatim, so the format is the only thing to get right: header, blocks, CRC-32, length.
enum Gzip {
  /// A stored block holds at most this many bytes (its length field is 16 bits).
  static let maxStoredBlock = 65_535

  static func encode(_ input: [UInt8]) -> [UInt8] {
    let blockCount = max(1, (input.count + maxStoredBlock - 1) / maxStoredBlock)
    var output: [UInt8] = []
    output.reserveCapacity(10 + input.count + blockCount * 5 + 8)

    // RFC 1952 header: magic, CM=8 (deflate), no flags, no mtime, XFL=0, OS=255 (unknown).
    output += [0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xFF]

    // An empty input still needs one (final, empty) block.
    var start = 0
    repeat {
      let end = min(start + maxStoredBlock, input.count)
      let length = UInt16(end - start)
      // BFINAL in bit 0, BTYPE=00 in bits 1-2; a stored block then skips to the byte boundary,
      // so the whole block header is this one byte.
      output.append(end == input.count ? 0x01 : 0x00)
      output += littleEndian(length) + littleEndian(~length)
      output += input[start..<end]
      start = end
    } while start < input.count

    output += littleEndian(CRC32.checksum(input))
    // ISIZE is the input length modulo 2^32.
    output += littleEndian(UInt32(truncatingIfNeeded: input.count))
    return output
  }

  private static func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
    (0..<MemoryLayout<T>.size).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
  }
}
