#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A fast reader and writer for `.formatted(DateFormatter)` dates in the formatter's exact,
/// canonical form, such as twitter.json's `Sun Aug 31 00:29:15 +0000 2014`.
///
/// On Linux `DateFormatter.date(from:)` takes 40–60 µs, far longer than decoding the
/// rest of a tweet. This reader handles fixed-width patterns of numeric fields, English
/// month and weekday names, fractional milliseconds, numeric time zones and literals, for
/// a non-lenient formatter with the `en_US_POSIX` locale, the Gregorian calendar and a
/// fixed-offset time zone (`init` returns `nil` for anything else).
///
/// It only accepts text in exactly the form the formatter writes (every field at its
/// width, every literal as written, every value in range, years 1600–9999) and returns
/// `nil` for anything else, which the decoder then hands to the formatter. For such text
/// ICU's result is the plain Gregorian computation done here, so both agree; whatever is
/// irregular (lenient spacing, a day 31 in April, a leap second) is left to the formatter.
/// Like ICU, it does not check that a weekday name matches the date.
package struct FixedDateFormat: Sendable {
  enum Field: Equatable {
    case literal([UInt8])
    case weekday(names: Int)  // index into `names`: abbreviated or full
    case monthName(names: Int)
    case month(digits: Int)  // 2: exactly two digits; 1: one or two
    case day(digits: Int)
    case hour(digits: Int)
    case minute(digits: Int)
    case second(digits: Int)
    case year
    case milliseconds
    case zoneBasic  // Z, ZZ, ZZZ: +HHMM
    case zoneExtended  // ZZZZZ, XXX: +HH:MM, or Z for zero
  }

  let fields: [Field]
  /// The formatter's time zone offset, for patterns without a zone field.
  let offset: Int

  static let names: [[[UInt8]]] = [
    ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"].map { Array($0.utf8) },
    ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"].map {
      Array($0.utf8)
    },
    ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"].map {
      Array($0.utf8)
    },
    [
      "January", "February", "March", "April", "May", "June", "July", "August", "September",
      "October",
      "November", "December",
    ].map { Array($0.utf8) },
  ]

  /// The reader for a formatter's pattern and fixed offset (see
  /// `JSONDateFormatter.jsonKitFixedPattern`), or `nil` when there are none or the pattern
  /// is not one it reproduces exactly.
  package init?(_ settings: (pattern: String, secondsFromGMT: Int)?) {
    guard let settings, let fields = Self.compile(settings.pattern) else { return nil }
    // Year, month and day must be in the text (ICU fills missing ones with defaults).
    guard fields.contains(.year), fields.contains(where: { $0.isMonth }),
      fields.contains(where: { $0.isDay })
    else { return nil }
    self.fields = fields
    self.offset = settings.secondsFromGMT
  }

  /// The fields of an ICU date pattern, or `nil` when it uses one this reader lacks.
  static func compile(_ pattern: String) -> [Field]? {
    let chars = Array(pattern)
    var fields: [Field] = []
    var literal: [UInt8] = []
    func flush() {
      if !literal.isEmpty { fields.append(.literal(literal)) }
      literal = []
    }
    var i = 0
    while i < chars.count {
      let c = chars[i]
      if c == "'" {
        // 'quoted text'; '' is a quote.
        var j = i + 1
        if j < chars.count && chars[j] == "'" {
          literal.append(0x27)
          i = j + 1
          continue
        }
        while j < chars.count {
          if chars[j] == "'" {
            if j + 1 < chars.count && chars[j + 1] == "'" {
              literal.append(0x27)
              j += 2
              continue
            }
            break
          }
          literal.append(contentsOf: Array(String(chars[j]).utf8))
          j += 1
        }
        guard j < chars.count else { return nil }
        i = j + 1
        continue
      }
      guard c.isASCII, c.isLetter else {
        literal.append(contentsOf: Array(String(c).utf8))
        i += 1
        continue
      }
      var n = 1
      while i + n < chars.count && chars[i + n] == c { n += 1 }
      flush()
      guard let field = field(c, n) else { return nil }
      fields.append(field)
      i += n
    }
    flush()
    // A field of one or two digits must end where the text does or a literal starts.
    for (k, field) in fields.enumerated() where field.isVariableWidth && k + 1 < fields.count {
      guard case .literal(let next) = fields[k + 1], !(0x30...0x39).contains(next[0]) else {
        return nil
      }
    }
    return fields
  }

  static func field(_ letter: Character, _ count: Int) -> Field? {
    switch (letter, count) {
    case ("E", 1...3): return .weekday(names: 0)
    case ("E", 4): return .weekday(names: 1)
    case ("M", 1...2): return .month(digits: count)
    case ("M", 3): return .monthName(names: 2)
    case ("M", 4): return .monthName(names: 3)
    case ("d", 1...2): return .day(digits: count)
    case ("H", 1...2): return .hour(digits: count)
    case ("m", 1...2): return .minute(digits: count)
    case ("s", 1...2): return .second(digits: count)
    case ("y", 1), ("y", 4): return .year
    case ("S", 3): return .milliseconds
    case ("Z", 1...3): return .zoneBasic
    case ("Z", 5), ("X", 3): return .zoneExtended
    default: return nil
    }
  }

  /// The date of `text`, or `nil` when it is not in the canonical form.
  package func parse(_ text: String) -> Date? {
    var text = text
    return text.withUTF8(parse)
  }

  func parse(_ s: UnsafeBufferPointer<UInt8>) -> Date? {
    // Safe: every read of `s` is behind a check against `s.count`: `i < s.count`, or `i + width`
    // (`+ candidate.count`, `+ bytes.count`) `<= s.count` before a run of reads.
    var i = 0
    var year = 0
    var month = 0
    var day = 0
    var hour = 0
    var minute = 0
    var second = 0
    var millisecond = 0
    var zone = offset

    /// Exactly `count` digits, or one or two when `count` is 1.
    func number(_ count: Int) -> Int? {
      let width = count == 1 ? (i + 1 < s.count && isDigit(s[i + 1]) ? 2 : 1) : count
      guard i + width <= s.count else { return nil }
      var value = 0
      for k in i..<(i + width) {
        guard isDigit(s[k]) else { return nil }
        value = value * 10 + Int(s[k] &- 0x30)
      }
      // One-letter fields are written without a leading zero.
      if count == 1 && width == 2 && s[i] == 0x30 { return nil }
      i += width
      return value
    }
    func name(_ list: [[UInt8]]) -> Int? {
      for (index, candidate) in list.enumerated() where i + candidate.count <= s.count {
        if candidate.indices.allSatisfy({ s[i + $0] == candidate[$0] }) {
          i += candidate.count
          return index
        }
      }
      return nil
    }
    func zoneOffset(extended: Bool) -> Int? {
      guard i < s.count else { return nil }
      if extended && s[i] == 0x5A {  // Z
        i += 1
        return 0
      }
      guard s[i] == 0x2B || s[i] == 0x2D else { return nil }
      let sign = s[i] == 0x2D ? -1 : 1
      i += 1
      guard let hours = number(2) else { return nil }
      if extended {
        guard i < s.count, s[i] == 0x3A else { return nil }
        i += 1
      }
      guard let minutes = number(2), hours < 24, minutes < 60 else { return nil }
      return sign * (hours * 3600 + minutes * 60)
    }

    for field in fields {
      switch field {
      case .literal(let bytes):
        guard i + bytes.count <= s.count, bytes.indices.allSatisfy({ s[i + $0] == bytes[$0] })
        else { return nil }
        i += bytes.count
      case .weekday(let list):
        guard name(Self.names[list]) != nil else { return nil }
      case .monthName(let list):
        guard let index = name(Self.names[list]) else { return nil }
        month = index + 1
      case .month(let digits):
        guard let value = number(digits) else { return nil }
        month = value
      case .day(let digits):
        guard let value = number(digits) else { return nil }
        day = value
      case .hour(let digits):
        guard let value = number(digits) else { return nil }
        hour = value
      case .minute(let digits):
        guard let value = number(digits) else { return nil }
        minute = value
      case .second(let digits):
        guard let value = number(digits) else { return nil }
        second = value
      case .year:
        guard let value = number(4) else { return nil }
        year = value
      case .milliseconds:
        guard let value = number(3) else { return nil }
        millisecond = value
      case .zoneBasic, .zoneExtended:
        guard let value = zoneOffset(extended: field == .zoneExtended) else { return nil }
        zone = value
      }
    }
    // ICU's Gregorian calendar turns Julian before 1582: stay well after.
    guard i == s.count, year >= 1600, (1...12).contains(month), day >= 1,
      day <= CivilDate.daysIn(month: month, year: year), hour < 24, minute < 60, second < 60
    else { return nil }
    let days = CivilDate.daysSince1970(year: year, month: month, day: day)
    let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - zone
    // ICU counts milliseconds; divide as it does so that the `Double`s are identical.
    return Date(timeIntervalSince1970: Double(seconds * 1000 + millisecond) / 1000)
  }

  @inline(__always)
  func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }
}

extension FixedDateFormat.Field {
  var isMonth: Bool {
    switch self {
    case .month, .monthName: return true
    default: return false
    }
  }

  var isDay: Bool {
    if case .day = self { return true }
    return false
  }

  /// A one-letter numeric field (one or two digits).
  var isVariableWidth: Bool {
    switch self {
    case .month(1), .day(1), .hour(1), .minute(1), .second(1): return true
    default: return false
    }
  }
}
