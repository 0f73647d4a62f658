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

  /// The defaults overridden by `JQ_COLORS`, read as jq 1.8.2 reads it: colon-separated
  /// fields of digits and `;` (any length, so 24-bit colours such as `38;2;255;0;0` too), an
  /// empty field an empty SGR sequence (`ESC[m`) unless it is the last one, and whatever
  /// follows the eighth field ignored; `nil` when another character comes first, in which
  /// case jq warns and keeps the defaults.
  init?(environment text: String) {
    let bytes = Array(text.utf8)
    var fields: [String] = []
    var i = 0
    while true {
      let start = i
      while i < bytes.count, bytes[i] == UInt8(ascii: ";") || (0x30...0x39).contains(bytes[i]) {
        i += 1
      }
      let field = String(decoding: bytes[start..<i], as: UTF8.self)
      if i == bytes.count || fields.count + 1 >= 8 {
        if !field.isEmpty { fields.append(field) }
        break
      }
      guard bytes[i] == UInt8(ascii: ":") else { return nil }
      fields.append(field)
      i += 1
    }
    let paths: [WritableKeyPath<ColorScheme, String>] = [
      \.null, \.false, \.true, \.number, \.string, \.array, \.object, \.key,
    ]
    for (field, path) in zip(fields, paths) { self[keyPath: path] = field }
  }

  /// The escape sequence that starts `parameters`.
  static func start(_ parameters: String) -> [UInt8] { Array("\u{1B}[\(parameters)m".utf8) }

  /// The escape sequence that ends a color.
  static let reset: [UInt8] = Array("\u{1B}[0m".utf8)
}
