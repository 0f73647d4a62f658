/// How `rawData(options:)`, `rawString(options:)` and `JSONWriter` format JSON text.
///
/// ```swift
/// let json: JSON = ["b": 1, "a": [true, nil]]
/// json.rawString(options: [])                          // {"b":1,"a":[true,null]}
/// json.rawString(options: [.prettyPrinted, .sortedKeys])
/// ```
public struct JSONWritingOptions: OptionSet, Sendable, Hashable {
  public let rawValue: UInt

  public init(rawValue: UInt) { self.rawValue = rawValue }

  /// Newlines and indentation (two spaces, or `JSONWriter.indentation`).
  public static let prettyPrinted = JSONWritingOptions(rawValue: 1 << 0)
  /// Object keys in Unicode code point order instead of insertion order.
  public static let sortedKeys = JSONWritingOptions(rawValue: 1 << 1)
  /// Write `/` as `\/` (JSONSerialization's default, needed inside HTML `<script>`).
  public static let escapeSlashes = JSONWritingOptions(rawValue: 1 << 2)
  /// Write every non-ASCII character as a `\u` escape (surrogate pairs above U+FFFF).
  public static let asciiOnly = JSONWritingOptions(rawValue: 1 << 3)
  /// Accepted for JSONSerialization compatibility; slashes are unescaped unless
  /// `escapeSlashes` is given.
  public static let withoutEscapingSlashes = JSONWritingOptions(rawValue: 1 << 4)
  /// Accepted for JSONSerialization compatibility; JSONKit always writes top-level scalars.
  public static let fragmentsAllowed = JSONWritingOptions(rawValue: 1 << 5)
}
