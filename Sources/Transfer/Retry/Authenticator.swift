/// Applies a credential to requests, refreshes it, and tells authentication failures from
/// other failures: the part of ``AuthenticationInterceptor`` that knows the API.
///
/// ```swift
/// struct OAuthAuthenticator: Authenticator {
///   func apply(_ credential: OAuthCredential, to request: inout HTTPRequest) {
///     request.headers.update(.authorization(bearerToken: credential.accessToken))
///   }
///
///   func refresh(
///     _ credential: OAuthCredential, for session: Session,
///     completion: @escaping @Sendable (Result<OAuthCredential, any Error>) -> Void
///   ) {
///     session.request("https://auth.example.com/token", method: .post,
///                     parameters: ["refresh_token": credential.refreshToken])
///       .validate()
///       .responseDecodable(of: OAuthCredential.self) { completion($0.result.mapError { $0 }) }
///   }
///
///   func didRequest(
///     _ request: HTTPRequest, with response: HTTPResponse,
///     failDueToAuthenticationError error: TransferError
///   ) -> Bool {
///     response.statusCode == 401
///   }
///
///   func isRequest(_ request: HTTPRequest, authenticatedWith credential: OAuthCredential) -> Bool {
///     request.headers["Authorization"] == "Bearer \(credential.accessToken)"
///   }
/// }
/// ```
public protocol Authenticator: Sendable {
  /// The credential this authenticator applies and refreshes.
  associatedtype Credential: AuthenticationCredential

  /// Adds `credential` to `request` (usually an `Authorization` header).
  ///
  /// - Parameters:
  ///   - credential: the current credential.
  ///   - request: the request about to be sent.
  func apply(_ credential: Credential, to request: inout HTTPRequest)

  /// Gets a new credential and calls `completion` once with it or with the error that fails
  /// every request waiting for it. Only one refresh runs at a time.
  ///
  /// - Parameters:
  ///   - credential: the credential to refresh.
  ///   - session: the session whose request needed the refresh (it may make the refresh
  ///     request; use one without this interceptor, or the refresh waits for itself).
  ///   - completion: called once with the new credential or an error.
  func refresh(
    _ credential: Credential, for session: Session,
    completion: @escaping @Sendable (Result<Credential, any Error>) -> Void)

  /// Whether `request` failed because its credential was refused (a 401, usually), as
  /// opposed to any other error.
  ///
  /// - Parameters:
  ///   - request: the request as sent.
  ///   - response: the response it got.
  ///   - error: how it failed (a validation error for a 401 after `validate()`).
  /// - Returns: true when the credential was refused, so the request is refreshed and retried.
  func didRequest(
    _ request: HTTPRequest, with response: HTTPResponse,
    failDueToAuthenticationError error: TransferError
  ) -> Bool

  /// Whether `request` was sent with `credential`.
  ///
  /// A request refused with an older credential
  /// is retried at once with the current one rather than refreshing again.
  ///
  /// - Parameters:
  ///   - request: the request as sent.
  ///   - credential: the current credential.
  /// - Returns: true when `request` carried `credential`.
  func isRequest(_ request: HTTPRequest, authenticatedWith credential: Credential) -> Bool
}
