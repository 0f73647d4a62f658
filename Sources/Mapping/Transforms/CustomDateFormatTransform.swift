import Foundation

/// Reads and writes a `Date` as a string in a fixed format, as ObjectMapper's
/// `CustomDateFormatTransform`.
///
/// ```swift
/// day     <- (map["day"], CustomDateFormatTransform(formatString: "yyyy-MM-dd"))      // "2024-01-02"
/// stamp   <- (map["stamp"], CustomDateFormatTransform(formatString: "yyyy-MM-dd HH:mm:ss Z"))
/// ```
///
/// The format uses `DateFormatter`'s patterns (Unicode TR 35) and is read with the
/// `en_US_POSIX` locale and the Gregorian calendar, so that the machine's language and
/// settings never change the result. Times are in UTC: a format without a zone field
/// (`"yyyy-MM-dd HH:mm"`) reads and writes UTC wall-clock times rather than the
/// machine's local time (which ObjectMapper used, so the same text gave another instant
/// on each server); a format with a zone field (`Z`, `XXX`, `zzz`) takes the offset from
/// the text when reading and writes UTC (`+0000`). For another zone, configure a
/// `DateFormatter` and use `DateFormatterTransform`.
///
/// Safe to share between threads (see `DateFormatterTransform`).
public final class CustomDateFormatTransform: DateFormatterTransform, @unchecked Sendable {
  // Safe: as `DateFormatterTransform` (its note): this subclass adds only a `let` of a `Sendable`
  // type.
  /// The format the transform reads and writes.
  public let formatString: String

  /// A transform for dates written in `formatString`, read and written in UTC with the
  /// `en_US_POSIX` locale.
  ///
  /// - Parameter formatString: a `DateFormatter` pattern such as `"yyyy-MM-dd"`.
  public init(formatString: String) {
    self.formatString = formatString
    let formatter = DateFormatter()
    formatter.calendar = Calendar(identifier: .gregorian)
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = formatString
    super.init(dateFormatter: formatter)
  }
}
