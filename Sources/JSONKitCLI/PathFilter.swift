import Foundation
import JSONKit

/// A jq path expression: `.`, `.a.b[0]`, `.["key with spaces"]`, `."quoted key"`,
/// `.[2].name`, `.[-1]`.
///
/// This is deliberately small: the full jq language replaces it in a later version, so the
/// rest of the tool knows only `init(parsing:)` and `apply(to:)`.
struct PathFilter: Sendable, Equatable {
  /// One step: an object member or an array element (negative counts from the end).
  enum Step: Sendable, Equatable {
    case key(String)
    case index(Int)
  }

  /// The steps from the input value; none for `.`.
  let steps: [Step]

  // MARK: Applying

  /// Why a step cannot be taken, in jq's words: `Cannot index number with "a"`.
  struct IndexError: Error, Equatable, CustomStringConvertible {
    let description: String
  }

  /// The value at the end of the path, with jq's semantics: a missing key, an index past
  /// either end, or any step on `null` gives `null`; a key on anything but an object, or an
  /// index on anything but an array, is an error.
  ///
  /// Steps are taken one at a time rather than through `json[path]`, because JSONKit's path
  /// subscript has SwiftyJSON's semantics: no negative indexes, and a failure that does
  /// not say which key was tried.
  func apply(to root: JSON) throws(IndexError) -> JSON {
    var value = root
    for step in steps {
      switch (step, value.type) {
      case (_, .null):
        return .null
      case (.key(let key), .dictionary):
        let member = value[key]
        value = member.exists() ? member : .null
      case (.index(let index), .array):
        let count = value.count
        let position = index < 0 ? count + index : index
        value = (0..<count).contains(position) ? value[position] : .null
      case (.key(let key), let type):
        throw IndexError(
          description: "Cannot index \(Self.jqName(type)) with \(JSONWriter.quoted(key))")
      case (.index, let type):
        throw IndexError(description: "Cannot index \(Self.jqName(type)) with number")
      }
    }
    return value
  }

  /// jq's name for a type, as its messages use it ("object", not "dictionary").
  private static func jqName(_ type: JSONType) -> String {
    switch type {
    case .dictionary: "object"
    case .bool: "boolean"
    default: type.description
    }
  }

  // MARK: Parsing

  /// Why a filter does not parse, with the 1-based column of the problem.
  struct SyntaxError: Error, Equatable, CustomStringConvertible {
    let filter: String
    let column: Int
    let problem: String

    var description: String { "invalid filter '\(filter)' at column \(column): \(problem)" }
  }

  /// Parses a path: `.` then steps, each `.name`, `."key"`, `.[…]` or `[…]` (after a first
  /// step), where `[…]` holds an integer or a quoted key. White space around steps and
  /// inside brackets is ignored, as jq does.
  init(parsing text: String) throws(SyntaxError) {
    var parser = Parser(text: text)
    steps = try parser.parse()
  }

  /// A recursive-descent parser over the filter's UTF-8 bytes.
  private struct Parser {
    let text: String
    let bytes: [UInt8]
    var position = 0

    init(text: String) {
      self.text = text
      bytes = Array(text.utf8)
    }

    mutating func parse() throws(SyntaxError) -> [Step] {
      skipSpaces()
      guard peek() == UInt8(ascii: ".") else {
        throw failure("a path starts with '.', as in '.' or '.name'")
      }
      position += 1
      skipSpaces()
      if atEnd { return [] }  // `.` alone.
      var steps: [Step] = []
      // After the first '.', one step must follow directly (`.a`, `."a"`, `.[0]`).
      steps.append(try stepAfterDot())
      while true {
        skipSpaces()
        guard let byte = peek() else { return steps }
        switch byte {
        case UInt8(ascii: "."):
          position += 1
          skipSpaces()
          steps.append(try stepAfterDot())
        case UInt8(ascii: "["):
          steps.append(try bracket())
        default:
          throw failure("expected '.', '[' or the end of the filter")
        }
      }
    }

    /// A step after a `.`: a name, a quoted key, or a bracket.
    mutating func stepAfterDot() throws(SyntaxError) -> Step {
      guard let byte = peek() else { throw failure("expected a key or '[' after '.'") }
      if byte == UInt8(ascii: "[") { return try bracket() }
      if byte == UInt8(ascii: "\"") { return .key(try stringLiteral()) }
      if Self.isIdentifierStart(byte) { return .key(identifier()) }
      if byte == UInt8(ascii: ".") { throw failure("recursive descent '..' is not supported yet") }
      throw failure("expected a key or '[' after '.' (quote keys like .\"a-b\")")
    }

    /// `[0]`, `[-1]` or `["key"]`.
    mutating func bracket() throws(SyntaxError) -> Step {
      position += 1  // '['
      skipSpaces()
      let step: Step
      switch peek() ?? 0 {
      case UInt8(ascii: "\""):
        step = .key(try stringLiteral())
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        step = .index(try integer())
      case UInt8(ascii: "]"):
        throw failure("iterating with '[]' is not supported yet")
      default:
        throw failure("expected an integer or a quoted key inside '[…]'")
      }
      skipSpaces()
      guard peek() == UInt8(ascii: "]") else {
        throw failure(peek() == UInt8(ascii: ":") ? "slices are not supported yet" : "expected ']'")
      }
      position += 1
      return step
    }

    mutating func identifier() -> String {
      let start = position
      while let byte = peek(), Self.isIdentifierStart(byte) || (0x30...0x39).contains(byte) {
        position += 1
      }
      return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    mutating func integer() throws(SyntaxError) -> Int {
      let start = position
      if peek() == UInt8(ascii: "-") { position += 1 }
      while let byte = peek(), (0x30...0x39).contains(byte) { position += 1 }
      let digits = String(decoding: bytes[start..<position], as: UTF8.self)
      guard let value = Int(digits) else {
        position = start
        throw failure("'\(digits)' is not an integer index")
      }
      return value
    }

    /// A JSON string literal, decoded by JSONKit itself so that every escape JSON allows
    /// (`\n`, `\u00e9`, surrogate pairs) means what it means in the data.
    mutating func stringLiteral() throws(SyntaxError) -> String {
      let start = position
      position += 1  // opening quote
      while let byte = peek(), byte != UInt8(ascii: "\"") {
        position += byte == UInt8(ascii: "\\") ? 2 : 1
      }
      guard position < bytes.count else {
        position = start
        throw failure("unterminated string")
      }
      position += 1  // closing quote
      let literal = Data(bytes[start..<position])
      guard let key = try? JSONParser.parse(literal).string else {
        position = start
        throw failure("invalid string \(String(decoding: literal, as: UTF8.self))")
      }
      return key
    }

    var atEnd: Bool { position >= bytes.count }

    func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func skipSpaces() {
      while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
        position += 1
      }
    }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
      (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || byte == 0x5F
    }

    /// An error at the current position; the column counts characters, not bytes.
    func failure(_ problem: String) -> SyntaxError {
      let column = String(decoding: bytes[..<min(position, bytes.count)], as: UTF8.self).count + 1
      return SyntaxError(filter: text, column: column, problem: problem)
    }
  }
}
