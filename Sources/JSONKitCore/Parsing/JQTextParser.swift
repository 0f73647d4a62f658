/// JSON text read the way jq 1.8 reads it (`jv_parse.c`, built with decNumber): what
/// `fromjson` accepts and what jq's command line reads from its inputs.
///
/// jq's reader is more lenient than JSON in its literals and stricter in what it says:
/// - a literal that is not `true`, `false` or `null` is a number in decNumber's syntax, so
///   `NaN`, `nan`, `-Infinity`, `inf`, `+1`, `.5`, `5.` and `01` are numbers (NaN prints as
///   `null`, infinities as ±1.7976931348623157e+308); a number keeps its text;
/// - invalid UTF-8 in a string becomes U+FFFD, one per ill-formed sequence, as jq's decoder
///   cuts them; a lone `\u` high surrogate is an error and a lone low one becomes U+FFFD;
/// - nesting is limited to 10,000 levels, counting an object's pending key as a level;
/// - errors are jq's sentences with jq's line and column ("Expected separator between
///   values at line 1, column 4").
///
/// ```swift
/// let value = try JQTextParser.parse("[NaN, .5]")       // [null, 0.5]
/// JQTextParser.parse("{'a': 1}")                        // throws: Invalid string literal;
///                                                       // expected ", but got ' at line 1,
///                                                       // column 5 (while parsing '{'a': 1}')
/// let (values, failure) = JQTextParser.parseAll(Array("1 2 x".utf8))
/// // values [1, 2], failure "Invalid literal at EOF at line 1, column 5"
/// ```
public enum JQTextParser {
  /// A reading that failed, with jq's message.
  public struct Failure: Error, Sendable, Hashable {
    /// jq's words for it, with the line and column (and, from `parse`, the text).
    public let message: String
  }

  /// jq's parsing depth limit (`MAX_PARSING_DEPTH`).
  public static let maxDepth = 10_000

  /// One JSON value from `text`, as `fromjson` reads it (`jv_parse_sized`): a second value
  /// is an error ("Unexpected extra JSON values"), and so is no value ("Expected JSON
  /// value"); every message ends with ` (while parsing '<text>')`.
  ///
  /// - Throws: `Failure` with jq's message.
  public static func parse(_ text: String) throws(Failure) -> JSON {
    let bytes = Array(text.utf8)
    var machine = Machine()
    var first: JSON?
    var message: String?
    var i = 0
    outer: while true {
      switch machine.next(bytes, &i) {
      case .value(let value):
        if first == nil {
          first = value
        } else {
          message = "Unexpected extra JSON values"
          break outer
        }
      case .failure(let text):
        message = text
        break outer
      case .end:
        if first == nil { message = "Expected JSON value" }
        break outer
      }
    }
    if let message {
      // jq prints the text with `%.*s`, which stops at a NUL.
      let shown = bytes.prefix { $0 != 0 }
      throw Failure(
        message: "\(message) (while parsing '\(String(decoding: shown, as: UTF8.self))')")
    }
    return first!
  }

  /// The values of a whole input, in order, up to the first error, as jq's command line
  /// reads a file without `--seq`: jq reports the error and reads no further.
  public static func parseAll(_ bytes: [UInt8]) -> (values: [JSON], failure: String?) {
    var machine = Machine()
    var values: [JSON] = []
    var i = 0
    while true {
      switch machine.next(bytes, &i) {
      case .value(let value): values.append(value)
      case .failure(let message): return (values, message)
      case .end: return (values, nil)
      }
    }
  }

  /// The number a literal stands for in jq 1.8 (decNumber's syntax): an optional sign,
  /// then digits with an optional point (`1`, `.5`, `5.`, `01.50`) and an optional
  /// exponent, or `Infinity`/`Inf`/`NaN`/`sNaN` in any case (a NaN with a non-zero payload
  /// is refused).
  ///
  /// A number keeps its text, made JSON (`+1` → `1`, `.5` → `0.5`); `nil`
  /// when `text` is not such a literal.
  public static func number(_ text: some Collection<UInt8>) -> JSON? {
    let bytes = Array(text)
    guard !bytes.isEmpty else { return nil }
    var i = 0
    var negative = false
    if bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-") {
      negative = bytes[0] == UInt8(ascii: "-")
      i = 1
    }
    let word = String(decoding: bytes[i...], as: UTF8.self).lowercased()
    if word == "inf" || word == "infinity" {
      return JSON(negative ? -Double.infinity : Double.infinity)
    }
    for prefix in ["nan", "snan"] where word.hasPrefix(prefix) {
      let payload = word.dropFirst(prefix.count)
      guard payload.allSatisfy({ $0 == "0" }) else { return nil }
      return JSON(Double.nan)
    }
    let isDigit = { (c: UInt8) in c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }
    let integerStart = i
    while i < bytes.count, isDigit(bytes[i]) { i += 1 }
    let integer = bytes[integerStart..<i]
    var fraction: ArraySlice<UInt8> = []
    if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
      i += 1
      let start = i
      while i < bytes.count, isDigit(bytes[i]) { i += 1 }
      fraction = bytes[start..<i]
    }
    guard !integer.isEmpty || !fraction.isEmpty else { return nil }
    var exponent: ArraySlice<UInt8> = []
    if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
      let start = i
      i += 1
      if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
      let digits = i
      while i < bytes.count, isDigit(bytes[i]) { i += 1 }
      guard i > digits else { return nil }
      exponent = bytes[start..<i]
    }
    guard i == bytes.count else { return nil }
    // The same number as JSON text: no '+', one leading zero at most, a digit on each side
    // of a point. decNumber's own form of it is what jq prints (see `DecimalCanonical`).
    var json: [UInt8] = negative ? [UInt8(ascii: "-")] : []
    let significant = integer.drop { $0 == UInt8(ascii: "0") }
    json += significant.isEmpty ? [UInt8(ascii: "0")] : Array(significant)
    if !fraction.isEmpty {
      json.append(UInt8(ascii: "."))
      json += fraction
    }
    json += exponent
    return JSON(storage: .number(.text(String(decoding: json, as: UTF8.self))))
  }

  /// `bytes` as a string, each ill-formed UTF-8 sequence replaced by one U+FFFD where jq's
  /// decoder (`jvp_utf8_next`) cuts it: a lead byte takes the continuation bytes that follow
  /// it, up to its length; a sequence cut short by the end takes the rest. (jq's
  /// `jv_string_sized`: also what `@base64d` makes of its decoded bytes.)
  ///
  /// ```swift
  /// JQTextParser.repairedString([0xED, 0xA0, 0x80, 0x61][...])  // "\u{FFFD}a"
  /// ```
  package static func repairedString(_ bytes: ArraySlice<UInt8>) -> String {
    // Valid text decodes to itself. (`String(validating:as:)` is generic over the encoding
    // and looked its metadata up on every call: 2% of a `--stream` run.)
    var decoded = bytes.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    let unchanged = bytes.withUnsafeBufferPointer { original in
      decoded.withUTF8 { $0.count == original.count && $0.elementsEqual(original) }
    }
    if unchanged { return decoded }
    var scalars = String.UnicodeScalarView()
    var i = bytes.startIndex
    while i < bytes.endIndex {
      let first = bytes[i]
      if first < 0x80 {
        scalars.append(Unicode.Scalar(first))
        i += 1
        continue
      }
      let length: Int
      switch first {
      case 0xC2...0xDF: length = 2
      case 0xE0...0xEF: length = 3
      case 0xF0...0xF4: length = 4
      default: length = 0  // a continuation byte alone, C0, C1 or F5–FF
      }
      guard length > 0 else {
        scalars.append("\u{FFFD}")
        i += 1
        continue
      }
      guard bytes.endIndex - i >= length else {
        scalars.append("\u{FFFD}")
        i = bytes.endIndex
        continue
      }
      var value = UInt32(first) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
      var taken = 1
      while taken < length, bytes[i + taken] & 0xC0 == 0x80 {
        value = value << 6 | UInt32(bytes[i + taken] & 0x3F)
        taken += 1
      }
      let smallest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
      if taken == length, value >= smallest, let scalar = Unicode.Scalar(value) {
        scalars.append(scalar)
      } else {
        scalars.append("\u{FFFD}")
      }
      i += taken
    }
    return String(scalars)
  }
}

extension JQTextParser {
  /// jq's parser state (the non-streaming half of `struct jv_parser`), fed one byte at a
  /// time by `next`.
  struct Machine: TokenReading {
    enum Result {
      case value(JSON)
      case failure(String)
      case end
    }

    private enum Level {
      case array([JSON])
      case object(JSON)
      case key(String)
    }

    private enum State {
      case normal, string, escape
    }

    private var stack: [Level] = []
    /// The value just completed and not yet placed (jq's `p->next`).
    private var pending: JSON?
    var token: [UInt8] = []
    private var state = State.normal
    /// Where the next byte is, as jq counts for its messages: the line (from 1) and the
    /// bytes of it read so far.
    private(set) var line = 1
    private(set) var column = 0
    /// The line of the last byte that was not white space before the current one: the
    /// line a value completed by the byte after it ends on.
    private var lineBefore = 1
    /// The line the value just returned ends on.
    private(set) var valueLine = 1
    private var failed = false

    /// A machine that starts reading at `line`, `column` bytes into it (for messages).
    init(line: Int = 1, column: Int = 0) {
      self.line = line
      self.column = column
      lineBefore = line
      valueLine = line
    }

    /// Whether nothing is open: no token, no container, no value waiting for its end (a
    /// reader may hand the bytes from here to another parser).
    var isIdle: Bool { stack.isEmpty && pending == nil && token.isEmpty && state == .normal }

    /// The next value of `bytes` from `i` on, an error (after which there is nothing more),
    /// or the end.
    mutating func next(_ bytes: [UInt8], _ i: inout Int) -> Result {
      let found = bytes.withUnsafeBytes { next(in: $0, &i) }
      return found ?? finish()
    }

    /// The next value of `bytes` from `i` on, or an error (after which there is nothing
    /// more); `nil` when `bytes` ended first and more may follow (then `finish`).
    mutating func next(in bytes: UnsafeRawBufferPointer, _ i: inout Int) -> Result? {
      // Safe: `bytes[i]` is read behind `i < bytes.count`.
      if failed { return .end }
      while i < bytes.count {
        let c = bytes[i]
        i += 1
        switch scan(c) {
        case .success(let value?): return .value(value)
        case .success(nil): continue
        case .failure(let failure):
          failed = true
          return .failure("\(failure.message) at line \(line), column \(column)")
        }
      }
      return nil
    }

    /// The end of the input: the last value, or an error if one is unfinished.
    mutating func finish() -> Result {
      failed = true
      if state != .normal {
        return .failure("Unfinished string at EOF at line \(line), column \(column)")
      }
      if let message = checkLiteral() {
        return .failure("\(message) at EOF at line \(line), column \(column)")
      }
      if !stack.isEmpty {
        return .failure("Unfinished JSON term at EOF at line \(line), column \(column)")
      }
      if let value = pending {
        pending = nil
        valueLine = lineBefore
        return .value(value)
      }
      return .end
    }

    /// One byte (jq's `scan`): a completed top-level value, nothing yet, or an error.
    private mutating func scan(_ c: UInt8) -> Swift.Result<JSON?, Failure> {
      column += 1
      if c == 0x0A {
        line += 1
        column = 0
      }
      defer {
        if state != .normal || !(c == 0x20 || c == 0x09 || c == 0x0D || c == 0x0A) {
          lineBefore = line
        }
      }
      var done: JSON?
      if state == .normal {
        if !JQTextParser.isLiteral(c) {
          if let message = checkLiteral() { return .failure(Failure(message: message)) }
          if let value = takeDone() {
            // Completed by this byte after it: it ended where the last byte before did.
            done = value
            valueLine = lineBefore
          }
        }
        switch c {
        case 0x20, 0x09, 0x0D, 0x0A: break
        case 0x22: state = .string
        case 0x5B, 0x2C, 0x5D, 0x7B, 0x3A, 0x7D:
          if let message = structure(c) { return .failure(Failure(message: message)) }
        default: token.append(c)
        }
        if let value = takeDone() {
          done = value
          valueLine = line
        }
      } else if c == 0x22 && state == .string {
        if let message = foundString() { return .failure(Failure(message: message)) }
        state = .normal
        if let value = takeDone() {
          done = value
          valueLine = line
        }
      } else {
        token.append(c)
        state = c == 0x5C && state == .string ? .escape : .string
      }
      return .success(done)
    }

    /// A complete top-level value, taken (jq's `parse_check_done`).
    private mutating func takeDone() -> JSON? {
      guard stack.isEmpty, let value = pending else { return nil }
      pending = nil
      return value
    }

    /// jq's `value`: a completed scalar or container becomes the pending value.
    mutating func place(_ value: JSON) -> String? {
      if pending != nil { return "Expected separator between values" }
      pending = value
      return nil
    }

    /// `[ , ] { : }` (jq's `parse_token`).
    private mutating func structure(_ c: UInt8) -> String? {
      switch c {
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        if stack.count >= JQTextParser.maxDepth { return "Exceeds depth limit for parsing" }
        if pending != nil { return "Expected separator between values" }
        stack.append(c == UInt8(ascii: "[") ? .array([]) : .object([:]))
      case UInt8(ascii: ":"):
        guard let key = pending else { return "Expected string key before ':'" }
        guard case .object = stack.last else { return "':' not as part of an object" }
        guard key.type == .string else { return "Object keys must be strings" }
        stack.append(.key(key.stringValue))
        pending = nil
      case UInt8(ascii: ","):
        guard let value = pending else { return "Expected value before ','" }
        switch stack.last {
        case nil: return "',' not as part of an object or array"
        case .array(var elements):
          stack.removeLast()
          elements.append(value)
          stack.append(.array(elements))
        case .key(let key):
          stack.removeLast()
          setMember(key, value)
        case .object:
          return "Objects must consist of key:value pairs"
        }
        pending = nil
      case UInt8(ascii: "]"):
        guard case .array(var elements) = stack.last else { return "Unmatched ']'" }
        stack.removeLast()
        if let value = pending {
          elements.append(value)
        } else if !elements.isEmpty {
          return "Expected another array element"
        }
        pending = JSON(array: elements)
      default:  // '}'
        guard let last = stack.last else { return "Unmatched '}'" }
        if let value = pending {
          guard case .key(let key) = last else { return "Objects must consist of key:value pairs" }
          stack.removeLast()
          setMember(key, value)
        } else {
          guard case .object(let object) = last else { return "Unmatched '}'" }
          if object.count != 0 { return "Expected another key-value pair" }
        }
        guard case .object(let object) = stack.removeLast() else {
          preconditionFailure("a key is always above its object")
        }
        pending = object
      }
      return nil
    }

    /// Adds `key: value` to the object on top of the stack (a repeated key keeps its place
    /// and takes the new value).
    private mutating func setMember(_ key: String, _ value: JSON) {
      guard case .object(var object) = stack.removeLast() else {
        preconditionFailure("a key is always above its object")
      }
      object[key] = value
      stack.append(.object(object))
    }
  }
}

extension JQTextParser {
  /// What each one-character escape stands for (`\n` → newline).
  static let escapes: [UInt8: UInt8] = [
    0x5C: 0x5C, 0x22: 0x22, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C, 0x74: 0x09, 0x6E: 0x0A,
    0x72: 0x0D,
  ]

  /// The text of a string token, its quotes taken off, as a string (jq's `found_string`).
  static func string(_ token: [UInt8]) -> Swift.Result<JSON, Failure> {
    func fail(_ message: String) -> Swift.Result<JSON, Failure> {
      .failure(Failure(message: message))
    }
    // Most strings have no escape and no control character: their text is the token's.
    if !token.contains(where: { $0 == 0x5C || $0 < 0x20 }) {
      return .success(JSON(JQTextParser.repairedString(token[...])))
    }
    var out: [UInt8] = []
    out.reserveCapacity(token.count)
    var i = 0
    let end = token.count
    func hex4(_ at: Int) -> UInt32? {
      var value: UInt32 = 0
      for k in at..<at + 4 {
        let c = token[k]
        let digit: UInt8
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = c - UInt8(ascii: "A") + 10
        default: return nil
        }
        value = value << 4 | UInt32(digit)
      }
      return value
    }
    while i < end {
      let c = token[i]
      i += 1
      if c == UInt8(ascii: "\\") {
        guard i < end else { return fail("Expected escape character at end of string") }
        let e = token[i]
        i += 1
        if let byte = escapes[e] {
          out.append(byte)
          continue
        }
        switch e {
        case UInt8(ascii: "u"):
          guard i + 4 <= end else { return fail("Invalid \\uXXXX escape") }
          guard var scalar = hex4(i) else { return fail("Invalid characters in \\uXXXX escape") }
          i += 4
          if (0xD800...0xDBFF).contains(scalar) {
            guard i + 6 <= end, token[i] == UInt8(ascii: "\\"), token[i + 1] == UInt8(ascii: "u"),
              let low = hex4(i + 2), (0xDC00...0xDFFF).contains(low)
            else { return fail("Invalid \\uXXXX\\uXXXX surrogate pair escape") }
            i += 6
            scalar = 0x10000 + ((scalar - 0xD800) << 10 | (low - 0xDC00))
          }
          // A lone low surrogate is encoded as it is, then repaired as invalid UTF-8.
          let character = Unicode.Scalar(scalar) ?? "\u{FFFD}"
          out += Array(String(character).utf8)
        default:
          return fail("Invalid escape")
        }
      } else {
        if c < 0x20 {
          return fail(
            "Invalid string: control characters from U+0000 through U+001F must be escaped")
        }
        out.append(c)
      }
    }
    return .success(JSON(JQTextParser.repairedString(out[...])))
  }

  /// Whether jq's `classify` puts `c` in a literal token: anything but white space, `"`
  /// and `[ , ] { : }`.
  static func isLiteral(_ c: UInt8) -> Bool {
    switch c {
    case 0x20, 0x09, 0x0D, 0x0A, 0x22, 0x5B, 0x2C, 0x5D, 0x7B, 0x3A, 0x7D: false
    default: true
    }
  }

  /// A literal token as a value (jq's `check_literal`): `true`, `false`, `null`, or a number
  /// in decNumber's syntax.
  static func literal(_ token: [UInt8]) -> Swift.Result<JSON, Failure> {
    var pattern: (text: String, value: JSON)?
    switch token.first {
    case UInt8(ascii: "t"): pattern = ("true", JSON(true))
    case UInt8(ascii: "f"): pattern = ("false", JSON(false))
    case UInt8(ascii: "'"):
      return .failure(Failure(message: "Invalid string literal; expected \", but got '"))
    case UInt8(ascii: "n") where token.count > 1 && token[1] == UInt8(ascii: "u"):
      pattern = ("null", JSON.null)
    default: break
    }
    if let pattern {
      guard token.elementsEqual(pattern.text.utf8) else {
        return .failure(Failure(message: "Invalid literal"))
      }
      return .success(pattern.value)
    }
    guard let number = JQTextParser.number(token) else {
      return .failure(Failure(message: "Invalid numeric literal"))
    }
    return .success(number)
  }
}

/// What both of jq's reading modes (`JQTextParser.Machine`, `JQTextParser.StreamReader`) do
/// with a token read whole: read it as a value, place the value, start the next token.
protocol TokenReading {
  /// The text of the token being read (a literal, or a string without its quotes).
  var token: [UInt8] { get set }
  /// jq's `value`: takes a completed value, or says why it cannot go there.
  mutating func place(_ value: JSON) -> String?
}

extension TokenReading {
  /// The literal token read so far, if any, as a value (jq's `check_literal`).
  mutating func checkLiteral() -> String? {
    guard !token.isEmpty else { return nil }
    return take(JQTextParser.literal(token))
  }

  /// The string token just closed (jq's `found_string`).
  mutating func foundString() -> String? {
    take(JQTextParser.string(token))
  }

  private mutating func take(_ read: Swift.Result<JSON, JQTextParser.Failure>) -> String? {
    switch read {
    case .failure(let failure): return failure.message
    case .success(let value):
      if let message = place(value) { return message }
      token.removeAll(keepingCapacity: true)
      return nil
    }
  }
}
