import Foundation

/// Decides, redirect by redirect, whether a request follows a redirect and to what.
///
/// Alamofire 5's `RedirectHandler`, given the ``DataRequest`` where Alamofire gives the task.
///
/// With a handler (on the session or the request), curl's own following is off for that
/// request: Transfer reads each 301, 302, 303, 307 or 308 with a `Location`, builds the next
/// request (see ``Redirector``), asks the handler, and sends what it returns, with the same
/// TLS settings and pins. `nil` ends the request with the redirect response itself.
///
/// ```swift
/// struct SameHostOnly: RedirectHandler {
///   func request(
///     _ request: DataRequest, willBeRedirectedTo newRequest: HTTPRequest,
///     for response: HTTPResponse, completion: @escaping @Sendable (HTTPRequest?) -> Void
///   ) {
///     completion(newRequest.url.host == request.request?.url.host ? newRequest : nil)
///   }
/// }
/// session.request(url).redirect(using: SameHostOnly()).responseJSON { … }
/// ```
public protocol RedirectHandler: Sendable {
  /// Calls `completion` once, with the request to send next (`newRequest`, changed, or
  /// another), or `nil` to stop at `response`.
  ///
  /// - Parameters:
  ///   - request: the request being redirected.
  ///   - newRequest: the request a client would send next: the `Location` resolved against
  ///     the current URL, the method and body as HTTP says for the status.
  ///   - response: the redirect response.
  ///   - completion: called with the request to send, or `nil`.
  func request(
    _ request: DataRequest, willBeRedirectedTo newRequest: HTTPRequest, for response: HTTPResponse,
    completion: @escaping @Sendable (HTTPRequest?) -> Void)
}
