/// Exact arithmetic on the text of a JSON number, so that reading `1e2` as `Int` gives 100,
/// `1.5` gives `nil`, and `9007199254740993` is never rounded through a `Double`.
@usableFromInline
package struct DecimalText {
  /// Significant digits without leading or trailing zeros (empty for zero).
  var digits: [UInt8]
  /// The value is `digits × 10^exponent`, negated when `negative`.
  var exponent: Int
  var negative: Bool

  /// Decomposes the text of a JSON number; `nil` when it is not one.
  init?(_ text: UnsafeBufferPointer<UInt8>) {
    // Safe: every read of `text[i]` is behind `i < n`, `n` being `text.count`.
    var i = 0
    let n = text.count
    negative = false
    if i < n && text[i] == 0x2D {
      negative = true
      i += 1
    }
    var all: [UInt8] = []
    var fractionDigits = 0
    var sawDigit = false
    while i < n, text[i] >= 0x30 && text[i] <= 0x39 {
      all.append(text[i] - 0x30)
      i += 1
      sawDigit = true
    }
    if i < n && text[i] == 0x2E {
      i += 1
      while i < n, text[i] >= 0x30 && text[i] <= 0x39 {
        all.append(text[i] - 0x30)
        fractionDigits += 1
        i += 1
        sawDigit = true
      }
    }
    guard sawDigit else { return nil }
    var exp = 0
    if i < n && (text[i] == 0x65 || text[i] == 0x45) {
      i += 1
      var expNegative = false
      if i < n && (text[i] == 0x2B || text[i] == 0x2D) {
        expNegative = text[i] == 0x2D
        i += 1
      }
      var sawExpDigit = false
      while i < n, text[i] >= 0x30 && text[i] <= 0x39 {
        // Saturate: an exponent beyond a billion is infinite or zero for every use here.
        if exp < 1_000_000_000 { exp = exp * 10 + Int(text[i] - 0x30) }
        i += 1
        sawExpDigit = true
      }
      guard sawExpDigit else { return nil }
      if expNegative { exp = -exp }
    }
    guard i == n else { return nil }
    var start = 0
    while start < all.count && all[start] == 0 { start += 1 }
    var end = all.count
    var trailing = 0
    while end > start && all[end - 1] == 0 {
      end -= 1
      trailing += 1
    }
    digits = Array(all[start..<end])
    exponent = digits.isEmpty ? 0 : exp - fractionDigits + trailing
  }

  init(_ string: String) {
    var string = string
    self = string.withUTF8 { DecimalText($0) } ?? DecimalText(zero: ())
  }

  private init(zero: ()) {
    digits = []
    exponent = 0
    negative = false
  }

  package var isZero: Bool { digits.isEmpty }

  /// The magnitude as an integer when the value is integral and below 2^64.
  var integralMagnitude: UInt64? {
    if digits.isEmpty { return 0 }
    guard exponent >= 0, digits.count + exponent <= 20 else { return nil }
    var value: UInt64 = 0
    for d in digits {
      let (m, o1) = value.multipliedReportingOverflow(by: 10)
      let (a, o2) = m.addingReportingOverflow(UInt64(d))
      if o1 || o2 { return nil }
      value = a
    }
    for _ in 0..<exponent {
      let (m, o) = value.multipliedReportingOverflow(by: 10)
      if o { return nil }
      value = m
    }
    return value
  }

  /// The exact value as `Int64`, or `nil` when it is not integral or does not fit.
  var int64: Int64? {
    guard let magnitude = integralMagnitude else { return nil }
    if negative {
      if magnitude == UInt64(Int64.max) + 1 { return Int64.min }
      return magnitude <= UInt64(Int64.max) ? -Int64(magnitude) : nil
    }
    return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
  }

  /// The exact value as `UInt64`, or `nil` when it is not integral, negative, or too big.
  var uint64: UInt64? {
    guard let magnitude = integralMagnitude else { return nil }
    if negative && magnitude != 0 { return nil }
    return magnitude
  }

  /// Exact comparison of two decimal values.
  package static func compare(_ a: DecimalText, _ b: DecimalText) -> Int {
    let aSign = a.isZero ? 0 : (a.negative ? -1 : 1)
    let bSign = b.isZero ? 0 : (b.negative ? -1 : 1)
    if aSign != bSign { return aSign < bSign ? -1 : 1 }
    if aSign == 0 { return 0 }
    let magnitude = compareMagnitude(a, b)
    return aSign > 0 ? magnitude : -magnitude
  }

  private static func compareMagnitude(_ a: DecimalText, _ b: DecimalText) -> Int {
    // Position of the most significant digit.
    let aTop = a.digits.count + a.exponent
    let bTop = b.digits.count + b.exponent
    if aTop != bTop { return aTop < bTop ? -1 : 1 }
    let n = max(a.digits.count, b.digits.count)
    for i in 0..<n {
      let x = i < a.digits.count ? a.digits[i] : 0
      let y = i < b.digits.count ? b.digits[i] : 0
      if x != y { return x < y ? -1 : 1 }
    }
    return 0
  }
}
