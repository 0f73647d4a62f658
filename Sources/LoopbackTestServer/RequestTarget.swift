import Foundation

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

  /// Percent-decoding that keeps malformed text as it came rather than failing: a test server
  /// should show the client's bytes, not reject them.
  ///
  /// `+` means space only in queries (HTML
  /// form encoding); in a path it is a literal plus.
  static func decode(_ text: Substring, plusIsSpace: Bool) -> String {
    let text = plusIsSpace ? text.replacingOccurrences(of: "+", with: " ") : String(text)
    return text.removingPercentEncoding ?? text
  }
}
