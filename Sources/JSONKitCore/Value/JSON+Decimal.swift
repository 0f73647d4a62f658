#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Decimal getters. Parsed numbers keep their source text, so a `Decimal` is read from the
// digits as written (`0.1` stays one tenth), never through a `Double`: money and other
// base-10 quantities come out exact.

extension JSON {
  /// The number as a `Decimal`, read from its exact text; `nil` when this is not a number
  /// or when its magnitude is beyond `Decimal`'s range (exponents −128…127).
  ///
  /// `Decimal` holds
  /// 38 significant digits; longer mantissas are rounded.
  ///
  /// ```swift
  /// let price = try JSON(data: Data(#"{"price": 0.1}"#.utf8))["price"]
  /// price.decimal          // Optional(0.1), exactly; price.double is 0.1000000000000000055…
  /// JSON(true).decimal     // nil: booleans are not numbers
  /// ```
  ///
  /// Setting a value stores it exactly; setting `nil` stores `null`.
  public var decimal: Decimal? {
    get {
      switch storage {
      case .number(.int(let i)): return Decimal(i)
      case .number(.uint(let u)): return Decimal(u)
      case .number(.double(let d)): return d.isFinite ? JSON.exactDecimal(d.description) : nil
      case .number(.float(let f)): return f.isFinite ? JSON.exactDecimal(f.description) : nil
      default:
        return withNumberText { text -> Decimal? in
          JSON.exactDecimal(String(decoding: text, as: UTF8.self))
        } ?? nil
      }
    }
    set { self = newValue.map { JSON($0) } ?? .null }
  }

  /// A `Decimal` for any number or numeric string (`"19.99"`), 1 or 0 for a boolean, and 0
  /// for anything else or a number beyond `Decimal`'s range.
  ///
  /// ```swift
  /// let lines: JSON = [["price": "19.99"], ["price": 0.01]]
  /// lines.arrayValue.reduce(Decimal(0)) { $0 + $1["price"].decimalValue }  // 20.00
  /// ```
  public var decimalValue: Decimal {
    get {
      if let d = decimal { return d }
      switch type {
      case .bool: return boolValue ? 1 : 0
      case .string:
        return JSON.exactDecimal(stringValue.trimmingFoundationWhitespace) ?? 0
      default: return 0
      }
    }
    set { self = JSON(newValue) }
  }

  /// `Decimal(string:)` accepts a numeric prefix (`"12abc"` reads as 12) and silently
  /// overflows to NaN; this accepts only a whole JSON-style number that `Decimal` holds.
  static func exactDecimal(_ text: String) -> Decimal? {
    guard !text.isEmpty, JSON.looksLikeNumber(text),
      let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")),
      !value.isNaN
    else { return nil }
    return value
  }

  /// Whether `text` is an optionally signed decimal number with an optional fraction and
  /// exponent (JSON's grammar, plus a leading `+` and leading zeros as numeric strings have).
  static func looksLikeNumber(_ text: String) -> Bool {
    var bytes = Substring(text).utf8[...]
    if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
      bytes = bytes.dropFirst()
    }
    let isDigit: (UInt8) -> Bool = { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    let integer = bytes.prefix(while: isDigit)
    bytes = bytes.dropFirst(integer.count)
    var digits = integer.count
    if bytes.first == UInt8(ascii: ".") {
      let fraction = bytes.dropFirst().prefix(while: isDigit)
      digits += fraction.count
      bytes = bytes.dropFirst(1 + fraction.count)
    }
    guard digits > 0 else { return false }
    if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if let sign = bytes.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
        bytes = bytes.dropFirst()
      }
      let exponent = bytes.prefix(while: isDigit)
      guard !exponent.isEmpty else { return false }
      bytes = bytes.dropFirst(exponent.count)
    }
    return bytes.isEmpty
  }
}
