/// Bytes made a string as jq's `jv_string_sized` makes them: valid UTF-8 as it is,
/// otherwise each bad sequence becomes one U+FFFD where `jvp_utf8_next` cuts it. That cut
/// differs from Swift's repair (`String(decoding:as:)`, one U+FFFD per maximal invalid
/// part): jq reads a lead byte's whole length before judging the sequence (an encoded
/// surrogate `ED A0 80` is one U+FFFD, not three), and a sequence cut short by the end of
/// the bytes takes the rest with it (`9E E9 65` is two U+FFFD, not two and an `e`).
///
/// ```swift
/// JQByteString.string([0xED, 0xA0, 0x80, 0x61])  // "\u{FFFD}a"
/// ```
enum JQByteString {
  static func string(_ bytes: [UInt8]) -> String {
    if let valid = String(validating: bytes, as: UTF8.self) { return valid }
    var scalars = String.UnicodeScalarView()
    var i = 0
    while i < bytes.count {
      let (scalar, length) = next(bytes, at: i)
      scalars.append(scalar ?? "\u{FFFD}")
      i += length
    }
    return String(scalars)
  }

  /// The scalar at `i` (`nil` for a bad sequence) and the bytes it takes, as
  /// `jvp_utf8_next` decides them.
  private static func next(_ bytes: [UInt8], at i: Int) -> (Unicode.Scalar?, Int) {
    let first = bytes[i]
    if first < 0x80 { return (Unicode.Scalar(first), 1) }
    let length: Int
    let bits: UInt32
    switch first {
    case 0xC2...0xDF: (length, bits) = (2, 0x1F)
    case 0xE0...0xEF: (length, bits) = (3, 0x0F)
    case 0xF0...0xF4: (length, bits) = (4, 0x07)
    // A continuation byte out of place, or a byte that starts nothing.
    default: return (nil, 1)
    }
    if i + length > bytes.count { return (nil, bytes.count - i) }
    var code = UInt32(first) & bits
    for k in 1..<length {
      let byte = bytes[i + k]
      guard byte & 0xC0 == 0x80 else { return (nil, k) }
      code = code << 6 | UInt32(byte & 0x3F)
    }
    let smallest: UInt32 = length == 2 ? 0x80 : (length == 3 ? 0x800 : 0x10000)
    // Overlong forms, surrogates and code points past U+10FFFF are bad as a whole.
    guard code >= smallest, !(0xD800...0xDFFF).contains(code), code <= 0x10FFFF else {
      return (nil, length)
    }
    return (Unicode.Scalar(code), length)
  }
}
