import Foundation
import JSONKit

/// ObjectMapper's transform between a JSON number or numeric string and an
/// `NSDecimalNumber`, written back as a string of its digits.
///
/// ```swift
/// price <- (map["price"], NSDecimalNumberTransform())   // 0.1 or "0.1" → 0.1 exactly
/// ```
///
/// The number is built from its JSON source text, so no digit passes through `Double`.
/// Immutable and `Sendable`.
public final class NSDecimalNumberTransform: TransformType, Sendable {
  /// The property's type.
  public typealias Object = NSDecimalNumber
  /// The JSON side's type: what `transformToJSON` returns.
  public typealias JSON = String

  /// A transform for `NSDecimalNumber`; it has no settings.
  public init() {}

  /// Reads a Foundation value (`nil` for a missing or `null` one), as described for the type;
  /// `nil` when it does not convert.
  public func transformFromJSON(_ value: Any?) -> NSDecimalNumber? {
    transformFromFoundationObject(value)
  }

  /// The JSON form of `value`, as described for the type; `nil` when there is nothing to
  /// write.
  public func transformToJSON(_ value: NSDecimalNumber?) -> String? {
    value?.description
  }

  public func transformFromJSONValue(_ json: JSONKit.JSON) -> NSDecimalNumber? {
    guard json.type == .number || json.type == .string else { return nil }
    let decimal = NSDecimalNumber(
      string: json.stringValue, locale: Locale(identifier: "en_US_POSIX"))
    return decimal == NSDecimalNumber.notANumber ? nil : decimal
  }
}
