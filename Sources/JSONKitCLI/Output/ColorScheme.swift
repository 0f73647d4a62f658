/// The colors of `-C` output, as jq's `JQ_COLORS` sets them: SGR parameters for null,
/// false, true, numbers, strings, arrays, objects and object keys, in that order.
///
/// ```swift
/// ColorScheme(environment: "1;31")  // red nulls, jq's defaults for the rest
/// ```
struct ColorScheme: Sendable, Equatable {
  var null = "0;90"
  var `false` = "0;39"
  var `true` = "0;39"
  var number = "0;39"
  var string = "0;32"
  var array = "1;39"
  var object = "1;39"
  var key = "1;34"

  /// jq's defaults.
  init() {}

  /// The defaults overridden by `JQ_COLORS` (colon-separated, any prefix of the eight
  /// fields); `nil` when the text is not valid, in which case jq warns and keeps the defaults.
  init?(environment text: String) {
    let fields = text.split(separator: ":", omittingEmptySubsequences: false)
    guard fields.count <= 8 else { return nil }
    for field in fields {
      guard field.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ";") }), field.count <= 12 else {
        return nil
      }
    }
    let paths: [WritableKeyPath<ColorScheme, String>] = [
      \.null, \.false, \.true, \.number, \.string, \.array, \.object, \.key,
    ]
    for (field, path) in zip(fields, paths) where !field.isEmpty {
      self[keyPath: path] = String(field)
    }
  }

  /// The escape sequence that starts `parameters`.
  static func start(_ parameters: String) -> [UInt8] { Array("\u{1B}[\(parameters)m".utf8) }

  /// The escape sequence that ends a color.
  static let reset: [UInt8] = Array("\u{1B}[0m".utf8)
}
