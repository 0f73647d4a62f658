import Foundation
import JSONKit
import LoopbackTestServer
import TestProcesses
import Testing
import Threading
import Transfer

/// An API that accepts only the newest token it issued: `POST /token` issues `token-<n>`
/// (n counts the calls) or fails with 500 when told to; `/data?i=` answers 401 to any other
/// `Authorization` and `{"i": …}` to the newest token; with `wait=refresh` it first waits
/// for a token to have been issued.
///
/// Every wait here is for an event, however long a loaded machine takes to bring it about;
/// its bound (`livenessLimit`) only keeps a failing test from holding a thread for ever.
final class TokenServer: Sendable {
  private let state = Locked(
    (issued: 0, refreshFails: false, acceptsTokens: true, waiting: 0, refused: 0, hold: 0))

  var refreshCalls: Int { state.withLock { $0.issued } }
  func failRefreshes() { state.withLock { $0.refreshFails = true } }
  func refuseEveryToken() { state.withLock { $0.acceptsTokens = false } }
  /// Holds each 401 until `count` requests have been refused, so that all of them are sent
  /// with the old token before the first refusal starts a refresh.
  func holdRefusals(until count: Int) { state.withLock { $0.hold = count } }
  /// Requests with `wait=refresh` that have arrived.
  var waiting: Int { state.withLock { $0.waiting } }

  func handle(_ request: ServerRequest) -> ServerResponse {
    switch request.path {
    case "/token":
      let (issued, fails) = state.withLock { state in
        state.issued += 1
        return (state.issued, state.refreshFails)
      }
      if fails { return .json(#"{"error": "refresh refused"}"#, status: 500) }
      return .json(#"{"token": "token-\#(issued)"}"#)
    default:
      if request.query["wait"] == "refresh" {
        state.withLock { $0.waiting += 1 }
        // Holds the answer until a token has been issued.
        _ = blockUntil { refreshCalls > 0 }
      }
      let (issued, accepts) = state.withLock { ($0.issued, $0.acceptsTokens) }
      guard accepts, request.header("Authorization") == "Bearer token-\(issued)" else {
        let hold = state.withLock { state in
          state.refused += 1
          return state.hold
        }
        _ = blockUntil { state.withLock { $0.refused } >= hold }
        return .json(#"{"error": "unauthorized"}"#, status: 401)
      }
      return .json(#"{"i": \#(request.query["i"] ?? "0")}"#)
    }
  }
}

final class CallCounter: Sendable {
  private let count = Locked(0)
  var value: Int { count.withLock { $0 } }
  func increment() { count.withLock { $0 += 1 } }
}

struct TokenCredential: AuthenticationCredential {
  let token: String
  var requiresRefresh = false
}

/// Bearer tokens from the `TokenServer`, refreshed by a `POST /token` through a session of
/// its own (a refresh through the intercepted session would wait for itself).
///
/// With `refreshAfter: n`, a refresh first waits until `isRequest` has been asked `n` times:
/// the interceptor asks it, under its lock, just before a refused request joins the wait for
/// the refresh, so the refresh ends only after `n` requests have joined.
struct TokenAuthenticator: Authenticator {
  let tokenURL: String
  var refreshAfter = 0
  let checks = CallCounter()
  let refreshSession = Session(
    configuration: SessionConfiguration(timeout: .seconds(120), proxy: .none))

  func apply(_ credential: TokenCredential, to request: inout HTTPRequest) {
    request.headers.update(.authorization(bearerToken: credential.token))
  }

  func refresh(
    _ credential: TokenCredential, for session: Session,
    completion: @escaping @Sendable (Result<TokenCredential, any Error>) -> Void
  ) {
    // A task that sleeps, not a blocked dispatch thread: requests need those threads to
    // get to `isRequest`.
    Task { [self] in
      _ = await waitUntil { checks.value >= refreshAfter }
      refreshSession.request(tokenURL, method: .post).validate().responseJSON { response in
        completion(
          response.result.map { TokenCredential(token: $0["token"].stringValue) }.mapError { $0 })
      }
    }
  }

  func didRequest(
    _ request: HTTPRequest, with response: HTTPResponse,
    failDueToAuthenticationError error: TransferError
  ) -> Bool {
    response.statusCode == 401
  }

  func isRequest(_ request: HTTPRequest, authenticatedWith credential: TokenCredential) -> Bool {
    checks.increment()
    return request.headers["Authorization"] == "Bearer \(credential.token)"
  }
}

@Suite("AuthenticationInterceptor")
struct AuthenticationInterceptorTests {
  typealias Interceptor = AuthenticationInterceptor<TokenAuthenticator>

  /// Up to 64 connections, so that held requests do not wait for one another's connection;
  /// held requests must not time out first, however long the others take to arrive.
  static func session(_ interceptor: Interceptor) -> Session {
    Session(
      configuration: SessionConfiguration(
        timeout: heldRequestTimeout, maximumConnectionsPerHost: 64, proxy: .none),
      interceptor: interceptor)
  }

  /// `count` GETs of `/data?i=<n>` at once; each one's result.
  static func fetchAll(_ count: Int, session: Session, server: LoopbackServer) async
    -> [(request: DataRequest, result: Result<JSON, TransferError>)]
  {
    await withTaskGroup(of: (DataRequest, Result<JSON, TransferError>).self) { group in
      for n in 0..<count {
        group.addTask {
          let request = session.request(server.url("/data?i=\(n)")).validate()
          return (request, await request.serializingJSON().result)
        }
      }
      return await group.reduce(into: []) { $0.append(($1.0, $1.1)) }
    }
  }

  @Test("Many requests refused together share one refresh")
  func manyRequestsRefusedTogetherShareOneRefresh() async throws {
    let api = TokenServer()
    api.holdRefusals(until: 40)
    try await withServer(api.handle) { server in
      let interceptor = Interceptor(
        authenticator: TokenAuthenticator(tokenURL: server.url("/token"), refreshAfter: 40),
        credential: TokenCredential(token: "stale"))
      let results = await Self.fetchAll(40, session: Self.session(interceptor), server: server)
      let values = try results.map { try $0.result.get()["i"].intValue }
      #expect(values.sorted() == Array(0..<40))
      #expect(api.refreshCalls == 1)
      #expect(interceptor.credential?.token == "token-1")
      // Each was sent with the stale token, refused, and retried once with the new one.
      for (request, _) in results {
        #expect(request.retryCount == 1)
        #expect(request.request?.headers["Authorization"] == "Bearer token-1")
      }
    }
  }

  @Test("A credential that requires refresh is refreshed once before sending")
  func aCredentialThatRequiresRefreshIsRefreshedOnceBeforeSending() async throws {
    let api = TokenServer()
    try await withServer(api.handle) { server in
      let interceptor = Interceptor(
        authenticator: TokenAuthenticator(tokenURL: server.url("/token")),
        credential: TokenCredential(token: "expired", requiresRefresh: true))
      let results = await Self.fetchAll(20, session: Self.session(interceptor), server: server)
      let values = try results.map { try $0.result.get()["i"].intValue }
      #expect(values.sorted() == Array(0..<20))
      #expect(api.refreshCalls == 1)
      // Nothing went out with the expired token, so nothing was retried.
      #expect(results.allSatisfy { $0.request.retryCount == 0 })
    }
  }

  @Test("A failed refresh fails every waiting request")
  func aFailedRefreshFailsEveryWaitingRequest() async throws {
    let api = TokenServer()
    api.failRefreshes()
    api.holdRefusals(until: 20)
    try await withServer(api.handle) { server in
      let interceptor = Interceptor(
        authenticator: TokenAuthenticator(tokenURL: server.url("/token"), refreshAfter: 20),
        credential: TokenCredential(token: "stale"))
      let results = await Self.fetchAll(20, session: Self.session(interceptor), server: server)
      #expect(api.refreshCalls == 1)
      for (_, result) in results {
        guard case .failure(.requestRetryFailed(let retryError, let original)) = result else {
          Issue.record("expected requestRetryFailed, got \(result)")
          continue
        }
        #expect((retryError as? TransferError)?.responseCode == 500)
        #expect((original as? TransferError)?.responseCode == 401)
      }
      #expect(interceptor.credential?.token == "stale")
    }
  }

  @Test("Without a credential requests fail before being sent")
  func withoutACredentialRequestsFailBeforeBeingSent() async throws {
    let api = TokenServer()
    try await withServer(api.handle) { server in
      let interceptor = Interceptor(
        authenticator: TokenAuthenticator(tokenURL: server.url("/token")))
      let result = await Self.session(interceptor).request(server.url("/data")).validate()
        .serializingJSON().result
      guard case .failure(.requestAdaptationFailed(let error)) = result else {
        Issue.record("expected requestAdaptationFailed, got \(result)")
        return
      }
      #expect(error as? AuthenticationError == .missingCredential)
      #expect(server.requestsServed == 0)
    }
  }

  @Test("Refreshing too often stops")
  func refreshingTooOftenStops() async throws {
    let api = TokenServer()
    api.refuseEveryToken()
    try await withServer(api.handle) { server in
      let interceptor = Interceptor(
        authenticator: TokenAuthenticator(tokenURL: server.url("/token")),
        credential: TokenCredential(token: "stale"),
        refreshWindow: .init(interval: .seconds(300), maximumAttempts: 2))
      let request = Self.session(interceptor).request(server.url("/data")).validate()
      let result = await request.serializingJSON().result
      guard case .failure(.requestRetryFailed(let retryError, _)) = result else {
        Issue.record("expected requestRetryFailed, got \(result)")
        return
      }
      #expect(retryError as? AuthenticationError == .excessiveRefresh)
      // Sent with stale, token-1 and token-2; a third refresh was refused.
      #expect(api.refreshCalls == 2)
      #expect(request.retryCount == 2)
    }
  }

  @Test("A request refused after the refresh is retried without another")
  func aRequestRefusedAfterTheRefreshIsRetriedWithoutAnother() async throws {
    let api = TokenServer()
    try await withServer(api.handle) { server in
      let interceptor = Interceptor(
        authenticator: TokenAuthenticator(tokenURL: server.url("/token")),
        credential: TokenCredential(token: "stale"))
      let session = Self.session(interceptor)
      // `late` is sent with the stale token but refused only after the refresh that `early`
      // caused has ended: its credential is already replaced, so it is retried at once.
      let late = session.request(server.url("/data?i=2&wait=refresh")).validate()
      let lateResult = Task { await late.serializingJSON().result }
      let waiting = await waitUntil { api.waiting > 0 }
      try #require(waiting && api.waiting == 1)
      let early = try await session.request(server.url("/data?i=1")).validate()
        .serializingJSON().value
      #expect(early["i"].int == 1)
      #expect(try await lateResult.value.get()["i"].int == 2)
      #expect(api.refreshCalls == 1)
      #expect(late.retryCount == 1)
    }
  }
}
