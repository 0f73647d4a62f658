/// `@base64d`: jq's decoder, written out rather than Foundation's `Data(base64Encoded:)`
/// because jq distinguishes two failures that Foundation folds into one `nil`:
/// a character outside the alphabet ("is not valid base64 data") and a lone
/// trailing character that cannot form a byte ("trailing base64 byte found").
///
/// Trailing `=` padding is optional, and the text after the first `=` is ignored, as in jq.
///
///     Base64Decoding.decode("Zm9v") // .success([0x66, 0x6f, 0x6f])
enum Base64Decoding {
  enum Failure: Error { case invalidCharacter, trailingByte }

  static func decode(_ text: String) -> Result<[UInt8], Failure> {
    var sextets: [UInt8] = []
    sextets.reserveCapacity(text.utf8.count)
    // jq 1.8 (`f_format`) decodes up to the first `=` and ignores whatever follows it.
    for byte in text.utf8 {
      if byte == UInt8(ascii: "=") { break }
      guard let value = sextet(byte) else { return .failure(.invalidCharacter) }
      sextets.append(value)
    }
    if sextets.count % 4 == 1 { return .failure(.trailingByte) }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(sextets.count * 3 / 4)
    var accumulator: UInt32 = 0
    var bits = 0
    for value in sextets {
      accumulator = (accumulator << 6) | UInt32(value)
      bits += 6
      if bits >= 8 {
        bits -= 8
        bytes.append(UInt8((accumulator >> UInt32(bits)) & 0xFF))
      }
    }
    return .success(bytes)
  }

  private static func sextet(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte - UInt8(ascii: "A")
    case UInt8(ascii: "a")...UInt8(ascii: "z"): return byte - UInt8(ascii: "a") + 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0") + 52
    case UInt8(ascii: "+"): return 62
    case UInt8(ascii: "/"): return 63
    default: return nil
    }
  }
}
