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
        // Clamp: exponents beyond what decNumber holds are not produced by JSON text anyway.
        value = Swift.min(value &* 10 &+ Int(text[i] &- UInt8(ascii: "0")), 999_999_999)
        i += 1
      }
      exponent = exponentNegative ? -value : value
    }
    exponent -= fractionDigits
    // Leading zeros are not part of the coefficient (a zero keeps one digit).
    let firstNonZero = digits.firstIndex { $0 != UInt8(ascii: "0") } ?? (digits.count - 1)
    let coefficient = Array(digits[Swift.max(0, firstNonZero)...])
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
}
