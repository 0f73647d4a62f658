import JSONKitCore

extension ValueOps {
  /// `tonumber` of a string, as jq 1.8.2 built with decNumber: the whole string must be one
  /// number in decNumber's syntax (see `JQTextParser.number`), with nothing around it and no
  /// NUL inside.
  ///
  /// `nil` when the string is not such a number.
  static func parseNumber(_ text: String) -> JSON? {
    let bytes = Array(text.utf8)
    guard !bytes.contains(0) else { return nil }
    return JQTextParser.number(bytes)
  }
}
