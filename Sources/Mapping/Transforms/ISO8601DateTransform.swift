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

  /// Whether dates are written with milliseconds. Reading accepts both forms either way.
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

/// ISO 8601 extended date-time text ↔ `Date`, with civil-date arithmetic in the proleptic
/// Gregorian calendar (Howard Hinnant's `days_from_civil` / `civil_from_days`).
enum ISO8601DateText {
  /// Seconds from 1970-01-01T00:00:00Z to 2001-01-01T00:00:00Z (`Date`'s reference).
  static let referenceDateOffset = 978_307_200
  /// 2^53: beyond this many seconds, whole seconds are no longer exact in a `Double`.
  static let maxSeconds = 9_007_199_254_740_992.0

  static func parse(_ text: String) -> Date? {
    var text = text
    return text.withUTF8(parse(bytes:))
  }

  static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
    var reader = ByteReader(bytes: bytes)
    return reader.dateTime()
  }

  private struct ByteReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var atEnd: Bool { i == bytes.count }

    func peek() -> UInt8? { i < bytes.count ? bytes[i] : nil }

    mutating func take(_ byte: UInt8) -> Bool {
      guard peek() == byte else { return false }
      i += 1
      return true
    }

    /// Exactly `count` ASCII digits as a number.
    mutating func digits(_ count: Int) -> Int? {
      guard i + count <= bytes.count else { return nil }
      var value = 0
      for k in i..<(i + count) {
        let b = bytes[k]
        guard b >= 0x30 && b <= 0x39 else { return nil }
        value = value * 10 + Int(b - 0x30)
      }
      i += count
      return value
    }

    /// One or more ASCII digits, at most `limit` of them, as text (for the fraction) or
    /// as a number (for expanded years).
    mutating func digitRun(limit: Int) -> (value: Int, count: Int)? {
      var value = 0
      var count = 0
      while let b = peek(), b >= 0x30 && b <= 0x39 {
        count += 1
        guard count <= limit else { return nil }
        value = value * 10 + Int(b - 0x30)
        i += 1
      }
      return count == 0 ? nil : (value, count)
    }

    mutating func dateTime() -> Date? {
      // Date: yyyy-MM-dd, or ±yyyyy…-MM-dd (expanded years, up to 8 digits).
      let year: Int
      if let sign = peek(), sign == 0x2B || sign == 0x2D {
        i += 1
        guard let run = digitRun(limit: 8), run.count >= 4 else { return nil }
        year = sign == 0x2D ? -run.value : run.value
      } else {
        guard let y = digits(4) else { return nil }
        year = y
      }
      guard take(0x2D), let month = digits(2), take(0x2D), let day = digits(2) else { return nil }
      guard (1...12).contains(month), day >= 1, day <= ISO8601DateText.daysInMonth(year, month)
      else { return nil }

      // Separator: T (t, or a space, as RFC 3339 allows).
      guard take(0x54) || take(0x74) || take(0x20) else { return nil }

      // Time: HH:mm:ss[.fraction]
      guard let hour = digits(2), take(0x3A), let minute = digits(2), take(0x3A),
        let second = digits(2)
      else { return nil }
      guard hour <= 23, minute <= 59, second <= 59 else { return nil }
      var fraction = 0.0
      if take(0x2E) || take(0x2C) {
        let start = i
        while let b = peek(), b >= 0x30 && b <= 0x39 { i += 1 }
        guard i > start else { return nil }
        // "0.<digits>" parsed by Swift is correctly rounded, whatever the number of digits.
        var text = "0."
        text.unicodeScalars.append(contentsOf: bytes[start..<i].map { Unicode.Scalar($0) })
        guard let f = Double(text) else { return nil }
        fraction = f
      }

      // Zone: Z, or ±HH[:mm] / ±HHmm.
      var offsetSeconds = 0
      if take(0x5A) || take(0x7A) {
        offsetSeconds = 0
      } else if let sign = peek(), sign == 0x2B || sign == 0x2D {
        i += 1
        guard let offsetHours = digits(2), offsetHours <= 23 else { return nil }
        var offsetMinutes = 0
        if !atEnd {
          _ = take(0x3A)
          guard let m = digits(2), m <= 59 else { return nil }
          offsetMinutes = m
        }
        offsetSeconds = (offsetHours * 3600 + offsetMinutes * 60) * (sign == 0x2D ? -1 : 1)
      } else {
        return nil
      }
      guard atEnd else { return nil }

      let days = ISO8601DateText.daysFromCivil(year, month, day)
      let seconds1970 = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
      // Whole seconds are exact in a Double here (|years| < 10^8), so the fraction is the
      // only rounding.
      let sinceReference = Double(seconds1970 - ISO8601DateText.referenceDateOffset) + fraction
      return Date(timeIntervalSinceReferenceDate: sinceReference)
    }
  }

  static func format(_ date: Date, fractionalSeconds: Bool) -> String? {
    let sinceReference = date.timeIntervalSinceReferenceDate
    guard sinceReference.isFinite, abs(sinceReference) < maxSeconds else { return nil }
    let seconds: Int
    var milliseconds = 0
    if fractionalSeconds {
      let total = Int((sinceReference * 1000).rounded())
      seconds = floorDivide(total, 1000)
      milliseconds = total - seconds * 1000
    } else {
      seconds = Int(sinceReference.rounded(.down))
    }
    let seconds1970 = seconds + referenceDateOffset
    let days = floorDivide(seconds1970, 86_400)
    let secondOfDay = seconds1970 - days * 86_400
    let (year, month, day) = civilFromDays(days)
    guard abs(year) <= 99_999_999 else { return nil }  // what `parse` reads back

    var text = ""
    text.reserveCapacity(24)
    if (0...9999).contains(year) {
      text += padded(year, 4)
    } else {
      text += (year < 0 ? "-" : "+") + padded(abs(year), 4)
    }
    text += "-" + padded(month, 2) + "-" + padded(day, 2)
    text +=
      "T" + padded(secondOfDay / 3600, 2) + ":" + padded(secondOfDay / 60 % 60, 2) + ":"
      + padded(secondOfDay % 60, 2)
    if fractionalSeconds { text += "." + padded(milliseconds, 3) }
    text += "Z"
    return text
  }

  private static func padded(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width
      ? digits : String(repeating: "0", count: width - digits.count) + digits
  }

  private static func floorDivide(_ a: Int, _ b: Int) -> Int {
    let q = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
  }

  static func isLeapYear(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  static func daysInMonth(_ year: Int, _ month: Int) -> Int {
    switch month {
    case 2: return isLeapYear(year) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Days from 1970-01-01 to the given proleptic Gregorian date.
  static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = floorDivide(y, 400)
    let yearOfEra = y - era * 400
    let shiftedMonth = month > 2 ? month - 3 : month + 9
    let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The proleptic Gregorian date `days` after 1970-01-01.
  static func civilFromDays(_ days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = floorDivide(z, 146_097)
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
