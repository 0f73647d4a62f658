#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Everything that can go wrong in JSONKit, with where it happened.
///
/// Parse errors carry a `location` (byte offset, line, column) and an excerpt of the input;
/// access errors (a missing key, an index out of range, a wrong type) carry the full `path`
/// from the root. `description` says what, where, and what was found:
///
/// ```swift
/// do {
///   _ = try JSON(data: Data("{\n  \"a\": tru\n}".utf8))
/// } catch {
///   print(error)  // Unexpected character '\n' at line 2, column 11 (byte 12) near '{   "a": tru }'
/// }
/// let json: JSON = ["user": ["name": "Ada"]]
/// print(json["user"]["address"].error!)
/// // Dictionary key 'address' does not exist at .user.address
/// ```
public struct JSONError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong, grouped by the stage that failed: reading text (`parse`), reading a
  /// value that is not there (`access`), or converting a Foundation object (`conversion`).
  ///
  /// ```swift
  /// if case .parse(.invalidUTF8) = error.reason { … }
  /// if case .access(.keyNotFound(let key)) = json["id"].error?.reason { … }
  /// ```
  public enum Reason: Sendable, Hashable {
    /// The input is not a JSON text (``JSONError/location`` says where).
    case parse(ParseFailure)
    /// A subscript or getter found no value of the kind it needs (``JSONError/path`` says
    /// where).
    case access(AccessFailure)
    /// `JSON(_:)` was given an object that has no JSON representation.
    case conversion(ConversionFailure)
    /// A SwiftyJSON error constant such as `SwiftyJSONError.notExist`: only a code, and equal
    /// to every error with that code (so `json.error == SwiftyJSONError.notExist` ports).
    case code(Code)
  }

  /// Why a JSON text could not be parsed.
  public enum ParseFailure: Sendable, Hashable {
    /// A byte that cannot start or continue a value here.
    case unexpectedCharacter(String)
    /// The input ended inside a value.
    case unexpectedEndOfInput
    /// The input holds no value at all.
    case emptyInput
    /// A malformed number, with the reason.
    case invalidNumber(String)
    /// A malformed escape sequence or a lone UTF-16 surrogate in a `\u` escape.
    case invalidEscape(String)
    /// A byte sequence that is not well-formed UTF-8 (overlong, surrogate, > U+10FFFF,
    /// truncated, or a stray continuation byte).
    case invalidUTF8
    /// A raw control character inside a string.
    case controlCharacterInString
    /// A structural error: a missing `:` or `,`, a non-string key, a stray bracket.
    case syntax(String)
    /// A second top-level value where only one is allowed.
    case unexpectedValue
    /// Comments are not enabled (`JSONParser.Options.allowComments`).
    case commentsNotAllowed
    /// Nesting deeper than the configured limit.
    case nestingTooDeep(limit: Int)
    /// The input is not UTF-8 (a UTF-16 or UTF-32 encoding was detected).
    case unsupportedEncoding(String)
    /// One value of a stream is longer than the push parser's `maxValueBytes`; the
    /// location is where the limit was passed.
    case valueTooLarge(limit: Int)
  }

  /// Why a subscript, getter or merge found no value of the kind it needs.
  public enum AccessFailure: Sendable, Hashable {
    /// An object has no such key.
    case keyNotFound(String)
    /// An array index outside `0..<count`.
    case indexOutOfBounds(index: Int, count: Int)
    /// A value of another type than the operation needs.
    case wrongType(expected: JSONType, found: JSONType, preview: String)
  }

  /// Why a Foundation object could not become a `JSON` value.
  public enum ConversionFailure: Sendable, Hashable {
    /// The object (named by its type) has no JSON representation.
    case unsupportedType(String)
  }

  /// SwiftyJSON's error codes, so that `json.error?.code == .notExist` ports directly.
  public enum Code: Int, Sendable, Hashable {
    /// `JSON(_:)` was given an object it cannot represent (999).
    case unsupportedType = 999
    /// An array index past the end (900).
    case indexOutOfBounds = 900
    /// Nesting deeper than the parser's `maxDepth` (902).
    case elementTooDeep = 902
    /// A subscript or getter met a value of another type (901).
    case wrongType = 901
    /// An object key that is not there (500).
    case notExist = 500
    /// Text that is not JSON (490).
    case invalidJSON = 490
  }

  /// Where in the input a parse error happened.
  public struct Location: Sendable, Hashable, CustomStringConvertible {
    /// Zero-based byte offset from the start of the input (or stream).
    public var byte: Int
    /// One-based line number.
    public var line: Int
    /// One-based column, counted in bytes.
    public var column: Int

    /// A location; `line` and `column` count from 1, `byte` from 0.
    public init(byte: Int, line: Int, column: Int) {
      self.byte = byte
      self.line = line
      self.column = column
    }

    public var description: String { "line \(line), column \(column) (byte \(byte))" }
  }

  /// What failed, grouped by stage: parsing, access, conversion, or a bare SwiftyJSON code.
  public var reason: Reason
  /// Set for parse errors.
  public var location: Location?
  /// Set for access errors: the components from the root to the failed step.
  public var path: [JSONPathComponent]?
  /// A short piece of the input around `location`.
  public var excerpt: String?

  /// An error with its reason and, where known, where it happened.
  ///
  /// ```swift
  /// let error = JSONError(.access(.notExist("age")), path: [.key("user"), .key("age")])
  /// error.description  // "Dictionary key 'age' does not exist at .user.age"
  /// ```
  ///
  /// - Parameters:
  ///   - reason: what failed.
  ///   - location: for parse errors, where in the input.
  ///   - path: for access errors, the steps from the root to the failed one.
  ///   - excerpt: for parse errors, the input around `location`.
  public init(
    _ reason: Reason, location: Location? = nil, path: [JSONPathComponent]? = nil,
    excerpt: String? = nil
  ) {
    self.reason = reason
    self.location = location
    self.path = path
    self.excerpt = excerpt
  }

  /// The SwiftyJSON error code of this error.
  public var code: Code {
    switch reason {
    case .access(.keyNotFound): .notExist
    case .access(.indexOutOfBounds): .indexOutOfBounds
    case .access(.wrongType): .wrongType
    case .conversion(.unsupportedType): .unsupportedType
    case .parse(.nestingTooDeep): .elementTooDeep
    case .parse: .invalidJSON
    case .code(let code): code
    }
  }

  /// The parse failure, when the input was not a JSON text; `nil` for other errors.
  ///
  /// ```swift
  /// #expect(error.parseFailure == .emptyInput)
  /// ```
  public var parseFailure: ParseFailure? {
    if case .parse(let failure) = reason { return failure }
    return nil
  }

  /// The access failure, when a subscript or getter found no suitable value; `nil` otherwise.
  ///
  /// ```swift
  /// JSON(["a": 1])["b"].error?.accessFailure  // .keyNotFound("b")
  /// ```
  public var accessFailure: AccessFailure? {
    if case .access(let failure) = reason { return failure }
    return nil
  }

  /// The path rendered in jq's notation (`.user.friends[3].name`), or `nil`.
  public var pathDescription: String? { path.map(JSONPathComponent.render) }

  /// What went wrong, without the location.
  public var message: String {
    switch reason {
    case .parse(let failure): failure.message
    case .access(let failure): failure.message
    case .conversion(.unsupportedType(let what)):
      "Unsupported type: \(what) has no JSON representation"
    case .code(let code): code.swiftyJSONDescription
    }
  }

  public var description: String {
    if case .access(.wrongType(let expected, let found, let preview)) = reason,
      let path = pathDescription
    {
      return "Expected \(expected) at \(path) but found \(found) (\(preview))"
    }
    var text = message
    if let location { text += " at \(location)" }
    if let path = pathDescription { text += " at \(path)" }
    if let excerpt, !excerpt.isEmpty { text += " near '\(excerpt)'" }
    return text
  }
}

extension JSONError: LocalizedError {
  /// The same text as `description`: what went wrong, where, and what was found.
  public var errorDescription: String? { description }
}

extension JSONError.ParseFailure {
  /// What is wrong with the text, without the location.
  var message: String {
    switch self {
    case .unexpectedCharacter(let c): "Unexpected character \(c)"
    case .unexpectedEndOfInput: "Unexpected end of input"
    case .emptyInput: "Unexpected end of input: the document is empty"
    case .invalidNumber(let why): "Invalid number (\(why))"
    case .invalidEscape(let why): "Invalid escape (\(why))"
    case .invalidUTF8: "Invalid UTF-8 byte sequence"
    case .controlCharacterInString: "Unescaped control character in string"
    case .syntax(let why): "Syntax error (\(why))"
    case .unexpectedValue: "Unexpected additional top-level value"
    case .commentsNotAllowed: "Comments are not allowed"
    case .nestingTooDeep(let limit): "Nesting deeper than \(limit) levels"
    case .unsupportedEncoding(let which):
      "Unsupported encoding: input looks like \(which), JSONKit reads UTF-8"
    case .valueTooLarge(let limit): "Value longer than the limit of \(limit) bytes (maxValueBytes)"
    }
  }
}

extension JSONError.AccessFailure {
  /// What the access did not find, without the path.
  var message: String {
    switch self {
    case .keyNotFound(let key): "Dictionary key '\(key)' does not exist"
    case .indexOutOfBounds(let index, let count):
      "Array index \(index) is out of bounds (count \(count))"
    case .wrongType(let expected, let found, let preview):
      "Expected \(expected) but found \(found) (\(preview))"
    }
  }
}
