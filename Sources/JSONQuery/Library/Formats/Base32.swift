/// `@base32` and `@base32d`: RFC 4648's base32 (alphabet `A`–`Z`, `2`–`7`, `=` padding to
/// a multiple of 8 characters), as jq writes and reads it.
///
/// Decoding accepts missing
/// padding, like `@base64d`, and rejects any other character.
///
///     Base32.encode(Array("foo".utf8))   // "MZXW6==="
///     Base32.decode("MZXW6===")          // [0x66, 0x6f, 0x6f]
enum Base32 {
  private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".utf8)

  static func encode(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 4) / 5 * 8)
    var index = 0
    while index < bytes.count {
      let chunk = bytes[index..<min(index + 5, bytes.count)]
      // 40 bits of the (zero-filled) chunk, cut into eight 5-bit groups.
      var bits: UInt64 = 0
      for (offset, byte) in chunk.enumerated() { bits |= UInt64(byte) << UInt64(32 - 8 * offset) }
      // Only the groups that hold some bit of the chunk are written; `=` fills the rest.
      let groups = (chunk.count * 8 + 4) / 5
      for group in 0..<8 {
        out.append(
          group < groups ? alphabet[Int((bits >> UInt64(35 - 5 * group)) & 31)] : UInt8(ascii: "="))
      }
      index += 5
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The bytes, or `nil` when the text has a character outside the alphabet (or after the
  /// padding started).
  static func decode(_ text: String) -> [UInt8]? {
    var bytes: [UInt8] = []
    var accumulator: UInt64 = 0
    var bits = 0
    var padding = false
    for character in text.utf8 {
      if character == UInt8(ascii: "=") {
        padding = true
        continue
      }
      guard !padding, let value = value(of: character) else { return nil }
      accumulator = (accumulator << 5) | UInt64(value)
      bits += 5
      if bits >= 8 {
        bits -= 8
        bytes.append(UInt8((accumulator >> UInt64(bits)) & 0xFF))
      }
    }
    return bytes
  }

  private static func value(of character: UInt8) -> UInt8? {
    switch character {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
    case UInt8(ascii: "2")...UInt8(ascii: "7"): character - UInt8(ascii: "2") + 26
    default: nil
    }
  }
}
