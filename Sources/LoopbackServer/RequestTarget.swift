/// Splits a request target into a decoded path and decoded query items.
struct RequestTarget {
  var path: String
  var queryItems: [(name: String, value: String)]

  init(_ target: String) {
    var rest = Substring(target)
    // Absolute form ("http://host/p?q") is what a client sends to a proxy; keep only the path.
    if !rest.hasPrefix("/"), let colon = rest.firstIndex(of: ":"), rest[colon...].hasPrefix("://") {
      let afterScheme = rest[rest.index(colon, offsetBy: 3)...]
      rest = afterScheme.firstIndex(of: "/").map { afterScheme[$0...] } ?? "/"
    }
    if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
    let pathPart: Substring
    let queryPart: Substring?
    if let mark = rest.firstIndex(of: "?") {
      pathPart = rest[..<mark]
      queryPart = rest[rest.index(after: mark)...]
    } else {
      pathPart = rest
      queryPart = nil
    }
    path = Self.decode(pathPart, plusIsSpace: false)
    queryItems = (queryPart ?? "").split(separator: "&").map { item in
      let equals = item.firstIndex(of: "=")
      let name = equals.map { item[..<$0] } ?? item
      let value = equals.map { item[item.index(after: $0)...] } ?? ""
      return (Self.decode(name, plusIsSpace: true), Self.decode(value, plusIsSpace: true))
    }
  }

  /// Percent-decoding that leaves malformed escapes as they are rather than failing: a test
  /// server should show the client's bytes, not reject them. `+` means space only in queries
  /// (HTML form encoding); in a path it is a literal plus.
  static func decode(_ text: Substring, plusIsSpace: Bool) -> String {
    let bytes = Array(text.utf8)
    var decoded: [UInt8] = []
    decoded.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
        let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
      {
        decoded.append(high << 4 | low)
        index += 3
      } else {
        decoded.append(plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
        index += 1
      }
    }
    return String(decoding: decoded, as: UTF8.self)
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
