/// CRC-32 as gzip uses it (ISO-HDLC: reflected polynomial 0xEDB88320, init and xor-out all ones).
enum CRC32 {
  /// One entry per byte value, computed once: the byte-at-a-time loop is then a lookup and a
  /// shift, fast enough for benchmark-sized bodies.
  private static let table: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 {
      value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1
    }
    return value
  }

  static func checksum(_ bytes: [UInt8]) -> UInt32 {
    // Safe: `table` has 256 entries and the index is masked to `0...255`.
    var crc: UInt32 = 0xFFFF_FFFF
    table.withUnsafeBufferPointer { table in
      for byte in bytes {
        crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
      }
    }
    return crc ^ 0xFFFF_FFFF
  }
}
