/// The rules of jq 1.8's lexer that both of jsonkit's lexers read by: `Lexer` (the parser's
/// tokens) and `JQTokenizer` (jq's token stream, for the model of jq's parser).
///
/// Each rule says where a token that starts at an offset ends, so the two lexers cut the
/// program in the same places.
enum JQLexicalRules {
  /// `[a-zA-Z_]`: the first byte of a name.
  static func isNameStart(_ b: UInt8) -> Bool {
    (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") || b == UInt8(ascii: "_")
  }

  /// `[0-9]`.
  static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

  /// `[a-zA-Z_0-9]`: a byte of a name after its first.
  static func isNameByte(_ b: UInt8) -> Bool { isNameStart(b) || isDigit(b) }

  /// A letter or a digit: what a `\u` escape takes up to four of.
  static func isEscapeDigit(_ b: UInt8) -> Bool { isNameByte(b) && b != UInt8(ascii: "_") }

  /// The end of the bytes of a name from `start` (in it): `[a-zA-Z_0-9]*` and its
  /// `::name` parts (`mod::fn`).
  static func nameEnd(_ bytes: [UInt8], from start: Int) -> Int {
    var i = start
    while i < bytes.count, isNameByte(bytes[i]) { i += 1 }
    while i + 2 < bytes.count, bytes[i] == UInt8(ascii: ":"), bytes[i + 1] == UInt8(ascii: ":"),
      isNameStart(bytes[i + 2])
    {
      i += 2
      while i < bytes.count, isNameByte(bytes[i]) { i += 1 }
    }
    return i
  }

  /// The end of the number literal at `start`: `([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?`.
  static func numberEnd(_ bytes: [UInt8], from start: Int) -> Int {
    var i = start
    while i < bytes.count, isDigit(bytes[i]) { i += 1 }
    if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
      i += 1
      while i < bytes.count, isDigit(bytes[i]) { i += 1 }
    }
    if i < bytes.count, bytes[i] | 0x20 == UInt8(ascii: "e") {
      var probe = i + 1
      if probe < bytes.count, bytes[probe] == UInt8(ascii: "+") || bytes[probe] == UInt8(ascii: "-")
      {
        probe += 1
      }
      if probe < bytes.count, isDigit(bytes[probe]) {
        i = probe
        while i < bytes.count, isDigit(bytes[i]) { i += 1 }
      }
    }
    return i
  }

  /// The end of the run of escapes from `start` in a string, which jq's lexer reads as one
  /// token: `\` and a byte other than `(`, a `\u` taking up to four letters or digits.
  static func escapeRunEnd(_ bytes: [UInt8], from start: Int) -> Int {
    var i = start
    while i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] != UInt8(ascii: "(") {
      let escape = bytes[i + 1]
      i += 2
      guard escape == UInt8(ascii: "u") else { continue }
      var digits = 0
      while digits < 4, i < bytes.count, isEscapeDigit(bytes[i]) {
        i += 1
        digits += 1
      }
    }
    return i
  }
}
