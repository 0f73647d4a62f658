/// A credential that an ``Authenticator`` applies to requests, such as a token pair or an API key.
///
/// ```swift
/// struct OAuthCredential: AuthenticationCredential {
///   let accessToken: String
///   let refreshToken: String
///   let expiration: Date
///   // Refresh five minutes early, so no request goes out with a token about to expire.
///   var requiresRefresh: Bool { Date(timeIntervalSinceNow: 60 * 5) > expiration }
/// }
/// ```
public protocol AuthenticationCredential: Sendable {
  /// Whether the credential must be refreshed before it is used (it has expired, or will
  /// soon). Checked before each request is adapted.
  var requiresRefresh: Bool { get }
}
