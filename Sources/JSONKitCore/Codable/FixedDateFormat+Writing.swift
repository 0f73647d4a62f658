#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension FixedDateFormat {
  /// The most bytes `write` produces: the longest names and every field at its widest.
  package var maximumLength: Int {
    fields.reduce(0) { total, field in
      switch field {
      case .literal(let bytes): total + bytes.count
      case .weekday, .monthName: total + 9  // "Wednesday", "September"
      case .year: total + 4
      case .milliseconds: total + 3
      case .zoneBasic: total + 5
      case .zoneExtended: total + 6
      default: total + 2
      }
    }
  }

  /// Whether a literal of the pattern holds a byte a JSON writer may escape (a quote, a
  /// backslash, a slash, a control character, anything not ASCII): names and digits never
  /// are.
  package var needsEscaping: Bool {
    fields.contains { field in
      guard case .literal(let bytes) = field else { return false }
      return bytes.contains { $0 < 0x20 || $0 >= 0x80 || $0 == 0x22 || $0 == 0x5C || $0 == 0x2F }
    }
  }

  /// `date` as the formatter writes it, or `nil` when it is not a whole second (a whole
  /// millisecond when the pattern shows them) in the years 1600–9999 of the formatter's
  /// zone: ICU's rounding and calendars are then left to the formatter.
  ///
  /// `DateFormatter.string(from:)` takes several microseconds on Linux; this takes well
  /// under one.
  package func format(_ date: Date) -> String? {
    // Safe: the allocation holds `maximumLength` bytes, at least one, and `write` writes `count` of
    // them at most.
    var text: String?
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: maximumLength) { buffer in
      if let count = write(date, to: buffer.baseAddress!) {
        text = String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
      }
    }
    return text
  }

  /// Writes `date` at `target` (room for `maximumLength` bytes) as `format` does; the
  /// count written, or `nil` (nothing meaningful written) where `format` gives `nil`.
  package func write(_ date: Date, to target: UnsafeMutablePointer<UInt8>) -> Int? {
    // Safe: `target` has room for `maximumLength` bytes, which counts every field at its widest
    // (two digits for a one-letter field); `count` stays within it (asserted at the end).
    let interval = date.timeIntervalSince1970
    let showsMilliseconds = fields.contains(.milliseconds)
    let scaled = showsMilliseconds ? interval * 1000 : interval
    // 1600-01-01 and 10000-01-01, a day's margin for the zone; checked again below.
    guard scaled.rounded(.down) == scaled,
      interval > -11_676_182_400, interval < 253_402_387_200
    else { return nil }
    let milliseconds = showsMilliseconds ? Int(scaled) : Int(scaled) * 1000
    // `scaled` came from a `Double`: only write what turns back into the very same date.
    guard Double(milliseconds) / 1000 == interval else { return nil }
    let local = milliseconds.floorDivided(by: 1000) + offset
    let days = local.floorDivided(by: 86_400)
    let time = local - days * 86_400
    let (year, month, day) = CivilDate.date(daysSince1970: days)
    guard (1600...9999).contains(year) else { return nil }

    var count = 0
    func digits(_ value: Int, _ width: Int) {
      // Width 1: one or two digits, as ICU writes a one-letter field.
      let n = width == 1 && value >= 10 ? 2 : width
      var rest = value
      for i in stride(from: count + n - 1, through: count, by: -1) {
        target[i] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
        rest /= 10
      }
      count += n
    }
    func bytes(_ list: [UInt8]) {
      for byte in list {
        target[count] = byte
        count += 1
      }
    }
    func zone(extended: Bool) {
      if extended && offset == 0 { return bytes([0x5A]) }  // Z
      bytes([offset < 0 ? 0x2D : 0x2B])
      digits(abs(offset) / 3_600, 2)
      if extended { bytes([0x3A]) }
      digits(abs(offset) / 60 % 60, 2)
    }
    for field in fields {
      switch field {
      case .literal(let literal): bytes(literal)
      // 1970-01-01 was a Thursday (4).
      case .weekday(let list): bytes(Self.names[list][(days % 7 + 11) % 7])
      case .monthName(let list): bytes(Self.names[list][month - 1])
      case .month(let width): digits(month, width)
      case .day(let width): digits(day, width)
      case .hour(let width): digits(time / 3_600, width)
      case .minute(let width): digits(time / 60 % 60, width)
      case .second(let width): digits(time % 60, width)
      case .year: digits(year, 4)
      case .milliseconds: digits(milliseconds - milliseconds.floorDivided(by: 1000) * 1000, 3)
      case .zoneBasic: zone(extended: false)
      case .zoneExtended: zone(extended: true)
      }
    }
    assert(count <= maximumLength, "a field outgrew maximumLength")
    return count
  }
}

extension Int {
  /// The quotient rounded down (toward negative infinity), for times before 1970.
  fileprivate func floorDivided(by divisor: Int) -> Int {
    let quotient = self / divisor
    return self % divisor < 0 ? quotient - 1 : quotient
  }
}
