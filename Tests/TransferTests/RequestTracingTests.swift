import Foundation
import InMemoryTracing
import LoopbackTestServer
import Testing
import Threading
import Tracing
import Transfer

/// Answers every request with the test user and keeps the `traceparent` fields it received.
final class TraceparentRecorder: Sendable {
  private let received = Locked<[String?]>([])
  let status: Int

  init(status: Int = 200) { self.status = status }

  var traceparents: [String?] { received.withLock { $0 } }

  func handle(_ request: ServerRequest) -> ServerResponse {
    received.withLock { $0.append(request.header("traceparent")) }
    return .json(userJSON, status: status)
  }
}

@Suite("Request tracing")
struct RequestTracingTests {
  @Test(
    "A request in a traced handler is a client child span with OpenTelemetry's attributes, and the server gets its traceparent"
  )
  func childSpanAndTraceparent() async throws {
    let tracer = W3CTestTracer()
    let server = TraceparentRecorder()
    try await withServer(server.handle) { loopback in
      let session = testSession(tracer: tracer)
      let response = await tracer.withSpan("GET /orders", ofKind: .server) { _ in
        await session.request(loopback.url("/users/7?page=2")).serializingData().response
      }
      #expect(response.response?.statusCode == 200)

      let spans = tracer.finishedSpans
      let parent = try #require(spans.first { $0.operationName == "GET /orders" })
      let client = try #require(spans.first { $0.kind == .client })
      #expect(client.operationName == "GET")
      #expect(client.traceID == parent.traceID)
      #expect(client.parentSpanID == parent.spanID)
      #expect(client.attributes.get("http.request.method") == .string("GET"))
      #expect(client.attributes.get("server.address") == .string("127.0.0.1"))
      #expect(client.attributes.get("server.port") == .int64(Int64(loopback.port)))
      #expect(client.attributes.get("url.full") == .string(loopback.url("/users/7?page=2")))
      #expect(client.attributes.get("http.response.status_code") == .int64(200))
      #expect(client.attributes.get("error.type") == nil)
      #expect(client.status == nil)

      #expect(server.traceparents == ["00-\(client.traceID)-\(client.spanID)-01"])
    }
  }

  @Test(
    "Without a parent span a request starts a trace of its own; each retry sends the same span's traceparent"
  )
  func rootSpanAcrossRetries() async throws {
    let tracer = W3CTestTracer()
    let flaky = Flaky(failures: 1)
    let server = TraceparentRecorder()
    let handler: @Sendable (ServerRequest) -> ServerResponse = { request in
      _ = server.handle(request)
      return flaky.handle(request)
    }
    try await withServer(handler) { loopback in
      let policy = RetryPolicy(retryLimit: 2, exponentialBackoffScale: .milliseconds(10))
      let session = testSession(interceptor: policy, tracer: tracer)
      let response = await session.request(loopback.url("/u")).validate().serializingData()
        .response
      #expect(response.response?.statusCode == 200)
      let client = try #require(tracer.finishedSpans.only)
      #expect(client.parentSpanID == nil)
      #expect(client.attributes.get("http.request.resend_count") == .int64(1))
      let expected = "00-\(client.traceID)-\(client.spanID)-01"
      #expect(server.traceparents == [expected, expected])
    }
  }

  @Test(
    "A request that fails marks its span as an error with error.type: the status, or the failure's name"
  )
  func failedSpans() async throws {
    let tracer = W3CTestTracer()
    let server = TraceparentRecorder(status: 500)
    try await withServer(server.handle) { loopback in
      let session = testSession(tracer: tracer)
      let failed = await session.request(loopback.url("/boom"), method: .post).validate()
        .serializingData().response
      #expect(failed.error?.responseCode == 500)
      let span = try #require(tracer.finishedSpans.only)
      #expect(span.operationName == "POST")
      #expect(span.attributes.get("http.response.status_code") == .int64(500))
      #expect(span.attributes.get("error.type") == .string("500"))
      #expect(span.status?.code == .error)
    }
    let cancelledTracer = W3CTestTracer()
    let gate = Gate()
    try await withServer(gate.handle) { loopback in
      defer { gate.open() }
      let session = testSession(timeout: heldRequestTimeout, tracer: cancelledTracer)
      let request = session.request(loopback.url("/slow"))
      let task = request.serializingData()
      await gate.waitForArrivals(1)
      request.cancel()
      #expect(await task.response.error?.isExplicitlyCancelledError == true)
      let span = try #require(cancelledTracer.finishedSpans.only)
      #expect(span.attributes.get("error.type") == .string("explicitlyCancelled"))
      #expect(span.attributes.get("http.response.status_code") == nil)
      #expect(span.status?.code == .error)
    }
  }
}

extension Array {
  /// The one element, or nil when there are none or several.
  var only: Element? { count == 1 ? first : nil }
}
