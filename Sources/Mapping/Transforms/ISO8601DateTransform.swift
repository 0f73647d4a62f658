import Foundation
import JSONKit

/// Reads and writes a `Date` as an ISO 8601 / RFC 3339 date and time, as ObjectMapper's
/// `ISO8601DateTransform`.
///
/// ```swift
/// birthday <- (map["birthday"], ISO8601DateTransform())                      // "2024-01-02T03:04:05Z"
/// loggedAt <- (map["logged_at"], ISO8601DateTransform(fractionalSeconds: true))  // "2024-01-02T03:04:05.123Z"
/// let at: Date = try map.value("at", using: ISO8601DateTransform())
/// ```
///
/// **Reading** takes `yyyy-MM-ddTHH:mm:ss`, with or without a fraction of a second (`.5`,
/// `.123456`, any number of digits, `,` too), and a zone that is `Z` or any offset:
/// `+02:00`, `-0530`, `+01`. `t`, `z` and a space instead of `T` (RFC 3339) are
/// accepted. Everything is checked: no month 13, no February 30, no second 60 (a `Date`
/// cannot hold a leap second), no missing zone (the instant would depend on the machine),
/// nothing after the zone. Years are 4 digits, or signed with more (`+12345`, `-0001`,
/// ISO 8601's expanded form), in the proleptic Gregorian calendar.
///
/// **Writing** gives UTC with `Z`: `2024-01-02T03:04:05Z`, the second rounded down; with
/// `fractionalSeconds: true`, `2024-01-02T03:04:05.123Z`, rounded to the millisecond (as
/// `ISO8601DateFormatter`). Years outside 0000–9999 are written in the expanded form,
/// which this transform reads back. A date that is not finite, or past the year
/// ±99,999,999, is written as `null`.
///
/// **Threads.** Parsing and formatting are done here, on the string's bytes, without
/// `ISO8601DateFormatter` or `DateFormatter`: those are classes with mutable state that
/// are not `Sendable`, so sharing one would need a lock on every call (serializing all
/// mapping threads), and making one per call costs far more than the work itself. This
/// transform holds a single `Bool`, is `Sendable`, and one instance can serve any number
/// of threads.
public final class ISO8601DateTransform: TransformType, Sendable {
  /// The property's type.
  public typealias Object = Date
  /// The JSON side's type: what `transformToJSON` returns.
  public typealias JSON = String

  /// Whether dates are written with milliseconds.
  ///
  /// Reading accepts both forms either way.
  public let fractionalSeconds: Bool

  /// A transform for ISO 8601 text.
  ///
  /// - Parameter fractionalSeconds: whether writing adds milliseconds (`.123`); reading
  ///   accepts a fraction either way.
  public init(fractionalSeconds: Bool = false) {
    self.fractionalSeconds = fractionalSeconds
  }

  /// Reads a Foundation value (`nil` for a missing or `null` one), as described for the type;
  /// `nil` when it does not convert.
  public func transformFromJSON(_ value: Any?) -> Date? {
    transformFromFoundationObject(value)
  }

  /// The JSON form of `value`, as described for the type; `nil` when there is nothing to
  /// write.
  public func transformToJSON(_ value: Date?) -> String? {
    value.flatMap { ISO8601DateText.format($0, fractionalSeconds: fractionalSeconds) }
  }

  public func transformFromJSONValue(_ json: JSONKit.JSON) -> Date? {
    // From the document's bytes: a date is longer than a small string, so making a
    // `String` first would cost an allocation per date.
    json.withStringBytes(ISO8601DateText.parse(bytes:)) ?? nil
  }

  public func transformToJSONValue(_ object: Date?) -> JSONKit.JSON {
    transformToJSON(object).map { JSONKit.JSON($0) } ?? .null
  }
}
