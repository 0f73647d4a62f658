import Foundation

/// The common redirect handlers: follow, do not follow, or change the next request.
///
/// ```swift
/// let session = Session(redirectHandler: Redirector.doNotFollow)
/// session.request(url).redirect(using: Redirector(behavior: .modify { _, next, _ in
///   var next = next
///   next.headers.remove(name: "Authorization")
///   return next
/// }))
/// ```
public struct Redirector: RedirectHandler {
  /// What to do with each redirect.
  public enum Behavior: Sendable {
    /// Send the next request as built.
    case follow
    /// Stop: the redirect response is the request's response.
    case doNotFollow
    /// Send what the closure returns (the request, the next request, the redirect response);
    /// `nil` stops.
    case modify(@Sendable (DataRequest, HTTPRequest, HTTPResponse) -> HTTPRequest?)
  }

  /// Follows every redirect (up to the session's limit).
  public static let follow = Redirector(behavior: .follow)
  /// Follows none.
  public static let doNotFollow = Redirector(behavior: .doNotFollow)

  /// What this redirector does.
  public let behavior: Behavior

  /// A redirector that does `behavior` with each redirect.
  ///
  /// ```swift
  /// let redirector = Redirector(behavior: .modify { _, next, _ in next.url.scheme == "https" ? next : nil })
  /// ```
  ///
  /// - Parameter behavior: follow, do not follow, or change the next request.
  public init(behavior: Behavior) { self.behavior = behavior }

  /// Calls `completion` with `newRequest`, `nil` or the closure's answer.
  ///
  /// - Parameters:
  ///   - request: the request being redirected.
  ///   - newRequest: the request a client would send next.
  ///   - response: the redirect response.
  ///   - completion: called with the request to send, or `nil`.
  public func request(
    _ request: DataRequest, willBeRedirectedTo newRequest: HTTPRequest, for response: HTTPResponse,
    completion: @escaping @Sendable (HTTPRequest?) -> Void
  ) {
    switch behavior {
    case .follow: completion(newRequest)
    case .doNotFollow: completion(nil)
    case .modify(let closure): completion(closure(request, newRequest, response))
    }
  }

  // MARK: The next request

  /// The statuses that redirect (with a `Location`).
  static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

  /// The request a client sends after `response` to `request`, or `nil` if `response` is no
  /// redirect.
  ///
  /// As browsers and curl do: 303 turns every method but HEAD into a body-less GET,
  /// and so do 301 and 302 for POST; 307 and 308 keep method and body. Going to another
  /// host (or scheme or port) drops `Authorization` and `Cookie`, which were meant for the
  /// first one (the cookie jar adds the new host's own cookies).
  static func nextRequest(after request: HTTPRequest, response: HTTPResponse) -> HTTPRequest? {
    guard redirectStatuses.contains(response.statusCode),
      let location = response.headers["Location"],
      let target = URL(string: location, relativeTo: request.url)?.absoluteURL,
      let scheme = target.scheme?.lowercased(), ["http", "https"].contains(scheme)
    else { return nil }
    var next = request
    next.url = target
    let becomesGet =
      (response.statusCode == 303 && request.method != .head)
      || ([301, 302].contains(response.statusCode) && request.method == .post)
    if becomesGet {
      next.method = .get
      next.body = nil
      next.headers.remove(name: "Content-Type")
      next.headers.remove(name: "Content-Length")
    }
    if !sameOrigin(request.url, target) {
      next.headers.remove(name: "Authorization")
      next.headers.remove(name: "Cookie")
    }
    return next
  }

  private static func sameOrigin(_ first: URL, _ second: URL) -> Bool {
    first.scheme?.lowercased() == second.scheme?.lowercased()
      && first.host?.lowercased() == second.host?.lowercased() && first.port == second.port
  }
}
