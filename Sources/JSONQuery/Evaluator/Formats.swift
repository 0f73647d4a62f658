import JSONKitCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The `@name` string formats: `apply` picks the format, one function per kind of escaping.
enum Formats {
  static func apply(_ name: String, _ value: JSON) throws(QueryError) -> String {
    switch name {
    case "text": return ValueOps.text(value)
    case "json": return ValueOps.json(value)
    case "html": return html(ValueOps.text(value))
    case "uri": return uri(ValueOps.text(value))
    case "urid":
      guard let decoded = URIDecoding.decode(ValueOps.text(value)) else {
        throw .runtime("\(ValueOps.describe(value)) is not a valid uri encoding")
      }
      return decoded
    case "csv", "tsv": return try row(value, csv: name == "csv")
    case "sh": return try shellWords(value)
    case "base64", "base64d", "base32", "base32d": return try binary(name, value)
    default:
      throw .runtime("\(name) is not a valid format")
    }
  }

  /// `@html`: `<`, `>`, `&`, `'` and `"` as entities.
  static func html(_ text: String) -> String {
    var out = ""
    for c in text.unicodeScalars {
      switch c {
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "&": out += "&amp;"
      case "'": out += "&apos;"
      case "\"": out += "&quot;"
      case "\0": out += "\\0"
      default: out.unicodeScalars.append(c)
      }
    }
    return out
  }

  /// `@uri`: every byte but RFC 3986's unreserved characters percent-encoded.
  static func uri(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
      if (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57)
        || byte == 45 || byte == 95 || byte == 46 || byte == 126
      {
        out.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        out += "%"
        out.unicodeScalars.append(hexDigits[Int(byte >> 4)])
        out.unicodeScalars.append(hexDigits[Int(byte & 15)])
      }
    }
    return out
  }

  /// `@uri`'s digits (upper case, as jq).
  private static let hexDigits = Array("0123456789ABCDEF".unicodeScalars)

  /// `@csv` and `@tsv`: an array of scalars as one row.
  static func row(_ value: JSON, csv: Bool) throws(QueryError) -> String {
    guard value.type == .array else {
      throw .runtime(
        "\(ValueOps.describe(value)) cannot be \(csv ? "csv" : "tsv")-formatted, only array"
      )
    }
    var fields: [String] = []
    for item in ValueOps.elements(value) {
      switch item.type {
      // jq 1.8 renders NaN as an empty field, as null.
      case .number: fields.append(item.jqDouble.isNaN ? "" : ValueOps.text(item))
      case .bool: fields.append(item.boolValue ? "true" : "false")
      case .null: fields.append("")
      case .string:
        let s = item.stringValue
        if csv {
          fields.append(
            "\"" + replacing(s) { $0 == "\"" ? "\"\"" : $0 == "\0" ? "\\0" : nil } + "\"")
        } else {
          fields.append(
            replacing(s) {
              switch $0 {
              case "\\": "\\\\"
              case "\t": "\\t"
              case "\n": "\\n"
              case "\r": "\\r"
              case "\0": "\\0"
              default: nil
              }
            })
        }
      default:
        throw .runtime("\(ValueOps.describe(item)) is not valid in a csv row")
      }
    }
    return fields.joined(separator: csv ? "," : "\t")
  }

  /// `@sh`: a scalar, or an array of scalars, as shell words; strings single-quoted.
  static func shellWords(_ value: JSON) throws(QueryError) -> String {
    let items = value.type == .array ? ValueOps.elements(value) : [value]
    var words: [String] = []
    for item in items {
      switch item.type {
      case .array, .dictionary:
        throw .runtime("\(ValueOps.describe(item)) can not be escaped for shell")
      case .string:
        words.append(
          "'" + replacing(item.stringValue) { $0 == "'" ? "'\\''" : $0 == "\0" ? "\\0" : nil }
            + "'")
      default: words.append(ValueOps.text(item))
      }
    }
    return words.joined(separator: " ")
  }

  /// `text` with each scalar that `replacement` gives a text for replaced by it.
  ///
  /// Scalar by
  /// scalar, as jq (which works on bytes): a quote followed by a combining mark is still
  /// a quote to escape.
  static func replacing(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for c in text.unicodeScalars {
      if let replaced = replacement(c) { out += replaced } else { out.unicodeScalars.append(c) }
    }
    return out
  }

  /// `@base64`, `@base64d`, `@base32`, `@base32d`: the text's UTF-8 bytes encoded, or the
  /// decoded bytes as text.
  static func binary(_ name: String, _ value: JSON) throws(QueryError) -> String {
    let text = ValueOps.text(value)
    // The result (at most 8/5 of the text's bytes) and the buffer it is made in.
    let count = 2 * text.utf8.count
    try MemoryBudget.check(Double(count), "@\(name) of \(text.utf8.count) bytes")
    switch name {
    case "base64": return Data(text.utf8).base64EncodedString()
    case "base64d":
      switch Base64Decoding.decode(text) {
      // As jq's `jv_string_sized` makes a string of bytes: one U+FFFD per bad sequence
      // where jq's decoder cuts it, not where Swift's repair does.
      case .success(let bytes): return JQTextParser.repairedString(bytes[...])
      case .failure(.invalidCharacter):
        throw .runtime("\(ValueOps.describe(JSON(text))) is not valid base64 data")
      case .failure(.trailingByte):
        throw .runtime("\(ValueOps.describe(JSON(text))) trailing base64 byte found")
      }
    case "base32": return Base32.encode(Array(text.utf8))
    default:
      guard let bytes = Base32.decode(text) else {
        throw .runtime("\(ValueOps.describe(value)) is not valid base32 data")
      }
      return String(decoding: bytes, as: UTF8.self)
    }
  }
}
