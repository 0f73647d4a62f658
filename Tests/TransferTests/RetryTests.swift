import Foundation
import JSONKit
import LoopbackTestServer
import Testing
import Threading
import Transfer

/// Answers the first `failures` requests with `status` (and the given headers), then 200.
final class Flaky: Sendable {
  let failures: Int
  let status: Int
  let headers: [(name: String, value: String)]
  private let seen = Locked<[ContinuousClock.Instant]>([])

  init(failures: Int, status: Int = 503, headers: [(name: String, value: String)] = []) {
    self.failures = failures
    self.status = status
    self.headers = headers
  }

  var arrivals: [ContinuousClock.Instant] { seen.withLock { $0 } }

  func handle(_ request: ServerRequest) -> ServerResponse {
    let count = seen.withLock { seen in
      seen.append(.now)
      return seen.count
    }
    if count <= failures {
      var response = ServerResponse.json(
        #"{"error": {"code": \#(status), "message": "try later"}}"#, status: status)
      response.headers += headers
      return response
    }
    return .json(userJSON)
  }
}

@Suite("Retries")
struct RetryTests {
  static let quick = RetryPolicy(
    retryLimit: 3, exponentialBackoffScale: .milliseconds(20), jitter: 0.5)

  @Test("Retries a 503 until it succeeds")
  func retriesA503UntilItSucceeds() async throws {
    let flaky = Flaky(failures: 2)
    try await withServer(flaky.handle) { server in
      let request = testSession(interceptor: Self.quick).request(server.url("/u")).validate()
      let user = try await request.serializingObject(User.self).value
      #expect(user.name == "Ada")
      #expect(request.retryCount == 2)
      #expect(flaky.arrivals.count == 3)
      #expect(request.metrics?.attempts == 3)
    }
  }

  @Test("Gives up after the limit with the last error")
  func givesUpAfterTheLimitWithTheLastError() async throws {
    let flaky = Flaky(failures: 10, status: 500)
    try await withServer(flaky.handle) { server in
      let policy = RetryPolicy(retryLimit: 2, exponentialBackoffScale: .milliseconds(10))
      let response = await testSession(interceptor: policy).request(server.url("/u")).validate()
        .serializingData().response
      #expect(response.error?.responseCode == 500)
      #expect(flaky.arrivals.count == 3)
    }
  }

  @Test("POST is not retried and an unlisted status is not")
  func postIsNotRetriedAndAnUnlistedStatusIsNot() async throws {
    let post = Flaky(failures: 1)
    try await withServer(post.handle) { server in
      let response = await testSession(interceptor: Self.quick).request(
        server.url("/u"), method: .post
      )
      .validate().serializingData().response
      #expect(response.error?.responseCode == 503)
      #expect(post.arrivals.count == 1)
    }
    let notFound = Flaky(failures: 1, status: 404)
    try await withServer(notFound.handle) { server in
      let response = await testSession(interceptor: Self.quick).request(server.url("/u")).validate()
        .serializingData().response
      #expect(response.error?.responseCode == 404)
      #expect(notFound.arrivals.count == 1)
    }
  }

  @Test("Retry-After is honoured and capped")
  func retryAfterIsHonouredAndCapped() async throws {
    let flaky = Flaky(failures: 1, status: 429, headers: [(name: "Retry-After", value: "1")])
    try await withServer(flaky.handle) { server in
      let policy = RetryPolicy(retryLimit: 1, exponentialBackoffScale: .milliseconds(1))
      let value = try await testSession(interceptor: policy).request(server.url("/u")).validate()
        .serializingJSON().value
      #expect(value["name"].stringValue == "Ada")
      let arrivals = flaky.arrivals
      #expect(arrivals.count == 2)
      // The second attempt cannot come before the server's Retry-After has passed.
      #expect(arrivals[1] - arrivals[0] >= .milliseconds(950))
    }
    let capped = RetryPolicy(maximumDelay: .milliseconds(200))
    let response = HTTPResponse(statusCode: 503, headers: ["Retry-After": "120"], url: nil)
    #expect(capped.delay(attempt: 0, response: response) == .milliseconds(200))
  }

  @Test("Backoff grows exponentially with jitter under the cap")
  func backoffGrowsExponentiallyWithJitterUnderTheCap() {
    let policy = RetryPolicy(
      exponentialBackoffBase: 2, exponentialBackoffScale: .milliseconds(100),
      maximumDelay: .milliseconds(700), jitter: 0.25)
    for attempt in 0..<6 {
      let expected = min(700.0, 100 * pow(2, Double(attempt)))
      for _ in 0..<20 {
        let delay = policy.delay(attempt: attempt, response: nil)
        #expect(delay <= .milliseconds(Int(expected)))
        #expect(delay >= .milliseconds(Int(expected * 0.75) - 1))
      }
    }
    let date = HTTPResponse(
      statusCode: 503, headers: ["Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"], url: nil)
    #expect(RetryPolicy(jitter: 0).delay(attempt: 0, response: date) == .zero)
  }

  @Test("Transport errors are retried for idempotent methods")
  func transportErrorsAreRetriedForIdempotentMethods() async throws {
    let refusing = try RefusingPort()
    let port = refusing.port
    defer { withExtendedLifetime(refusing) {} }
    let counter = Locked(0)
    let counting = Retrier { request, _, error, completion in
      counter.withLock { $0 += 1 }
      completion(request.retryCount < 2 && error.curlCode == 7 ? .retry : .doNotRetry)
    }
    let response = await testSession(interceptor: counting).request("http://127.0.0.1:\(port)/")
      .serializingData().response
    #expect(response.error?.curlCode == 7)
    #expect(counter.withLock { $0 } == 3)
  }

  @Test("Adapters rewrite each attempt and their errors fail the request")
  func adaptersRewriteEachAttemptAndTheirErrorsFailTheRequest() async throws {
    struct NoToken: Error {}
    try await withServer(echo) { server in
      let adapter = Adapter { request, _, completion in
        var request = request
        request.headers.update(.authorization(bearerToken: "t0k3n"))
        completion(.success(request))
      }
      let json = try await testSession(interceptor: adapter).request(server.url("/a"))
        .serializingJSON().value
      #expect(json["headers"]["authorization"].stringValue == "Bearer t0k3n")

      let failing = Adapter { _, _, completion in completion(.failure(NoToken())) }
      let failed = await testSession().request(server.url("/a"), interceptor: failing)
        .serializingData().response
      guard case .failure(.requestAdaptationFailed(let error)) = failed.result else {
        Issue.record("expected requestAdaptationFailed, got \(failed.result)")
        return
      }
      #expect(error is NoToken)
    }
  }

  @Test("A retrier that fails ends the request with both errors")
  func aRetrierThatFailsEndsTheRequestWithBothErrors() async throws {
    struct Broken: Error {}
    let flaky = Flaky(failures: 5)
    try await withServer(flaky.handle) { server in
      let retrier = Retrier { _, _, _, completion in completion(.doNotRetryWithError(Broken())) }
      let response = await testSession(interceptor: retrier).request(server.url("/u")).validate()
        .serializingData().response
      guard case .failure(.requestRetryFailed(let retryError, let original)) = response.result
      else {
        Issue.record("expected requestRetryFailed, got \(response.result)")
        return
      }
      #expect(retryError is Broken)
      #expect((original as? TransferError)?.responseCode == 503)
    }
  }
}
