extension DecimalText {
  /// `text` decomposed, when it is one number by JSON's grammar and nothing else: no white
  /// space, `+`, leading zeros, `.5` or `5.`, hex, `nan` or `inf`, and nothing after the
  /// number (ObjectMapper's `atof` read `"12abc"` as 12).
  ///
  /// For Mapping's transforms that read
  /// numbers from strings.
  package init?(jsonNumber text: String) {
    var text = text
    guard let parts = text.withUTF8({ Self.isJSONNumber($0) ? DecimalText($0) : nil }) else {
      return nil
    }
    self = parts
  }

  /// Whether `text` is exactly one number of RFC 8259: `-`?, `0` or a digit 1–9 and more
  /// digits, then `.` and digits if any, then `e` or `E`, a sign if any, and digits.
  static func isJSONNumber(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    // Safe: every read of `text[i]` is behind `i < text.count`.
    var i = 0
    func skipDigits() -> Int {
      let start = i
      while i < text.count, text[i] &- 0x30 < 10 { i += 1 }
      return i - start
    }
    if i < text.count, text[i] == 0x2D { i += 1 }  // -
    if i < text.count, text[i] == 0x30 {  // a leading 0 stands alone
      i += 1
    } else if skipDigits() == 0 {
      return false
    }
    if i < text.count, text[i] == 0x2E {  // .
      i += 1
      guard skipDigits() > 0 else { return false }
    }
    if i < text.count, text[i] | 0x20 == 0x65 {  // e E
      i += 1
      if i < text.count, text[i] == 0x2B || text[i] == 0x2D { i += 1 }
      guard skipDigits() > 0 else { return false }
    }
    return i == text.count
  }
}
