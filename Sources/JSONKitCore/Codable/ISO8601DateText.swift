#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// ISO 8601 extended date-time text ↔ `Date`: the package's one reader of ISO 8601 text.
///
/// It reads what Mapping's `ISO8601DateTransform` documents (any fraction, `Z` or any
/// offset, `t` or a space for `T`, expanded years); the coders' `.iso8601` strategy reads
/// through it the common form it shares with `Date.ISO8601FormatStyle`
/// (`InternetDateTime`). Dates are counted by ``CivilDate``.
package enum ISO8601DateText {
  /// Seconds from 1970-01-01T00:00:00Z to 2001-01-01T00:00:00Z (`Date`'s reference).
  static let referenceDateOffset = 978_307_200
  /// 2^53: beyond this many seconds, whole seconds are no longer exact in a `Double`.
  static let maxSeconds = 9_007_199_254_740_992.0

  package static func parse(_ text: String) -> Date? {
    var text = text
    return text.withUTF8(parse(bytes:))
  }

  package static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Date? {
    var reader = ByteReader(bytes: bytes)
    return reader.dateTime()
  }

  private struct ByteReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    var atEnd: Bool { i == bytes.count }

    // Safe: `i < bytes.count` is checked first.
    func peek() -> UInt8? { i < bytes.count ? bytes[i] : nil }

    mutating func take(_ byte: UInt8) -> Bool {
      guard peek() == byte else { return false }
      i += 1
      return true
    }

    /// Exactly `count` ASCII digits as a number.
    mutating func digits(_ count: Int) -> Int? {
      // Safe: `i + count <= bytes.count` is checked first.
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
      // Safe: `i` only passes bytes `peek` or `digits` checked, so `start <= i <= bytes.count`.
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
      guard (1...12).contains(month), day >= 1, day <= CivilDate.daysIn(month: month, year: year)
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

      let days = CivilDate.daysSince1970(year: year, month: month, day: day)
      let seconds1970 = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
      // Whole seconds are exact in a Double here (|years| < 10^8), so the fraction is the
      // only rounding.
      let sinceReference = Double(seconds1970 - ISO8601DateText.referenceDateOffset) + fraction
      return Date(timeIntervalSinceReferenceDate: sinceReference)
    }
  }

  /// The most bytes `write(_:fractionalSeconds:to:)` writes: a sign, a nine-digit year,
  /// `-MM-DDTHH:MM:SS.mmmZ`.
  package static let maximumLength = 30

  /// `date` as UTC text (`2024-01-02T03:04:05Z`, with `.123` milliseconds when
  /// `fractionalSeconds`), or `nil` when it is not finite or past the year ±99,999,999.
  package static func format(_ date: Date, fractionalSeconds: Bool) -> String? {
    // Safe: the allocation holds `maximumLength` bytes, at least one, and `write` writes
    // `count` of them at most.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength) { buffer in
      guard let count = write(date, fractionalSeconds: fractionalSeconds, to: buffer.baseAddress!)
      else { return nil }
      return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
    }
  }

  /// Writes `date` at `target` (room for `maximumLength` bytes) as `format` does, with no
  /// `String` on the way; the count written, or `nil` (nothing meaningful written) where
  /// `format` gives `nil`.
  package static func write(
    _ date: Date, fractionalSeconds: Bool, to target: UnsafeMutablePointer<UInt8>
  ) -> Int? {
    // Safe: `target` has room for `maximumLength` bytes: a sign, at most nine year digits
    // (`|year| <= 99_999_999` is checked first) and the 20 bytes after the year.
    let sinceReference = date.timeIntervalSinceReferenceDate
    guard sinceReference.isFinite, abs(sinceReference) < maxSeconds else { return nil }
    let seconds: Int
    var milliseconds = 0
    if fractionalSeconds {
      let total = Int((sinceReference * 1000).rounded())
      seconds = CivilDate.floorDivide(total, 1000)
      milliseconds = total - seconds * 1000
    } else {
      seconds = Int(sinceReference.rounded(.down))
    }
    let seconds1970 = seconds + referenceDateOffset
    let days = CivilDate.floorDivide(seconds1970, 86_400)
    let secondOfDay = seconds1970 - days * 86_400
    let (year, month, day) = CivilDate.date(daysSince1970: days)
    guard abs(year) <= 99_999_999 else { return nil }  // what `parse` reads back

    var count = 0
    // `value` (not negative) in decimal, zero-padded to at least `width` digits.
    func digits(_ value: Int, _ width: Int) {
      var n = width
      var limit = 1
      for _ in 0..<width { limit &*= 10 }
      while value >= limit {
        n &+= 1
        limit &*= 10
      }
      var rest = value
      for i in stride(from: count &+ n &- 1, through: count, by: -1) {
        target[i] = UInt8(truncatingIfNeeded: 0x30 &+ rest % 10)
        rest /= 10
      }
      count &+= n
    }
    func byte(_ value: UInt8) {
      target[count] = value
      count &+= 1
    }
    if !(0...9999).contains(year) { byte(year < 0 ? 0x2D : 0x2B) }
    digits(abs(year), 4)
    byte(0x2D)
    digits(month, 2)
    byte(0x2D)
    digits(day, 2)
    byte(0x54)
    digits(secondOfDay / 3600, 2)
    byte(0x3A)
    digits(secondOfDay / 60 % 60, 2)
    byte(0x3A)
    digits(secondOfDay % 60, 2)
    if fractionalSeconds {
      byte(0x2E)
      digits(milliseconds, 3)
    }
    byte(0x5A)
    assert(count <= maximumLength, "ISO8601DateText: wrote past maximumLength")
    return count
  }
}
