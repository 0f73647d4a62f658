import Foundation

extension DateFormatter: JSONDateFormatter {
  /// The pattern and offset when this formatter's settings are ones `FixedDateFormat`
  /// reproduces exactly: the `en_US_POSIX` locale, the Gregorian calendar, strict parsing,
  /// no default date, no relative formatting, and a zone that never changes its offset.
  ///
  /// ```swift
  /// let formatter = DateFormatter()
  /// formatter.locale = Locale(identifier: "en_US_POSIX")
  /// formatter.timeZone = TimeZone(identifier: "UTC")
  /// formatter.dateFormat = "yyyy-MM-dd"
  /// formatter.jsonKitFixedPattern  // ("yyyy-MM-dd", 0)
  /// ```
  public var jsonKitFixedPattern: (pattern: String, secondsFromGMT: Int)? {
    guard locale.identifier == "en_US_POSIX", calendar.identifier == .gregorian, !isLenient,
      defaultDate == nil, !doesRelativeDateFormatting, let offset = Self.fixedOffset(timeZone)
    else { return nil }
    return (dateFormat, offset)
  }

  /// The offset of a zone that never changes it (GMT, UTC, GMT+0100…).
  private static func fixedOffset(_ zone: TimeZone) -> Int? {
    let fixed =
      ["GMT", "UTC", "Etc/UTC", "Etc/GMT"].contains(zone.identifier)
      || zone.identifier.hasPrefix("GMT+") || zone.identifier.hasPrefix("GMT-")
    guard fixed, zone.nextDaylightSavingTimeTransition == nil else { return nil }
    return zone.secondsFromGMT()
  }
}

extension FixedDateFormat {
  /// The reader for `formatter`'s current settings, or `nil` when they are not ones it
  /// reproduces exactly.
  package init?(_ formatter: DateFormatter) {
    self.init(formatter.jsonKitFixedPattern)
  }
}
