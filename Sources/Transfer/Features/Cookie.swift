import Foundation

/// One HTTP cookie in a session's ``CookieStorage``: Transfer's `HTTPCookie`, with its
/// property names.
///
/// ```swift
/// let cookie = Cookie(name: "locale", value: "en-GB", domain: "api.example.com")
/// session.cookieStorage?.setCookie(cookie)
/// ```
public struct Cookie: Sendable, Hashable, CustomStringConvertible {
  /// The cookie's name.
  public var name: String
  /// The cookie's value.
  public var value: String
  /// The host it belongs to, without a leading dot (`api.example.com`).
  public var domain: String
  /// Whether hosts under ``domain`` get it too: true when the server set a `Domain`
  /// attribute, false for a host-only cookie.
  public var includesSubdomains: Bool
  /// The path prefix of the URLs it is sent to (`/` for all).
  public var path: String
  /// When it expires; `nil` for a session cookie, which lives as long as the store.
  public var expiresDate: Date?
  /// Sent over HTTPS only (and to `localhost` and `127.0.0.1`, which curl trusts over HTTP).
  public var isSecure: Bool
  /// Set with `HttpOnly` (kept by the store, sent like any cookie: this is not a browser).
  public var isHTTPOnly: Bool

  /// A cookie; every parameter after `domain` has the default a bare `Set-Cookie: name=value`
  /// would get.
  ///
  /// ```swift
  /// let cookie = Cookie(
  ///   name: "session", value: "abc", domain: "example.com", includesSubdomains: true,
  ///   path: "/api", expiresDate: Date(timeIntervalSinceNow: 3600), isSecure: true)
  /// ```
  ///
  /// - Parameters:
  ///   - name: the name.
  ///   - value: the value.
  ///   - domain: the host, without a leading dot.
  ///   - includesSubdomains: whether hosts under `domain` get it too.
  ///   - path: the path prefix it is sent to.
  ///   - expiresDate: when it expires; `nil` for a session cookie.
  ///   - isSecure: HTTPS only.
  ///   - isHTTPOnly: set with `HttpOnly`.
  public init(
    name: String, value: String, domain: String, includesSubdomains: Bool = false,
    path: String = "/", expiresDate: Date? = nil, isSecure: Bool = false, isHTTPOnly: Bool = false
  ) {
    self.name = name
    self.value = value
    self.domain = domain
    self.includesSubdomains = includesSubdomains
    self.path = path
    self.expiresDate = expiresDate
    self.isSecure = isSecure
    self.isHTTPOnly = isHTTPOnly
  }

  /// Whether it lives only as long as its store (no expiry date).
  public var isSessionOnly: Bool { expiresDate == nil }

  /// Whether a request to `url` at `date` carries this cookie (RFC 6265: domain and path
  /// match, HTTPS or a loopback host for a secure cookie, not expired).
  ///
  /// ```swift
  /// cookie.matches(URL(string: "https://api.example.com/api/users")!)
  /// ```
  public func matches(_ url: URL, at date: Date = Date()) -> Bool {
    guard let host = url.host?.lowercased(), !host.isEmpty else { return false }
    if let expiresDate, expiresDate <= date { return false }
    if isSecure && url.scheme?.lowercased() != "https" && !Self.loopbackHosts.contains(host) {
      return false
    }
    let domain = self.domain.lowercased()
    let domainMatches =
      host == domain || (includesSubdomains && host.hasSuffix("." + domain))
    return domainMatches && Self.pathMatches(url.path.isEmpty ? "/" : url.path, path)
  }

  /// Hosts that curl counts as a secure context over plain HTTP (as browsers do), so that
  /// secure cookies go to them.
  private static let loopbackHosts: Set<String> = ["localhost", "127.0.0.1", "::1", "[::1]"]

  /// RFC 6265 5.1.4: the cookie path is the request path, or a prefix of it that ends in
  /// `/` or is followed by `/`.
  private static func pathMatches(_ requestPath: String, _ cookiePath: String) -> Bool {
    if requestPath == cookiePath { return true }
    guard requestPath.hasPrefix(cookiePath) else { return false }
    return cookiePath.hasSuffix("/") || requestPath.dropFirst(cookiePath.count).hasPrefix("/")
  }

  /// A short text for logs.
  public var description: String { "\(name)=\(value); domain=\(domain); path=\(path)" }

  // MARK: curl's Netscape format

  /// Reads a line of curl's cookie list: domain, subdomains flag, path, secure flag, expiry
  /// (Unix seconds, 0 for a session cookie), name, value, separated by tabs; `#HttpOnly_`
  /// before the domain marks an HttpOnly cookie.
  init?(netscapeLine line: String) {
    var fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    guard fields.count >= 6 else { return nil }
    if fields.count == 6 { fields.append("") }  // an empty value
    var domain = fields[0]
    isHTTPOnly = domain.hasPrefix("#HttpOnly_")
    if isHTTPOnly { domain.removeFirst("#HttpOnly_".count) }
    if domain.hasPrefix(".") { domain.removeFirst() }
    self.domain = domain
    includesSubdomains = fields[1] == "TRUE"
    path = fields[2]
    isSecure = fields[3] == "TRUE"
    let expires = Int64(fields[4]) ?? 0
    expiresDate = expires == 0 ? nil : Date(timeIntervalSince1970: TimeInterval(expires))
    name = fields[5]
    value = fields[6...].joined(separator: "\t")
  }

  /// This cookie as a line of curl's Netscape format; `nil` if a field holds a tab or a line
  /// break, which the format cannot carry.
  var netscapeLine: String? {
    let text = [name, value, domain, path]
    guard !text.contains(where: { $0.contains { "\t\r\n".contains($0) } }), !domain.isEmpty else {
      return nil
    }
    let expires = expiresDate.map { max(1, Int64($0.timeIntervalSince1970.rounded(.up))) } ?? 0
    let domainField =
      (isHTTPOnly ? "#HttpOnly_" : "") + (includesSubdomains ? "." : "") + domain
    return [
      domainField, includesSubdomains ? "TRUE" : "FALSE", path, isSecure ? "TRUE" : "FALSE",
      String(expires), name, value,
    ].joined(separator: "\t")
  }
}
