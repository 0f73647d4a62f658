/// A JSON tree for the synthetic corpus.
///
/// Objects are ordered pair lists (not dictionaries,
/// whose order changes per process) and numbers are pre-formatted text, so the output is
/// deterministic and the generator decides exactly how each number is spelled.
indirect enum SyntheticValue {
  case null
  case bool(Bool)
  case number(String)
  case string(String, StringStyle = .raw)
  case array([SyntheticValue])
  case object([(String, SyntheticValue)])

  enum StringStyle {
    /// Only the mandatory escapes (`"`, `\`, control characters); non-ASCII stays UTF-8.
    case raw
    /// Also `\/` and `\uXXXX` for everything non-ASCII (surrogate pairs above U+FFFF), as
    /// ASCII-only producers write it: exercises the parser's escape decoding.
    case escaped
  }

  static func int(_ value: Int) -> SyntheticValue { .number(String(value)) }

  /// The JSON text: compact when `indent` is 0, else pretty with `indent` spaces per level
  /// and `"key": value` like JSONSerialization's pretty output.
  func serialized(indent: Int) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(1 << 21)
    write(into: &out, indent: indent, depth: 0)
    out.append(UInt8(ascii: "\n"))
    return out
  }

  private func write(into out: inout [UInt8], indent: Int, depth: Int) {
    func newline(_ depth: Int) {
      guard indent > 0 else { return }
      out.append(UInt8(ascii: "\n"))
      out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * depth))
    }
    switch self {
    case .null: out.append(contentsOf: "null".utf8)
    case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
    case .number(let text): out.append(contentsOf: text.utf8)
    case .string(let text, let style): Self.writeString(text, style: style, into: &out)
    case .array(let items):
      out.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        newline(depth + 1)
        item.write(into: &out, indent: indent, depth: depth + 1)
      }
      if !items.isEmpty { newline(depth) }
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      out.append(UInt8(ascii: "{"))
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        newline(depth + 1)
        Self.writeString(key, style: .raw, into: &out)
        out.append(contentsOf: (indent > 0 ? ": " : ":").utf8)
        value.write(into: &out, indent: indent, depth: depth + 1)
      }
      if !members.isEmpty { newline(depth) }
      out.append(UInt8(ascii: "}"))
    }
  }

  private static func writeString(_ text: String, style: StringStyle, into out: inout [UInt8]) {
    func hex4(_ unit: UInt16) {
      let digits = Array("0123456789abcdef".utf8)
      out.append(contentsOf: "\\u".utf8)
      for shift in stride(from: 12, through: 0, by: -4) {
        out.append(digits[Int((unit >> UInt16(shift)) & 0xF)])
      }
    }
    out.append(UInt8(ascii: "\""))
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out.append(contentsOf: "\\\"".utf8)
      case "\\": out.append(contentsOf: "\\\\".utf8)
      case "\n": out.append(contentsOf: "\\n".utf8)
      case "\r": out.append(contentsOf: "\\r".utf8)
      case "\t": out.append(contentsOf: "\\t".utf8)
      case "/" where style == .escaped: out.append(contentsOf: "\\/".utf8)
      case _ where scalar.value < 0x20: hex4(UInt16(scalar.value))
      case _ where scalar.value >= 0x80 && style == .escaped:
        for unit in String(scalar).utf16 { hex4(unit) }
      default: out.append(contentsOf: String(scalar).utf8)
      }
    }
    out.append(UInt8(ascii: "\""))
  }
}
