/// The text of a JSON number (`-12.5e3`), checked and decomposed, for the transforms that
/// read numbers from strings (`DateTransform`, `DecimalTransform`) and check exactness.
///
/// Only JSON's grammar is accepted: no white space, `+`, leading zeros, hex, `nan` or
/// `inf`, and nothing after the number (ObjectMapper's `atof` read `"12abc"` as 12).
struct JSONNumberText: Equatable {
  /// Significant digits (0–9) without leading or trailing zeros; empty for zero.
  var digits: [UInt8]
  /// The value is `digits × 10^exponent`, negated when `negative`.
  var exponent: Int
  /// Never set for zero, so that `-0` and `0` compare equal.
  var negative: Bool

  /// Decomposes `text`, or returns `nil` when it is not a JSON number.
  init?(_ text: String) {
    let bytes = Array(text.utf8)
    let n = bytes.count
    var i = 0
    func isDigit(_ i: Int) -> Bool { i < n && bytes[i] >= 0x30 && bytes[i] <= 0x39 }

    var negative = false
    if i < n && bytes[i] == 0x2D {  // -
      negative = true
      i += 1
    }
    var all: [UInt8] = []
    guard isDigit(i) else { return nil }
    if bytes[i] == 0x30 {  // a leading 0 stands alone
      all.append(0)
      i += 1
    } else {
      while isDigit(i) {
        all.append(bytes[i] - 0x30)
        i += 1
      }
    }
    var fractionDigits = 0
    if i < n && bytes[i] == 0x2E {  // .
      i += 1
      guard isDigit(i) else { return nil }
      while isDigit(i) {
        all.append(bytes[i] - 0x30)
        fractionDigits += 1
        i += 1
      }
    }
    var exponent = 0
    if i < n && (bytes[i] == 0x65 || bytes[i] == 0x45) {  // e E
      i += 1
      var exponentNegative = false
      if i < n && (bytes[i] == 0x2B || bytes[i] == 0x2D) {
        exponentNegative = bytes[i] == 0x2D
        i += 1
      }
      guard isDigit(i) else { return nil }
      while isDigit(i) {
        // Saturate: no Date or Decimal is anywhere near 10^(10^9).
        if exponent < 1_000_000_000 { exponent = exponent * 10 + Int(bytes[i] - 0x30) }
        i += 1
      }
      if exponentNegative { exponent = -exponent }
    }
    guard i == n else { return nil }

    var start = 0
    while start < all.count && all[start] == 0 { start += 1 }
    var end = all.count
    while end > start && all[end - 1] == 0 { end -= 1 }
    digits = Array(all[start..<end])
    self.exponent = digits.isEmpty ? 0 : exponent - fractionDigits + (all.count - end)
    self.negative = negative && !digits.isEmpty
  }

  var isZero: Bool { digits.isEmpty }
}
