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

  /// `yyyy-MM-dd'T'HH:mm:ss` followed by `Z` or `±HH:mm`, from the year 1600; `nil` for
  /// anything else.
  ///
  /// Read by ``ISO8601DateText``, which accepts more (fractions, other
  /// separators, short offsets): only this shape is known to read as the style reads it.
  static func parseCommon(_ s: UnsafeBufferPointer<UInt8>) -> Date? {
    // Safe: `s.count` is 20 or 25 before any read past the first byte, and every index is below 20.
    let zulu = s.count == 20 && s[19] == 0x5A  // Z
    let offset = s.count == 25 && (s[19] == 0x2B || s[19] == 0x2D) && s[22] == 0x3A
    guard zulu || offset, s[0] != 0x2B, s[0] != 0x2D, s[10] == 0x54,  // T
      let date = ISO8601DateText.parse(bytes: s)
    else { return nil }
    // The year as written (four digits, or the parse failed): before 1600 the style's
    // calendar is not the proleptic Gregorian one.
    let year = s[0..<4].reduce(0) { $0 * 10 + Int($1 &- 0x30) }
    return year >= 1600 ? date : nil
  }

  /// 1600-01-01T00:00:00Z.
  private static let earliestCommon: Double = -11_676_096_000

  /// `date` as `yyyy-MM-dd'T'HH:mm:ssZ` in UTC, as `ISO8601DateFormatter` and
  /// `Date.ISO8601FormatStyle` write it.
  static func format(_ date: Date) -> String {
    // Safe: the string's buffer has the 20 bytes asked for (so a base address), and `writeCommon`
    // writes exactly 20 or none.
    let fast = String(unsafeUninitializedCapacity: 20) { buffer in
      writeCommon(date, to: buffer.baseAddress!) ? 20 : 0
    }
    return fast.isEmpty ? date.formatted(.iso8601) : fast
  }

  /// Writes `date` as `yyyy-MM-dd'T'HH:mm:ss'Z'` (20 bytes) at `target` when it is a whole
  /// second in the years 1600–9999, where that is exactly what `format` gives; `false`, with
  /// nothing written, otherwise (the style then decides how to round and which calendar).
  ///
  /// The style takes about a microsecond per date; this takes a few nanoseconds.
  static func writeCommon(_ date: Date, to target: UnsafeMutablePointer<UInt8>) -> Bool {
    // Safe: `target` has room for the 20 bytes written, at indices `0...19`.
    let interval = date.timeIntervalSince1970
    // 253_402_300_799 is 9999-12-31T23:59:59.
    guard interval >= earliestCommon, interval <= 253_402_300_799,
      interval.rounded(.down) == interval
    else { return false }
    let seconds = Int(interval)
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let time = seconds - days * 86_400
    let (year, month, day) = CivilDate.date(daysSince1970: days)
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
}
