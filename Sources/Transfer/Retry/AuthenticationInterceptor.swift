import Foundation
import Threading

/// Applies a credential to every request and refreshes it when it expires or the server
/// refuses it, with one refresh at a time: Alamofire 5's `AuthenticationInterceptor`.
///
/// - Before each attempt: with no credential the request fails
///   (`requestAdaptationFailed(AuthenticationError.missingCredential)`); a credential that
///   `requiresRefresh` is refreshed first; otherwise it is applied.
/// - After a failed attempt that the authenticator calls an authentication failure (a 401):
///   if the request carried an older credential than the current one, it is retried at once;
///   otherwise the credential is refreshed and the request retried after it.
/// - While a refresh runs, every request that needs the credential waits; when it ends, each
///   is sent (or retried) once with the new credential, or fails with the refresh's error
///   (`requestRetryFailed`, or `requestAdaptationFailed` for one that had not been sent).
/// - More than `refreshWindow.maximumAttempts` refreshes within `refreshWindow.interval`
///   fail with ``AuthenticationError/excessiveRefresh`` instead of refreshing again.
///
/// ```swift
/// let interceptor = AuthenticationInterceptor(
///   authenticator: OAuthAuthenticator(), credential: storedCredential)
/// let session = Session(interceptor: interceptor)
/// let orders = try await session.request("https://api.example.com/orders")
///   .validate()   // a 401 must fail the attempt for the interceptor to see it
///   .serializingDecodable([Order].self)
///   .value
/// ```
public final class AuthenticationInterceptor<AuthenticatorType: Authenticator>:
  RequestInterceptor, Sendable
{
  /// The authenticator's credential type.
  public typealias Credential = AuthenticatorType.Credential

  /// How many refreshes may happen within how long before refreshing is called excessive.
  ///
  /// ```swift
  /// let window = AuthenticationInterceptor<OAuthAuthenticator>.RefreshWindow(
  ///   interval: .seconds(60), maximumAttempts: 3)
  /// ```
  public struct RefreshWindow: Sendable, Hashable {
    /// The span the refreshes are counted over, back from now.
    public let interval: Duration
    /// The most refreshes allowed within `interval`.
    public let maximumAttempts: Int

    /// A window; by default five refreshes in thirty seconds, as Alamofire's.
    ///
    /// - Parameters:
    ///   - interval: the span counted back from now.
    ///   - maximumAttempts: refreshes allowed within it.
    public init(interval: Duration = .seconds(30), maximumAttempts: Int = 5) {
      self.interval = interval
      self.maximumAttempts = maximumAttempts
    }
  }

  private struct State {
    var credential: Credential?
    var isRefreshing = false
    var refreshTimestamps: [ContinuousClock.Instant] = []
    var adaptOperations: [AdaptOperation] = []
    var requestsToRetry: [@Sendable (RetryResult) -> Void] = []
  }

  /// What `adapt` or `retry` does once out of the lock.
  private enum Decision {
    /// Apply this credential (adapt), or retry now (retry).
    case proceed(Credential)
    case fail(AuthenticationError)
    /// Wait for a refresh; start it with this credential if given.
    case wait(refresh: Credential?)
  }

  /// A request waiting for the refresh before its first send.
  private struct AdaptOperation: Sendable {
    let request: HTTPRequest
    let completion: @Sendable (Result<HTTPRequest, any Error>) -> Void
  }

  /// Applies, refreshes and recognises credentials.
  public let authenticator: AuthenticatorType
  /// The refresh limit; `nil`: none.
  public let refreshWindow: RefreshWindow?
  private let state: Locked<State>

  /// An interceptor for `authenticator`, starting with `credential`.
  ///
  /// ```swift
  /// let interceptor = AuthenticationInterceptor(authenticator: OAuthAuthenticator())
  /// interceptor.credential = try await login()
  /// ```
  ///
  /// - Parameters:
  ///   - authenticator: applies, refreshes and recognises credentials.
  ///   - credential: the first credential; `nil` fails requests until one is set.
  ///   - refreshWindow: the limit on refreshes; `nil` for none.
  public init(
    authenticator: AuthenticatorType, credential: Credential? = nil,
    refreshWindow: RefreshWindow? = RefreshWindow()
  ) {
    self.authenticator = authenticator
    self.refreshWindow = refreshWindow
    state = Locked(State(credential: credential))
  }

  /// The current credential: set it after a login, read it to store it.
  public var credential: Credential? {
    get { state.withLock { $0.credential } }
    set { state.withLock { $0.credential = newValue } }
  }

  // MARK: RequestAdapter

  /// Applies the credential, or waits for a refresh (running, or started here because the
  /// credential `requiresRefresh`), or fails with `missingCredential`.
  ///
  /// - Parameters:
  ///   - request: the request about to be sent.
  ///   - session: the session sending it (handed to `refresh`).
  ///   - completion: called once with the authenticated request, or a failure.
  public func adapt(
    _ request: HTTPRequest, for session: Session,
    completion: @escaping @Sendable (Result<HTTPRequest, any Error>) -> Void
  ) {
    let decision = state.withLock { state -> Decision in
      let waiting = AdaptOperation(request: request, completion: completion)
      if state.isRefreshing {
        state.adaptOperations.append(waiting)
        return .wait(refresh: nil)
      }
      guard let credential = state.credential else { return .fail(.missingCredential) }
      guard credential.requiresRefresh else { return .proceed(credential) }
      state.adaptOperations.append(waiting)
      return .wait(refresh: startRefresh(state: &state) ? credential : nil)
    }
    switch decision {
    case .proceed(let credential):
      var authenticated = request
      authenticator.apply(credential, to: &authenticated)
      completion(.success(authenticated))
    case .fail(let error): completion(.failure(error))
    case .wait(let credential?): refresh(credential, for: session)
    case .wait(nil): break
    }
  }

  // MARK: RequestRetrier

  /// Retries a request that failed for authentication: at once if the credential has changed
  /// since it was sent, else after a refresh (one for all the requests that need it).
  ///
  /// - Parameters:
  ///   - request: the failed request.
  ///   - session: the session that sent it (handed to `refresh`).
  ///   - error: why it failed.
  ///   - completion: called once with the decision.
  public func retry(
    _ request: DataRequest, for session: Session, dueTo error: TransferError,
    completion: @escaping @Sendable (RetryResult) -> Void
  ) {
    guard let sent = request.request, let response = request.lastAttemptResponse,
      authenticator.didRequest(sent, with: response, failDueToAuthenticationError: error)
    else { return completion(.doNotRetry) }
    let decision = state.withLock { state -> Decision in
      guard let credential = state.credential else { return .fail(.missingCredential) }
      guard authenticator.isRequest(sent, authenticatedWith: credential) else {
        return .proceed(credential)
      }
      state.requestsToRetry.append(completion)
      guard !state.isRefreshing else { return .wait(refresh: nil) }
      return .wait(refresh: startRefresh(state: &state) ? credential : nil)
    }
    switch decision {
    case .proceed: completion(.retry)
    case .fail(let error): completion(.doNotRetryWithError(error))
    case .wait(let credential?): refresh(credential, for: session)
    case .wait(nil): break
    }
  }

  // MARK: Refreshing

  /// Marks a refresh as started and returns true, or, when refreshing is excessive, fails
  /// every waiting request and returns false.
  ///
  /// Called under the lock.
  private func startRefresh(state: inout State) -> Bool {
    let now = ContinuousClock.now
    if let refreshWindow {
      let recent = state.refreshTimestamps.filter { now - $0 <= refreshWindow.interval }
      state.refreshTimestamps = recent
      if recent.count >= refreshWindow.maximumAttempts {
        let waiting = takeWaiting(&state)
        // Not under the lock: the completions start or end requests.
        DispatchQueue.global().async {
          Self.fail(waiting, with: AuthenticationError.excessiveRefresh)
        }
        return false
      }
    }
    state.refreshTimestamps.append(now)
    state.isRefreshing = true
    return true
  }

  private func refresh(_ credential: Credential, for session: Session) {
    authenticator.refresh(credential, for: session) { result in
      let waiting = self.state.withLock { state in
        state.isRefreshing = false
        if case .success(let fresh) = result { state.credential = fresh }
        return self.takeWaiting(&state)
      }
      switch result {
      case .success(let fresh):
        for operation in waiting.adapts {
          var authenticated = operation.request
          self.authenticator.apply(fresh, to: &authenticated)
          operation.completion(.success(authenticated))
        }
        for retry in waiting.retries { retry(.retry) }
      case .failure(let error):
        Self.fail(waiting, with: error)
      }
    }
  }

  private struct Waiting: Sendable {
    var adapts: [AdaptOperation]
    var retries: [@Sendable (RetryResult) -> Void]
  }

  private func takeWaiting(_ state: inout State) -> Waiting {
    defer {
      state.adaptOperations = []
      state.requestsToRetry = []
    }
    return Waiting(adapts: state.adaptOperations, retries: state.requestsToRetry)
  }

  private static func fail(_ waiting: Waiting, with error: any Error) {
    for operation in waiting.adapts { operation.completion(.failure(error)) }
    for retry in waiting.retries { retry(.doNotRetryWithError(error)) }
  }
}
