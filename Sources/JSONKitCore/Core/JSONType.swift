/// The kind of a JSON value, with SwiftyJSON's names.
///
/// ```swift
/// let json: JSON = ["id": 1]
/// json["id"].type == .number   // true
/// json["missing"].type == .null // true; json["missing"].error says why
/// ```
public enum JSONType: Int, Sendable, Hashable, CustomStringConvertible {
  /// A number, integral or not.
  case number
  /// A string.
  case string
  /// `true` or `false`.
  case bool
  /// An array.
  case array
  /// An object (SwiftyJSON's name).
  case dictionary
  /// `null`, and the value of a failed access (whose `error` says why).
  case null
  /// A value that could not be represented (SwiftyJSON's name; JSONKit never produces it
  /// from parsing, only from `JSON(_:)` given an unsupported object).
  case unknown

  /// The type's name as error messages use it: `number`, `string`, `boolean`, `array`,
  /// `dictionary`, `null` or `unknown`.
  public var description: String {
    switch self {
    case .number: "number"
    case .string: "string"
    case .bool: "boolean"
    case .array: "array"
    case .dictionary: "dictionary"
    case .null: "null"
    case .unknown: "unknown"
    }
  }
}
