import Foundation
import JSONKit

/// Reads and writes a `Date` as a string through a `DateFormatter` you configure, as
/// ObjectMapper's `DateFormatterTransform`.
///
/// ```swift
/// let formatter = DateFormatter()
/// formatter.locale = Locale(identifier: "en_US_POSIX")
/// formatter.timeZone = TimeZone(identifier: "Europe/Paris")
/// formatter.dateFormat = "dd/MM/yyyy HH:mm"
/// let paris = DateFormatterTransform(dateFormatter: formatter)
/// meeting <- (map["meeting"], paris)                  // "24/12/2024 18:30"
/// ```
///
/// For a fixed format, `CustomDateFormatTransform(formatString:)` sets the locale and time
/// zone for you; for ISO 8601, `ISO8601DateTransform` is faster and needs no formatter.
/// A string the formatter does not parse in full fails (the property is left unchanged and
/// the failure recorded), as does anything that is not a string.
///
/// **Threads.** A `DateFormatter` is a class with mutable state (and on Apple platforms
/// is not `Sendable`), so this transform keeps its own copy, made when it is created, and
/// uses it only while holding a lock. Changing the formatter you passed in afterwards has
/// no effect on the transform, and one transform can be shared by any number of threads
/// (they take turns on the formatter; a formatter per call would cost more than the
/// wait). `dateFormatter` returns a copy for the same reason.
public class DateFormatterTransform: TransformType, @unchecked Sendable {
  // Safe: the only mutable state is `formatter`, which is never handed out and is only used inside
  // `lock.withLock`. Subclasses exist only in this module (`CustomDateFormatTransform`) and add
  // only `let` properties of `Sendable` types.
  /// The property's type.
  public typealias Object = Date
  /// The JSON side's type: what `transformToJSON` returns.
  public typealias JSON = String

  private let formatter: DateFormatter
  // NSLock, not Mutex: a Mutex owns its value and hands out only what can be sent, and
  // `dateFormatter` hands out a copy of this non-Sendable formatter made under the lock.
  private let lock = NSLock()
  /// Reads text in exactly the form the formatter writes, and writes most dates, without
  /// ICU (40–60 µs a date read, several µs a date written on Linux) and without the lock;
  /// anything else goes to the formatter.
  let fastParser: FixedDateFormat?

  /// A transform using a copy of `dateFormatter`.
  public init(dateFormatter: DateFormatter) {
    formatter = dateFormatter.copy() as! DateFormatter
    fastParser = FixedDateFormat(formatter)
  }

  /// A copy of the formatter this transform uses.
  public var dateFormatter: DateFormatter {
    lock.withLock { formatter.copy() as! DateFormatter }
  }

  /// Reads a Foundation value (`nil` for a missing or `null` one), as described for the type;
  /// `nil` when it does not convert.
  public func transformFromJSON(_ value: Any?) -> Date? {
    transformFromFoundationObject(value)
  }

  /// The JSON form of `value`, as described for the type; `nil` when there is nothing to
  /// write.
  public func transformToJSON(_ value: Date?) -> String? {
    guard let value else { return nil }
    if let text = fastParser?.format(value) { return text }
    return lock.withLock { formatter.string(from: value) }
  }

  public func transformFromJSONValue(_ json: JSONKit.JSON) -> Date? {
    guard let string = json.string else { return nil }
    if let date = fastParser?.parse(string) { return date }
    return lock.withLock { formatter.date(from: string) }
  }

  public func transformToJSONValue(_ object: Date?) -> JSONKit.JSON {
    transformToJSON(object).map { JSONKit.JSON($0) } ?? .null
  }
}
