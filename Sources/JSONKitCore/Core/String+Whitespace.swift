extension String {
  /// The string without leading and trailing white space as Foundation's
  /// `CharacterSet.whitespaces` has it (the Unicode spaces, category Zs, and the tab; not
  /// newlines), for SwiftyJSON's reading of numeric strings (`" 42 "` is 42).
  ///
  /// JSONKitCore
  /// has no Foundation, whose `trimmingCharacters(in:)` this stands in for.
  ///
  /// ```swift
  /// "\u{00A0} 42\t".trimmingFoundationWhitespace  // "42"
  /// ```
  package var trimmingFoundationWhitespace: String {
    let scalars = unicodeScalars
    let isSpace = { (s: Unicode.Scalar) in
      s == "\t" || s.properties.generalCategory == .spaceSeparator
    }
    guard let first = scalars.firstIndex(where: { !isSpace($0) }),
      let last = scalars.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(scalars[first...last])
  }
}
