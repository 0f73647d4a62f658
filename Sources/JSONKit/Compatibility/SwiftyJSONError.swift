import Foundation

/// SwiftyJSON's error type, under its name: code written against SwiftyJSON compares and
/// catches `JSONError` values with SwiftyJSON's constants.
///
/// ```swift
/// let json: JSON = ["name": "Ada"]
/// json["age"].error == SwiftyJSONError.notExist      // true
/// json["age"].error?.description  // "Dictionary key 'age' does not exist at .age"
/// do { try json.merge(with: 1) } catch SwiftyJSONError.wrongType { /* … */ }
/// ```
public typealias SwiftyJSONError = JSONError

extension JSONError {
  /// SwiftyJSON's constant for a value `JSON(_:)` cannot represent (code 999).
  public static var unsupportedType: JSONError { JSONError(.code(.unsupportedType)) }
  /// SwiftyJSON's constant for an array index out of range (code 900).
  public static var indexOutOfBounds: JSONError { JSONError(.code(.indexOutOfBounds)) }
  /// SwiftyJSON's constant for nesting beyond a depth limit (code 902).
  public static var elementTooDeep: JSONError { JSONError(.code(.elementTooDeep)) }
  /// SwiftyJSON's constant for a value of the wrong type (code 901).
  public static var wrongType: JSONError { JSONError(.code(.wrongType)) }
  /// SwiftyJSON's constant for a missing dictionary key (code 500).
  public static var notExist: JSONError { JSONError(.code(.notExist)) }
  /// SwiftyJSON's constant for input that is not JSON (code 490).
  public static var invalidJSON: JSONError { JSONError(.code(.invalidJSON)) }

  /// SwiftyJSON's numeric code of this error (`SwiftyJSONError.wrongType.rawValue == 901`).
  public var rawValue: Int { code.rawValue }

  /// Two errors are equal when all their parts are; a SwiftyJSON constant
  /// (`SwiftyJSONError.notExist`) equals every error with its code, whatever its path.
  ///
  /// ```swift
  /// JSON(1)["a"].error == SwiftyJSONError.wrongType   // true
  /// ```
  public static func == (lhs: JSONError, rhs: JSONError) -> Bool {
    if case .code(let code) = lhs.reason { return code == rhs.code }
    if case .code(let code) = rhs.reason { return code == lhs.code }
    return lhs.reason == rhs.reason && lhs.location == rhs.location && lhs.path == rhs.path
      && lhs.excerpt == rhs.excerpt
  }

  /// Hashes the code only: a SwiftyJSON constant must hash as every error it equals.
  public func hash(into hasher: inout Hasher) { hasher.combine(code) }

  /// Matches a thrown error against a SwiftyJSON constant in a `catch` or `case` pattern.
  ///
  /// ```swift
  /// do { try json.merge(with: 1) } catch SwiftyJSONError.wrongType { print("differ") }
  /// ```
  ///
  /// - Parameters:
  ///   - pattern: the constant, such as `SwiftyJSONError.notExist`.
  ///   - value: the thrown error.
  /// - Returns: whether `value` is a `JSONError` equal to `pattern`.
  public static func ~= (pattern: JSONError, value: any Error) -> Bool {
    guard let error = value as? JSONError else { return false }
    return pattern == error
  }
}

extension JSONError: CustomNSError {
  /// SwiftyJSON's error domain, `com.swiftyjson.SwiftyJSON`.
  public static var errorDomain: String { "com.swiftyjson.SwiftyJSON" }

  /// SwiftyJSON's numeric code (`JSONError.Code`).
  public var errorCode: Int { code.rawValue }

  /// The full message (`description`, with its path or location) under
  /// `NSLocalizedDescriptionKey`, so that `localizedDescription` says where, as with every
  /// JSONKit error; SwiftyJSON's fixed sentence for the code (`Dictionary key does not
  /// exist.`) is under `NSLocalizedFailureReasonErrorKey`. (SwiftyJSON puts its fixed
  /// sentence under `NSLocalizedDescriptionKey`: a documented difference.)
  public var errorUserInfo: [String: Any] {
    [
      NSLocalizedDescriptionKey: description,
      NSLocalizedFailureReasonErrorKey: code.swiftyJSONDescription,
    ]
  }
}
