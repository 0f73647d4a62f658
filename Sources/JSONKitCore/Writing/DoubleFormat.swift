/// How computed doubles are written: the shortest digits that read back as the same
/// double, laid out as jq lays them out.
///
/// jq (and so `jsonkit`) writes a double in plain notation unless its exponent is small
/// (below 1e-4) or it would need more than 15 zeros after its digits: `9007199254740992`,
/// `13911860366432392`, `123456789012345680` and `0.0001` stay plain; `1e-05`, `1e+17` and
/// `1.7976931348623157e+308` do not. The exponent has a sign and at least two digits.
/// Integral values print without a fractional part (`2`, not `2.0`); zero is `0` or `-0`.
///
/// ```swift
/// DoubleFormat.text(1 / 1e-17)   // "1e+17"
/// DoubleFormat.text(0.1 + 0.2)   // "0.30000000000000004"
/// ```
enum DoubleFormat {
  static func text(_ d: Double) -> String {
    if d == 0 { return d.sign == .minus ? "-0" : "0" }
    let (negative, digits, decimalPoint) = shortestDigits(d)
    var out = negative ? "-" : ""
    let n = digits.count
    if decimalPoint <= -4 || decimalPoint > n + 15 {
      out.append(digits[digits.startIndex])
      if n > 1 {
        out.append(".")
        out.append(contentsOf: digits.dropFirst())
      }
      let exponent = decimalPoint - 1
      out.append(exponent < 0 ? "e-" : "e+")
      let magnitude = String(abs(exponent))
      if magnitude.count < 2 { out.append("0") }
      out.append(magnitude)
    } else if decimalPoint <= 0 {
      out.append("0.")
      out.append(String(repeating: "0", count: -decimalPoint))
      out.append(digits)
    } else if decimalPoint >= n {
      out.append(digits)
      out.append(String(repeating: "0", count: decimalPoint - n))
    } else {
      out.append(contentsOf: digits.prefix(decimalPoint))
      out.append(".")
      out.append(contentsOf: digits.dropFirst(decimalPoint))
    }
    return out
  }

  /// The sign, the significant digits (no leading or trailing zeros) and the position of
  /// the decimal point relative to the first digit (`0.0123` → "123", -1), taken from
  /// Swift's shortest round-trip `description` of a finite, non-zero double.
  static func shortestDigits(_ d: Double) -> (negative: Bool, digits: String, decimalPoint: Int) {
    var text = Substring(d.magnitude.description)
    var exponent = 0
    if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      exponent = Int(text[text.index(after: e)...]) ?? 0
      text = text[..<e]
    }
    var integer = text
    var fraction: Substring = ""
    if let dot = text.firstIndex(of: ".") {
      integer = text[..<dot]
      fraction = text[text.index(after: dot)...]
    }
    var digits = String(integer) + fraction
    var decimalPoint = integer.count + exponent
    // Leading zeros ("0.0123") move the point; trailing ones ("100.0") are implied by it.
    while digits.first == "0" {
      digits.removeFirst()
      decimalPoint -= 1
    }
    while digits.last == "0" { digits.removeLast() }
    return (d.sign == .minus, digits, decimalPoint)
  }
}
