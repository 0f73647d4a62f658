import Dispatch
import Foundation
import JSONKit
import LoopbackTestServer
import TestProcesses
import Testing
import Threading
import Transfer

/// Writes down each event's name (with a detail where it matters) on its own queue.
final class RecordingMonitor: EventMonitor {
  let queue = DispatchQueue(label: "RecordingMonitor")
  private let log = Locked<[String]>([])

  /// The events so far, once every event already handed to the queue has been written down.
  var events: [String] {
    queue.sync {}
    return log.withLock { $0 }
  }

  private func record(_ event: String) {
    dispatchPrecondition(condition: .onQueue(queue))
    log.withLock { $0.append(event) }
  }

  func requestDidResume(_ request: DataRequest) { record("resume") }
  func request(_ request: DataRequest, didCreateInitialURLRequest urlRequest: HTTPRequest) {
    record("initial \(urlRequest.url.path)")
  }
  func request(_ request: DataRequest, didFailToCreateURLRequestWithError error: TransferError) {
    record("createFailed")
  }
  func request(
    _ request: DataRequest, didAdaptInitialRequest initialRequest: HTTPRequest,
    to adaptedRequest: HTTPRequest
  ) {
    record("adapted")
  }
  func request(
    _ request: DataRequest, didFailToAdaptURLRequest initialRequest: HTTPRequest,
    withError error: TransferError
  ) {
    record("adaptFailed")
  }
  func request(_ request: DataRequest, didCreateURLRequest urlRequest: HTTPRequest) {
    record("send \(urlRequest.url.path)")
  }
  func request(_ request: DataRequest, didGatherMetrics metrics: TransferMetrics) {
    record("metrics")
  }
  func request(
    _ request: DataRequest, didCompleteTaskWith response: HTTPResponse?, error: TransferError?
  ) {
    record("complete \(response?.statusCode ?? 0)\(error == nil ? "" : " error")")
  }
  func request(
    _ request: DataRequest, didDecideRetry result: RetryResult, dueTo error: TransferError
  ) {
    switch result {
    case .retry, .retryWithDelay: record("decide retry")
    case .doNotRetry, .doNotRetryWithError: record("decide stop")
    }
  }
  func requestIsRetrying(_ request: DataRequest) { record("retrying") }
  func requestDidFinish(_ request: DataRequest) { record("finish") }
  func requestDidCancel(_ request: DataRequest) { record("cancel") }
  func request(
    _ request: DataRequest, didParseResponse response: DataResponse<Data?, TransferError>
  ) {
    record("parsed data \(response.error == nil ? "ok" : "error")")
  }
  func request<Value: Sendable>(
    _ request: DataRequest, didParseResponse response: DataResponse<Value, TransferError>
  ) {
    record("parsed \(Value.self) \(response.error == nil ? "ok" : "error")")
  }
}

@Suite("Event monitors")
struct EventMonitorTests {
  /// `/gone`: 410; `/stall`: headers, then nothing; `/list`: `[1, 2]`; else `{"ok": true}`.
  static func handler(_ request: ServerRequest) -> ServerResponse {
    switch request.path {
    case "/gone": return .json(#"{"error": "gone"}"#, status: 410)
    case "/stall":
      var response = ServerResponse.json("{}")
      response.fault = .stallAfterHeaders
      return response
    case "/list": return .json("[1, 2]")
    default: return .json(#"{"ok": true}"#)
    }
  }

  static func session(
    _ monitors: [any EventMonitor], interceptor: (any RequestInterceptor)? = nil,
    timeout: Duration = .seconds(120)
  ) -> Session {
    Session(
      configuration: SessionConfiguration(timeout: timeout, proxy: .none),
      interceptor: interceptor, eventMonitors: monitors)
  }

  @Test("A successful request reports its events in order")
  func aSuccessfulRequest() async throws {
    try await withServer(Self.handler) { server in
      let monitor = RecordingMonitor()
      let json = try await Self.session([monitor]).request(server.url("/ok")).validate()
        .serializingJSON().value
      #expect(json["ok"].bool == true)
      #expect(
        monitor.events == [
          "resume", "initial /ok", "send /ok", "metrics", "complete 200", "finish",
          "parsed JSON ok",
        ])
    }
  }

  @Test("A failed request reports its events in order")
  func aFailedRequest() async throws {
    try await withServer(Self.handler) { server in
      let monitor = RecordingMonitor()
      let response = await Self.session([monitor], interceptor: RetryPolicy())
        .request(server.url("/gone")).validate().serializingData().response
      #expect(response.error?.responseCode == 410)
      // RetryPolicy adapts nothing, but its adapt step still counts; 410 is not retried.
      #expect(
        monitor.events == [
          "resume", "initial /gone", "adapted", "send /gone", "metrics", "complete 410 error",
          "decide stop", "finish", "parsed Data error",
        ])
    }
  }

  @Test("A retried request reports its events in order")
  func aRetriedRequest() async throws {
    let flaky = Flaky(failures: 1)
    try await withServer(flaky.handle) { server in
      let monitor = RecordingMonitor()
      let policy = RetryPolicy(retryLimit: 2, exponentialBackoffScale: .milliseconds(10))
      let request = Self.session([monitor], interceptor: policy).request(server.url("/u"))
      let response = await awaitResponse { request.validate().response(completionHandler: $0) }
      #expect(response.response?.statusCode == 200)
      let attempt = ["initial /u", "adapted", "send /u", "metrics"]
      #expect(
        monitor.events == ["resume"] + attempt + ["complete 503 error", "decide retry", "retrying"]
          + attempt + ["complete 200", "finish", "parsed data ok"])
    }
  }

  @Test("Bad URLs and cancellations are reported")
  func badURLsAndCancellationsAreReported() async throws {
    let monitor = RecordingMonitor()
    let session = Self.session([monitor])
    let response = await session.request("not a url").serializingData().response
    #expect(response.error != nil)
    #expect(monitor.events == ["resume", "createFailed", "finish", "parsed Data error"])

    try await withServer(Self.handler) { server in
      let cancelled = RecordingMonitor()
      // The test cancels it; a timeout must not end it first on a loaded machine, where this
      // task may wait many seconds for a thread (CI saw "complete 200 error", no "cancel").
      let request = Self.session([cancelled], timeout: heldRequestTimeout)
        .request(server.url("/stall"))
      let task = request.serializingData()
      // Cancelled once the request has reached the server (it stalls there).
      _ = await waitUntil { server.requestsServed > 0 }
      request.cancel()
      #expect(await task.response.error?.isExplicitlyCancelledError == true)
      let events = cancelled.events
      #expect(events.contains("cancel"))
      #expect(events.suffix(2) == ["finish", "parsed Data error"])
    }
  }

  @Test("Closure and composite monitors get events on their queues")
  func closureAndCompositeMonitorsGetEventsOnTheirQueues() async throws {
    try await withServer(Self.handler) { server in
      let queue = DispatchQueue(label: "closures")
      let seen = Locked<[String]>([])
      var closures = ClosureEventMonitor(queue: queue)
      closures.requestDidFinish = { _ in
        dispatchPrecondition(condition: .onQueue(queue))
        seen.withLock { $0.append("finish") }
      }
      closures.requestDidParseResponse = { _, response in
        dispatchPrecondition(condition: .onQueue(queue))
        seen.withLock { $0.append("parsed \((response.value as? JSON)?.count ?? -1)") }
      }
      let recording = RecordingMonitor()
      let nested = CompositeEventMonitor(monitors: [closures, recording])
      let session = Self.session([nested])
      #expect(session.eventMonitor.monitors.count == 1)
      _ = try await session.request(server.url("/list")).serializingJSON().value
      // The composite hands each event on from its own queue.
      nested.queue.sync {}
      queue.sync {}
      #expect(seen.withLock { $0 } == ["finish", "parsed 2"])
      #expect(recording.events.last == "parsed JSON ok")
    }
  }
}
