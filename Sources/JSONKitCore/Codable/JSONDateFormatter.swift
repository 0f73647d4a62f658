#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the `.formatted` date strategies of ``JSONKitDecoder`` and ``JSONKitEncoder`` need
/// of a formatter.
///
/// Foundation's `DateFormatter` conforms (in JSONKit), so
/// `.formatted(formatter)` reads as with Foundation's `JSONDecoder`.
///
/// The coders live in JSONKitCore, which has FoundationEssentials but not `DateFormatter`
/// (Foundation's, with ICU behind it): naming the formatter through this protocol keeps
/// Foundation out of every program that does not use it.
///
/// ```swift
/// let formatter = DateFormatter()
/// formatter.locale = Locale(identifier: "en_US_POSIX")
/// formatter.dateFormat = "yyyy-MM-dd"
/// var decoder = JSONKitDecoder()
/// decoder.dateDecodingStrategy = .formatted(formatter)
/// ```
public protocol JSONDateFormatter: AnyObject, Sendable {
  /// The date the text stands for, or `nil` when the text is not in the format.
  func date(from string: String) -> Date?
  /// The date as text in the format.
  func string(from date: Date) -> String
  /// The ICU pattern and the zone's fixed offset from UTC in seconds, when the coders may
  /// read and write the format themselves (much faster than ICU): an `en_US_POSIX`,
  /// Gregorian, strict formatter in a zone without daylight saving time; `nil` otherwise.
  var jsonKitFixedPattern: (pattern: String, secondsFromGMT: Int)? { get }
}
