/// `@urid`: percent-decoding that, like jq, rejects a `%` not followed by two hex
/// digits and any decoded byte sequence that is not valid UTF-8 (Foundation's
/// `removingPercentEncoding` is not used because it is lenient about the latter).
///
///     URIDecoding.decode("a%20b") // "a b"
enum URIDecoding {
  static func decode(_ text: String) -> String? {
    let input = Array(text.utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(input.count)
    var index = 0
    while index < input.count {
      let byte = input[index]
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        index += 1
        continue
      }
      guard index + 2 < input.count, let high = hexDigit(input[index + 1]),
        let low = hexDigit(input[index + 2])
      else { return nil }
      bytes.append(high << 4 | low)
      index += 3
    }
    // Strict validation: String(validating:) refuses truncated sequences and bad continuations.
    return String(validating: bytes, as: UTF8.self)
  }

  private static func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
