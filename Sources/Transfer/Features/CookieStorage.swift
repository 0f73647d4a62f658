import Foundation

/// A session's cookie jar: curl's cookie engine, shared by every request of one ``Session``
/// and by no other session.
///
/// Transfer's `HTTPCookieStorage`, one per session.
///
/// Cookies that responses set (`Set-Cookie`, redirects included) are kept and sent back with
/// later requests whose host, path and scheme match them, until they expire. With
/// ``SessionConfiguration/Cookies/persistent(path:)`` they are loaded from a file when the
/// session is made and saved to it by ``flush()`` and when the session goes away.
///
/// ```swift
/// let session = Session(configuration: SessionConfiguration(cookies: .inMemory))
/// _ = try await session.request("https://example.com/login", method: .post).serializingData().value
/// let cookies = session.cookieStorage?.cookies(for: URL(string: "https://example.com/")!) ?? []
/// session.cookieStorage?.setCookie(Cookie(name: "locale", value: "en", domain: "example.com"))
/// ```
public final class CookieStorage: Sendable {
  let share: CurlCookieShare

  init(share: CurlCookieShare) { self.share = share }

  /// The file the cookies are saved to, for a persistent store.
  ///
  /// ```swift
  /// print(session.cookieStorage?.path ?? "in memory")
  /// ```
  public var path: String? { share.path }

  /// Every cookie held, in curl's order; expired ones are gone.
  ///
  /// ```swift
  /// for cookie in session.cookieStorage?.cookies ?? [] { print(cookie.name, cookie.domain) }
  /// ```
  public var cookies: [Cookie] {
    share.lines().compactMap(Cookie.init(netscapeLine:))
  }

  /// The cookies a request to `url` would carry now.
  ///
  /// ```swift
  /// let sent = session.cookieStorage?.cookies(for: URL(string: "https://example.com/api")!)
  /// ```
  public func cookies(for url: URL) -> [Cookie] {
    let now = Date()
    return cookies.filter { $0.matches(url, at: now) }
  }

  /// Stores `cookie`, replacing one with the same name, domain and path.
  ///
  /// A cookie whose
  /// expiry date has passed removes that one instead. Returns false (and stores nothing) for
  /// a cookie with an empty domain or a tab or line break in a field.
  ///
  /// ```swift
  /// session.cookieStorage?.setCookie(Cookie(name: "token", value: "t1", domain: "example.com"))
  /// ```
  @discardableResult
  public func setCookie(_ cookie: Cookie) -> Bool {
    guard let line = cookie.netscapeLine else { return false }
    return share.command(line)
  }

  /// Removes `cookie` (the one with its name, domain and path).
  ///
  /// ```swift
  /// if let token = storage.cookies.first(where: { $0.name == "token" }) { storage.deleteCookie(token) }
  /// ```
  public func deleteCookie(_ cookie: Cookie) {
    var expired = cookie
    expired.expiresDate = Date(timeIntervalSince1970: 1)
    setCookie(expired)
  }

  /// Removes every cookie (HTTPCookieStorage's `removeCookies(since: .distantPast)`).
  ///
  /// ```swift
  /// session.cookieStorage?.removeAllCookies()   // log out
  /// ```
  public func removeAllCookies() {
    _ = share.command("ALL")
  }

  /// Removes the session cookies (those without an expiry date), as a browser does when it
  /// quits.
  ///
  /// ```swift
  /// session.cookieStorage?.removeSessionCookies()
  /// ```
  public func removeSessionCookies() {
    _ = share.command("SESS")
  }

  /// Writes every cookie to ``path`` now (also done when the session goes away).
  ///
  /// Does nothing
  /// for a store in memory.
  ///
  /// ```swift
  /// session.cookieStorage?.flush()
  /// ```
  public func flush() {
    guard path != nil else { return }
    _ = share.command("FLUSH")
  }
}
