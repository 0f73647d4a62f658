import CSystemShims
import JSONKitCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// jq's date builtins on the C library's `gmtime`, `timegm`, `strftime` and `strptime`.
///
/// A broken-down time is jq's array `[year, month (0–11), day, hours, minutes, seconds
/// (with the fraction), weekday, day of the year]`; arrays may be shorter (missing fields
/// are 0), as jq 1.8 accepts.
enum DateFunctions {
  static let table: [String: ValueFunctions.Body] = [
    "gmtime/0": { input, _ throws in try brokenDown(input, local: false, name: "gmtime") },
    "localtime/0": { input, _ throws in try brokenDown(input, local: true, name: "localtime") },
    "mktime/0": { input, _ throws in
      guard input.type == .array else {
        throw QueryError.runtime("mktime requires array inputs")
      }
      var time = try tm(input, name: "mktime requires parsed datetime inputs")
      let seconds = timegm(&time)
      // jq cannot tell -1 from timegm's failure, and takes -2 for its "no timegm" mark
      // (`my_mktime`): both real times are refused with those errors.
      if seconds == -1 { throw QueryError.runtime("invalid gmtime representation") }
      if seconds == -2 { throw QueryError.runtime("mktime not supported on this platform") }
      return JSON(Int(seconds))
    },
    "strftime/1": { input, arguments throws in
      try format(input, arguments[0], local: false, name: "strftime/1")
    },
    "strflocaltime/1": { input, arguments throws in
      try format(input, arguments[0], local: true, name: "strflocaltime/1")
    },
    "strptime/1": { input, arguments throws in try parse(input, arguments[0]) },
  ]

  /// Seconds since the epoch → broken-down time, UTC or local.
  static func brokenDown(_ input: JSON, local: Bool, name: String) throws(QueryError) -> JSON {
    // jq 1.8's f_gmtime / f_localtime messages.
    guard input.type == .number else {
      throw QueryError.runtime("\(name)() requires numeric inputs")
    }
    let seconds = input.jqDouble
    guard seconds.isFinite, abs(seconds) < 1e17 else {
      throw QueryError.runtime("error converting number of seconds since epoch to datetime")
    }
    // jq's `time_t secs = fsecs`: toward zero; the fraction added back is from the floor,
    // as jq's `tm2jv` does (-2.5 is 23:59:58 and 58.5 seconds).
    var whole = time_t(seconds.rounded(.towardZero))
    var time = BrokenDownTime()
    guard (local ? localtime_r(&whole, &time) : gmtime_r(&whole, &time)) != nil else {
      throw QueryError.runtime("error converting number of seconds since epoch to datetime")
    }
    return array(time, fraction: seconds - seconds.rounded(.down))
  }

  static func array(_ time: BrokenDownTime, fraction: Double = 0) -> JSON {
    [
      JSON(Int(time.tm_year) + 1900), JSON(Int(time.tm_mon)), JSON(Int(time.tm_mday)),
      JSON(Int(time.tm_hour)), JSON(Int(time.tm_min)),
      ValueOps.number(Double(time.tm_sec) + fraction), JSON(Int(time.tm_wday)),
      JSON(Int(time.tm_yday)),
    ]
  }

  /// jq's array → `struct tm` (`jv2tm`; `message` when an element is not a number or is
  /// NaN): each field converted as C's `(int)` of the clamped double, missing fields left 0
  /// (so a missing year is 1900), then normalized by `timegm` (or `mktime` when `local`),
  /// which fills in the weekday and the day of the year.
  static func tm(_ input: JSON, name message: String, local: Bool = false) throws(QueryError)
    -> BrokenDownTime
  {
    var time = BrokenDownTime()
    let fields: [WritableKeyPath<BrokenDownTime, Int32>] = [
      \.tm_year, \.tm_mon, \.tm_mday, \.tm_hour, \.tm_min, \.tm_sec, \.tm_wday, \.tm_yday,
    ]
    for (i, element) in ValueOps.elements(input).prefix(fields.count).enumerated() {
      guard element.type == .number, !element.jqDouble.isNaN else {
        throw QueryError.runtime(message)
      }
      let d = element.jqDouble - (i == 0 ? 1900 : 0)
      time[keyPath: fields[i]] =
        d < Double(Int32.min) ? Int32.min : d > Double(Int32.max) ? Int32.max : Int32(d)
    }
    if local {
      time.tm_isdst = -1
      mktime(&time)
    } else {
      timegm(&time)
    }
    return time
  }

  static func format(_ input: JSON, _ pattern: JSON, local: Bool, name: String) throws(QueryError)
    -> JSON
  {
    // In jq's order: the input first (a number is broken down), then the format.
    var broken = input
    if input.type == .number {
      broken = try brokenDown(
        input, local: local, name: name == "strftime/1" ? "gmtime" : "localtime")
    } else if input.type != .array {
      throw QueryError.runtime("\(name) requires parsed datetime inputs")
    }
    guard let pattern = pattern.string else {
      throw QueryError.runtime("\(name) requires a string format")
    }
    var time = try tm(broken, name: "\(name) requires parsed datetime inputs", local: local)
    var buffer = [CChar](repeating: 0, count: 512)
    let count = strftime(&buffer, buffer.count, pattern, &time)
    guard count > 0 || pattern.isEmpty else {
      throw QueryError.runtime("\(name): unknown system failure")
    }
    return JSON(String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self))
  }

  static func parse(_ input: JSON, _ pattern: JSON) throws(QueryError) -> JSON {
    guard let text = input.string else {
      throw QueryError.runtime("strptime/1 requires string inputs and arguments")
    }
    guard let pattern = pattern.string else {
      throw QueryError.runtime("strptime/1 requires string inputs and arguments")
    }
    // jq's sentinels: a weekday or day of the year that strptime leaves unset is worked
    // out below, only when a day and a valid month were read.
    var time = BrokenDownTime()
    time.tm_wday = 8
    time.tm_yday = 367
    var rest = ""
    let matched = text.withCString { start -> Bool in
      guard let end = csystemshims_strptime(start, pattern, &time) else { return false }
      // Trailing white space is allowed, and what follows it comes back as a ninth element.
      guard end.pointee == 0 || isspace(Int32(UInt8(bitPattern: end.pointee))) != 0 else {
        return false
      }
      rest = String(cString: end)
      return true
    }
    guard matched else {
      // jq formats both as C strings: they stop at a NUL.
      let date = text.prefix { $0 != "\0" }
      let format = pattern.prefix { $0 != "\0" }
      throw QueryError.runtime("date \"\(date)\" does not match format \"\(format)\"")
    }
    if time.tm_mday != 0 && (0...11).contains(time.tm_mon) {
      if time.tm_wday == 8 { time.tm_wday = gaussWeekday(time) }
      if time.tm_yday == 367 { time.tm_yday = dayOfYear(time) }
    }
    var result = ValueOps.elements(array(time))
    if !rest.isEmpty { result.append(JSON(rest)) }
    return JSON(array: result)
  }

  /// jq's `set_tm_wday`: Gauss's weekday formula, as jq computes it (wrong, as jq's is, in
  /// January and February of 1900 and 2100).
  static func gaussWeekday(_ time: BrokenDownTime) -> Int32 {
    let century = (1900 + Int(time.tm_year)) / 100
    var year = (1900 + Int(time.tm_year)) % 100
    if time.tm_mon < 2 { year -= 1 }
    var month = Int(time.tm_mon) - 1
    if month < 1 { month += 12 }
    var weekday =
      (Int(time.tm_mday) + Int((2.6 * Double(month) - 0.2).rounded(.down)) + year
        + Int((Double(year) / 4).rounded(.down)) + Int((Double(century) / 4).rounded(.down))
        - 2 * century) % 7
    if weekday < 0 { weekday += 7 }
    return Int32(weekday)
  }

  /// jq's `set_tm_yday`.
  static func dayOfYear(_ time: BrokenDownTime) -> Int32 {
    let starts = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334]
    let year = 1900 + Int(time.tm_year)
    let leap = time.tm_mon > 1 && ((year % 4 == 0 && year % 100 != 0) || year % 400 == 0)
    var month = Int(time.tm_mon)
    if month < 0 { month = -month }
    if month > 11 { month %= 12 }
    return Int32(starts[month] + (leap ? 1 : 0) + Int(time.tm_mday) - 1)
  }
}

/// The C library's broken-down time (`struct tm`), named apart from `DateFunctions.tm(_:name:)`.
typealias BrokenDownTime = tm
