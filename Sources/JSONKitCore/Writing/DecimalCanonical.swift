/// decNumber's scientific string (`decNumberToString`) of a number's text, which is how jq 1.8
/// prints a number that kept its literal: `100e-2` is `1.00`, `1e1000` is `1E+1000`,
/// `0.0000001` is `1E-7`; `1.50` and `123` stay as they are.
///
/// The coefficient keeps its digits (trailing zeros included, leading zeros dropped) and the
/// exponent is what the text says; the number is written plainly when the exponent is not
/// positive and the adjusted exponent is at least -6, else as `d.dddE±n`.
enum DecimalCanonical {
  /// Whether `text` may differ from its canonical form: it has an exponent, or starts with
  /// six zeros after the point (a cheap test; `form` decides).
  @inline(__always)
  static func mayChange(_ text: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    // Safe: every read is behind `i < count`, and the eight bytes `i..<i + 8` behind
    // `count - i >= 8`.
    var i = 0
    if i < count && text[i] == UInt8(ascii: "-") { i += 1 }
    if count - i >= 8 && text[i] == UInt8(ascii: "0") && text[i + 1] == UInt8(ascii: ".")
      && (0..<6).allSatisfy({ text[i + 2 + $0] == UInt8(ascii: "0") })
    {
      return true
    }
    while i < count {
      if text[i] | 0x20 == UInt8(ascii: "e") { return true }
      i += 1
    }
    return false
  }

  /// The canonical form of the JSON number `text`.
  static func form(_ text: UnsafeBufferPointer<UInt8>) -> String {
    // Safe: every read of `text[i]` is behind `i < text.count`.
    var i = 0
    var negative = false
    if i < text.count && text[i] == UInt8(ascii: "-") {
      negative = true
      i += 1
    }
    var digits: [UInt8] = []
    var fractionDigits = 0
    var inFraction = false
    while i < text.count, text[i] != UInt8(ascii: "e"), text[i] != UInt8(ascii: "E") {
      if text[i] == UInt8(ascii: ".") {
        inFraction = true
      } else {
        digits.append(text[i])
        if inFraction { fractionDigits += 1 }
      }
      i += 1
    }
    var exponent = 0
    if i < text.count {
      i += 1
      var exponentNegative = false
      if i < text.count, text[i] == UInt8(ascii: "+") || text[i] == UInt8(ascii: "-") {
        exponentNegative = text[i] == UInt8(ascii: "-")
        i += 1
      }
      var value = 0
      while i < text.count {
        // Saturated far beyond decNumber's range, which `fitted` applies.
        value = Swift.min(value &* 10 &+ Int(text[i] &- UInt8(ascii: "0")), 1 << 40)
        i += 1
      }
      exponent = exponentNegative ? -value : value
    }
    exponent -= fractionDigits
    // Leading zeros are not part of the coefficient (a zero keeps one digit).
    let firstNonZero = digits.firstIndex { $0 != UInt8(ascii: "0") } ?? (digits.count - 1)
    guard var coefficient = fitted(Array(digits[Swift.max(0, firstNonZero)...]), &exponent)
    else {
      // Beyond decNumber's largest exponent: jq prints the largest double instead.
      return (negative ? "-" : "") + "1.7976931348623157e+308"
    }
    if coefficient.isEmpty { coefficient = [UInt8(ascii: "0")] }
    let adjusted = exponent + coefficient.count - 1
    var out = negative ? "-" : ""
    let c = String(decoding: coefficient, as: UTF8.self)
    if exponent <= 0 && adjusted >= -6 {
      if exponent == 0 { return out + c }
      let point = coefficient.count + exponent
      if point > 0 {
        out += String(c.prefix(point)) + "." + String(c.dropFirst(point))
      } else {
        out += "0." + String(repeating: "0", count: -point) + c
      }
      return out
    }
    out += String(c.prefix(1))
    if coefficient.count > 1 { out += "." + String(c.dropFirst()) }
    return out + "E" + (adjusted >= 0 ? "+" : "-") + String(Swift.abs(adjusted))
  }

  /// decNumber's largest exponent in jq's context (`DEC_INIT_BASE`).
  private static let maximumExponent = 999_999_999
  /// decNumber's smallest exponent in jq's context: `emin - digits + 1`, with the 147,483,648
  /// digits jq allows so that exponent differences fit in 32 bits.
  private static let tinyExponent = -1_147_483_646

  /// `coefficient × 10^exponent` as decNumber reads it in jq's context: `nil` when it
  /// overflows (an infinity); a zero's exponent clamped to the range; below the smallest
  /// exponent, the coefficient rounded half up to it (possibly to zero, then empty).
  private static func fitted(_ coefficient: [UInt8], _ exponent: inout Int) -> [UInt8]? {
    let zero = UInt8(ascii: "0")
    if coefficient.allSatisfy({ $0 == zero }) {
      exponent = Swift.min(Swift.max(exponent, tinyExponent), maximumExponent)
      return coefficient
    }
    if exponent + coefficient.count - 1 > maximumExponent { return nil }
    guard exponent < tinyExponent else { return coefficient }
    let dropped = tinyExponent - exponent
    exponent = tinyExponent
    guard dropped <= coefficient.count else { return [] }
    var kept = Array(coefficient.prefix(coefficient.count - dropped))
    if coefficient[coefficient.count - dropped] >= UInt8(ascii: "5") {
      // Half up, carrying (`995` → `1000`).
      var index = kept.count - 1
      while index >= 0 && kept[index] == UInt8(ascii: "9") {
        kept[index] = zero
        index -= 1
      }
      if index >= 0 { kept[index] += 1 } else { kept.insert(UInt8(ascii: "1"), at: 0) }
    }
    return kept
  }
}
