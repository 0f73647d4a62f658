/// Why ``AuthenticationInterceptor`` failed a request.
///
/// ```swift
/// if case .requestAdaptationFailed(let error as AuthenticationError) = response.error,
///   error == .missingCredential {
///   showLogin()
/// }
/// ```
public enum AuthenticationError: Error, Sendable, Hashable {
  /// The interceptor has no credential to apply or refresh.
  case missingCredential
  /// The credential was refreshed `maximumAttempts` times within the refresh window: the
  /// server keeps refusing fresh credentials, so refreshing again would loop.
  case excessiveRefresh
}
