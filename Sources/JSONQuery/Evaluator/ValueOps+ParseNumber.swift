import Foundation
import JSONKit

extension ValueOps {
  /// `tonumber` of a string, as jq 1.8.2 built with decNumber: the whole string must be one
  /// number in decNumber's syntax (a sign, digits with an optional point, an optional
  /// exponent; or `Infinity`, `Inf` or `NaN`, in any case), with nothing around it and no
  /// NUL inside. A JSON number keeps its exact text, as a literal does; other forms (`.5`,
  /// `5.`, `+1`, `nan`) become doubles. `nil` when the string is not such a number.
  static func parseNumber(_ text: String) -> JSON? {
    let bytes = Array(text.utf8)
    guard !bytes.isEmpty, !bytes.contains(0) else { return nil }
    var i = 0
    var negative = false
    if bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
      negative = bytes[i] == UInt8(ascii: "-")
      i += 1
    }
    let rest = String(decoding: bytes[i...], as: UTF8.self).lowercased()
    switch rest {
    case "inf", "infinity": return JSON(negative ? -Double.infinity : .infinity)
    case "nan", "snan": return JSON(Double.nan)
    default: break
    }
    let isDigit: (UInt8) -> Bool = { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    var digits = 0
    while i < bytes.count, isDigit(bytes[i]) {
      i += 1
      digits += 1
    }
    if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
      i += 1
      while i < bytes.count, isDigit(bytes[i]) {
        i += 1
        digits += 1
      }
    }
    guard digits > 0 else { return nil }
    if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
      i += 1
      if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
      let start = i
      while i < bytes.count, isDigit(bytes[i]) { i += 1 }
      guard i > start else { return nil }
    }
    guard i == bytes.count else { return nil }
    // A JSON number keeps its text (jq keeps the literal); `.5`, `5.` and `+1` are not JSON.
    if let exact = try? JSONParser.parse(bytes), exact.type == .number { return exact }
    var normalized = text
    if normalized.hasPrefix("+") { normalized.removeFirst() }
    guard
      let d = Double(normalized.hasPrefix(".") ? "0" + normalized : normalized)
        ?? Double(normalized.replacingOccurrences(of: "-.", with: "-0."))
    else { return nil }
    return number(d)
  }
}
