import Foundation
import JSONKit

/// Reads and writes a `Decimal` exactly, digit for digit: for money, measurements and
/// identifiers that must not pass through `Double`.
///
/// ```swift
/// price <- (map["price"], DecimalTransform())    // 19.99 stays 19.99, never 19.989999999999998
/// rates <- (map["rates"], DecimalTransform())    // [String: Decimal]
/// let total: Decimal = try map.value("total", using: DecimalTransform())
/// ```
///
/// **Reading** takes a JSON number, built from its source text (JSONKit keeps it, so
/// `3.14159265358979323846264338327950288` arrives whole), or a string holding a JSON
/// number (`"19.99"`). It fails rather than round: for a value `Decimal` cannot hold
/// exactly (more than 38 significant digits, an exponent beyond ±128), for a string that
/// is not a JSON number (`"12abc"`, `" 1"`, `"1,5"`, `"NaN"`), and for anything else.
///
/// **Writing** gives a JSON number with the `Decimal`'s digits (`19.99`, never through
/// `Double`); `Decimal.nan` is written as `null`.
///
/// Immutable and `Sendable`: one instance can serve any number of threads.
public final class DecimalTransform: TransformType, Sendable {
  /// The property's type.
  public typealias Object = Decimal
  /// The JSON side's type: what `transformToJSON` returns.
  public typealias JSON = Decimal

  /// A transform for exact decimals; it has no settings.
  public init() {}

  /// Reads a Foundation value (`nil` for a missing or `null` one), as described for the type;
  /// `nil` when it does not convert.
  public func transformFromJSON(_ value: Any?) -> Decimal? {
    transformFromFoundationObject(value)
  }

  /// The JSON form of `value`, as described for the type; `nil` when there is nothing to
  /// write.
  public func transformToJSON(_ value: Decimal?) -> Decimal? {
    value
  }

  public func transformFromJSONValue(_ json: JSONKit.JSON) -> Decimal? {
    let text: String
    switch json.type {
    case .number: text = json.stringValue
    case .string: text = json.stringValue
    default: return nil
    }
    return Self.exactDecimal(text)
  }

  public func transformToJSONValue(_ object: Decimal?) -> JSONKit.JSON {
    object.map { JSONKit.JSON($0) } ?? .null
  }

  /// The `Decimal` of a JSON number's text, when it holds that value exactly.
  ///
  /// `Decimal(string:)` alone is not enough: it reads `"12abc"` as 12 and keeps only the
  /// first 38 digits of longer numbers.
  static func exactDecimal(_ text: String) -> Decimal? {
    guard let wanted = DecimalText(jsonNumber: text) else { return nil }
    if wanted.isZero { return Decimal.zero }
    guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")),
      !decimal.isNaN, let written = DecimalText(jsonNumber: decimal.description),
      DecimalText.compare(written, wanted) == 0
    else { return nil }
    return decimal
  }
}
