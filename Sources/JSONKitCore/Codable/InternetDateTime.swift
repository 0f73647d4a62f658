#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// ISO 8601 internet date-times (RFC 3339 without fractional seconds), the format of the
/// coders' `.iso8601` date strategies: `2013-01-10T07:58:30Z`, `2013-01-10T08:58:30+01:00`.
///
/// `parse` reads the common form directly and leaves anything else (other separators,
/// fractions, leap seconds, out-of-range fields, years before 1600, where calendars
/// disagree) to `Date.ISO8601FormatStyle`, so it accepts
/// exactly what that style accepts; its results are whole seconds, computed exactly, so
/// they equal the style's. It exists because the style takes about a microsecond per date,
/// as long as decoding the rest of a typical GitHub event.
enum InternetDateTime {
  static func parse(_ text: String) -> Date? {
    var text = text
    if let date = text.withUTF8(parseCommon) { return date }
    return try? Date(text, strategy: .iso8601)
  }

  /// `yyyy-MM-dd'T'HH:mm:ss` followed by `Z` or `±HH:mm`; `nil` for anything else.
  static func parseCommon(_ s: UnsafeBufferPointer<UInt8>) -> Date? {
    guard s.count == 20 || s.count == 25 else { return nil }
    func digits(_ at: Int, _ n: Int) -> Int? {
      var value = 0
      for i in at..<(at + n) {
        let d = Int(s[i]) &- 0x30
        guard d >= 0 && d <= 9 else { return nil }
        value = value * 10 + d
      }
      return value
    }
    guard s[4] == 0x2D, s[7] == 0x2D, s[10] == 0x54, s[13] == 0x3A, s[16] == 0x3A,
      let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2),
      let hour = digits(11, 2), let minute = digits(14, 2), let second = digits(17, 2),
      year >= 1600, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
      hour < 24, minute < 60, second < 60
    else { return nil }
    var offset = 0
    if s.count == 20 {
      guard s[19] == 0x5A else { return nil }  // Z
    } else {
      guard s[19] == 0x2B || s[19] == 0x2D, s[22] == 0x3A,
        let zoneHours = digits(20, 2), let zoneMinutes = digits(23, 2), zoneHours < 24,
        zoneMinutes < 60
      else { return nil }
      offset = (zoneHours * 60 + zoneMinutes) * 60 * (s[19] == 0x2D ? -1 : 1)
    }
    let days = daysSince1970(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }

  /// `date` as `yyyy-MM-dd'T'HH:mm:ssZ` in UTC, as `ISO8601DateFormatter` and
  /// `Date.ISO8601FormatStyle` write it.
  static func format(_ date: Date) -> String {
    let fast = String(unsafeUninitializedCapacity: 20) { buffer in
      writeCommon(date, to: buffer.baseAddress!) ? 20 : 0
    }
    return fast.isEmpty ? date.formatted(.iso8601) : fast
  }

  /// Writes `date` as `yyyy-MM-dd'T'HH:mm:ss'Z'` (20 bytes) at `target` when it is a whole
  /// second in the years 1600–9999, where that is exactly what `format` gives; `false`, with
  /// nothing written, otherwise (the style then decides how to round and which calendar).
  /// The style takes about a microsecond per date; this takes a few nanoseconds.
  static func writeCommon(_ date: Date, to target: UnsafeMutablePointer<UInt8>) -> Bool {
    let interval = date.timeIntervalSince1970
    // -11_676_096_000 is 1600-01-01, 253_402_300_799 is 9999-12-31T23:59:59.
    guard interval >= -11_676_096_000, interval <= 253_402_300_799,
      interval.rounded(.down) == interval
    else { return false }
    let seconds = Int(interval)
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let time = seconds - days * 86_400
    let (year, month, day) = civil(daysSince1970: days)
    func put(_ value: Int, _ at: Int, _ width: Int) {
      var value = value
      for i in stride(from: at + width - 1, through: at, by: -1) {
        target[i] = UInt8(truncatingIfNeeded: 0x30 + value % 10)
        value /= 10
      }
    }
    put(year, 0, 4)
    target[4] = 0x2D
    put(month, 5, 2)
    target[7] = 0x2D
    put(day, 8, 2)
    target[10] = 0x54  // T
    put(time / 3_600, 11, 2)
    target[13] = 0x3A
    put(time / 60 % 60, 14, 2)
    target[16] = 0x3A
    put(time % 60, 17, 2)
    target[19] = 0x5A  // Z
    return true
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  /// Days from 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's
  /// `days_from_civil`).
  /// The date of a day counted from 1970-01-01 (Howard Hinnant's `civil_from_days`), the
  /// inverse of `daysSince1970`.
  static func civil(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra =
      (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
