import CSystemShims
import JSONKit

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
      return JSON(Int(timegm(&time)))
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
    var whole = time_t(seconds.rounded(.down))
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

  /// jq's array → `struct tm` (`message` when it is not an array of numbers).
  static func tm(_ input: JSON, name message: String) throws(QueryError) -> BrokenDownTime {
    var fields: [Int] = []
    for element in ValueOps.elements(input) {
      guard element.type == .number, element.jqDouble.isFinite else {
        throw QueryError.runtime(message)
      }
      fields.append(Int(clamping: Int64(element.jqDouble.rounded(.down))))
    }
    while fields.count < 8 { fields.append(0) }
    var time = BrokenDownTime()
    time.tm_year = Int32(clamping: fields[0] - 1900)
    time.tm_mon = Int32(clamping: fields[1])
    time.tm_mday = Int32(clamping: fields[2])
    time.tm_hour = Int32(clamping: fields[3])
    time.tm_min = Int32(clamping: fields[4])
    time.tm_sec = Int32(clamping: fields[5])
    time.tm_wday = Int32(clamping: fields[6])
    time.tm_yday = Int32(clamping: fields[7])
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
    var time = try tm(broken, name: "\(name) requires parsed datetime inputs")
    if local {
      // Fills in the zone name and offset for %Z and %z.
      var copy = time
      var seconds = timegm(&copy)
      localtime_r(&seconds, &time)
    }
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
    var time = BrokenDownTime()
    let end = text.withCString { csystemshims_strptime($0, pattern, &time) }
    guard let end, end.pointee == 0 else {
      throw QueryError.runtime("date \"\(text)\" does not match format \"\(pattern)\"")
    }
    // The weekday and day of the year, which strptime leaves unset unless the format has them.
    var copy = time
    var seconds = timegm(&copy)
    var normalized = BrokenDownTime()
    gmtime_r(&seconds, &normalized)
    time.tm_wday = normalized.tm_wday
    time.tm_yday = normalized.tm_yday
    return array(time)
  }
}

/// The C library's broken-down time (`struct tm`), named apart from `DateFunctions.tm(_:name:)`.
typealias BrokenDownTime = tm
