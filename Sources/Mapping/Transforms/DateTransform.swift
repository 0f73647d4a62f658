import Foundation
import JSONKit

/// Reads and writes a `Date` as Unix time: seconds (or milliseconds) since
/// 1970-01-01T00:00:00Z, as ObjectMapper's `DateTransform`.
///
/// ```swift
/// created <- (map["created"], DateTransform())                          // 1700000000
/// updated <- (map["updated_ms"], DateTransform(unit: .milliseconds))     // 1700000000123
/// history <- (map["history"], DateTransform())                          // [Date]
/// ```
///
/// **Reading** takes a JSON number or a string holding a JSON number (`"1700000000.5"`).
/// Anything else fails, so the property is left unchanged and the failure is recorded:
/// `"soon"`, `""`, `true`, a number beyond `Double`'s range, and `"12abc"` (which
/// ObjectMapper read as 12).
///
/// **Writing** gives a number: an integer when the date is a whole number of units
/// (`1700000000`, never `1700000000.0`), else the shortest decimal that reads back as the
/// very same `Date` (`1700000000.5`, `1700000000123` in milliseconds, even where
/// `timeIntervalSince1970 * 1000` is `1700000000122.9998`). A date that is not finite is
/// written as `null`.
///
/// Immutable and `Sendable`: one instance can serve any number of threads.
public final class DateTransform: TransformType, Sendable {
  /// The property's type.
  public typealias Object = Date
  /// The JSON side's type: what `transformToJSON` returns.
  public typealias JSON = Double

  /// What one unit of the JSON number is.
  public enum Unit: TimeInterval, Sendable {
    /// Seconds since 1970: `1700000000`.
    case seconds = 1
    /// Milliseconds since 1970: `1700000000123`.
    case milliseconds = 1_000
  }

  /// What one unit of the JSON number is.
  public let unit: Unit

  /// A transform whose JSON numbers count `unit`s since 1970-01-01T00:00:00Z.
  ///
  /// - Parameter unit: seconds (the default, as ObjectMapper) or milliseconds.
  public init(unit: Unit = .seconds) {
    self.unit = unit
  }

  /// Reads a Foundation value (`nil` for a missing or `null` one), as described for the type;
  /// `nil` when it does not convert.
  public func transformFromJSON(_ value: Any?) -> Date? {
    transformFromFoundationObject(value)
  }

  /// The JSON form of `value`, as described for the type; `nil` when there is nothing to
  /// write.
  public func transformToJSON(_ value: Date?) -> Double? {
    value.flatMap(units(for:))
  }

  public func transformFromJSONValue(_ json: JSONKit.JSON) -> Date? {
    let number: Double?
    switch json.type {
    case .number:
      number = json.double
    case .string:
      // Only JSON's number syntax; then Swift's correctly rounded parse.
      guard let text = json.string, DecimalText(jsonNumber: text) != nil else { return nil }
      number = Double(text)
    default:
      return nil
    }
    guard let number, number.isFinite else { return nil }
    return date(fromUnits: number)
  }

  public func transformToJSONValue(_ object: Date?) -> JSONKit.JSON {
    guard let object, let units = units(for: object) else { return .null }
    if units.rounded() == units, abs(units) <= 9_007_199_254_740_992,
      let integer = Int64(exactly: units)
    {
      return JSONKit.JSON(integer)
    }
    return JSONKit.JSON(units)
  }

  /// The one conversion used to read, so that writing can check what will be read back.
  private func date(fromUnits number: Double) -> Date {
    switch unit {
    case .seconds: return Date(timeIntervalSince1970: number)
    case .milliseconds: return Date(timeIntervalSince1970: number / 1_000)
    }
  }

  /// The number to write for `date`: the one with the fewest decimals (up to nanoseconds)
  /// that `date(fromUnits:)` turns back into `date`.
  ///
  /// `Date` counts `Double` seconds from
  /// 2001, so `timeIntervalSince1970 × 1000` is often a hair off the integer it was read
  /// from; this finds that integer again.
  private func units(for date: Date) -> Double? {
    let scaled = date.timeIntervalSince1970 * unit.rawValue
    guard scaled.isFinite else { return nil }
    let maxDecimals = unit == .seconds ? 9 : 6
    var scale = 1.0
    for _ in 0...maxDecimals {
      let candidate = (scaled * scale).rounded() / scale
      if candidate.isFinite, self.date(fromUnits: candidate) == date { return candidate }
      scale *= 10
    }
    return scaled
  }
}
