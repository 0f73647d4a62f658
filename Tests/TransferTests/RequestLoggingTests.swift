import Foundation
import InMemoryLogging
import Logging
import LoopbackTestServer
import Testing
import Threading
import Transfer

/// A logger that keeps every line at `trace` and above, and the handler to read them from.
func recordingLogger(_ label: String = "transfer-test") -> (Logger, InMemoryLogHandler) {
  let handler = InMemoryLogHandler()
  var logger = Logger(label: label, factory: { _ in handler })
  logger.logLevel = .trace
  return (logger, handler)
}

/// Answers `/start` with 503 the first time, then with a redirect to `/end`, which answers
/// the test user: one retry and one redirect.
final class RetryThenRedirect: Sendable {
  private let starts = Locked(0)

  func handle(_ request: ServerRequest) -> ServerResponse {
    if request.path == "/end" { return .json(userJSON) }
    let count = starts.withLock { count in
      count += 1
      return count
    }
    return count == 1 ? .json(#"{"error": "busy"}"#, status: 503) : .redirect(to: "/end")
  }
}

@Suite("Request logging")
struct RequestLoggingTests {
  @Test(
    "A request logs its start, retries and end at debug: id, method, host, status, retries, redirects, duration"
  )
  func logsTheRequestsLife() async throws {
    let (logger, log) = recordingLogger()
    let server = RetryThenRedirect()
    try await withServer(server.handle) { server in
      let policy = RetryPolicy(retryLimit: 2, exponentialBackoffScale: .milliseconds(10))
      let session = testSession(interceptor: policy, logger: logger)
      let request = session.request(server.url("/start")).validate()
      let response = await request.serializingData().response
      #expect(response.response?.statusCode == 200)
      let id = request.id.uuidString

      let debug = log.entries.filter { $0.level == .debug }
      #expect(
        debug.map(\.message.description) == [
          "Request started", "Retrying request", "Request finished",
        ])
      for entry in debug { #expect(entry.metadata["transfer.request.id"] == "\(id)") }
      let start = try #require(debug.first)
      #expect(start.metadata["http.request.method"] == "GET")
      #expect(start.metadata["server.address"] == "127.0.0.1")
      #expect(debug[1].metadata["error.type"] == "503")

      let end = try #require(debug.last)
      #expect(end.metadata["http.response.status_code"] == "200")
      #expect(end.metadata["transfer.retries"] == "1")
      #expect(end.metadata["transfer.redirects"] == "1")
      let duration = try #require(end.metadata["transfer.duration_ms"]?.description)
      #expect(Double(duration).map { $0 >= 0 } == true)

      // Each attempt at trace, with its number.
      let attempts = log.entries.filter { $0.level == .trace }
      #expect(attempts.map { $0.metadata["transfer.attempt"]?.description } == ["1", "2"])
    }
  }

  @Test("A request's own logger wins over the session's, which logs the requests without one")
  func requestLoggerWins() async throws {
    let (sessionLogger, sessionLog) = recordingLogger("session")
    let (requestLogger, requestLog) = recordingLogger("request")
    try await withServer(echo) { server in
      let session = testSession(logger: sessionLogger)
      _ = await session.request(server.url("/own"), logger: requestLogger).serializingData()
        .response
      #expect(!requestLog.entries.isEmpty)
      #expect(sessionLog.entries.isEmpty)

      _ = await session.request(server.url("/session")).serializingData().response
      #expect(sessionLog.entries.contains { $0.message.description == "Request finished" })
    }
  }

  @Test("A logger above debug gets no line from a request")
  func quietLoggerGetsNothing() async throws {
    var (logger, log) = recordingLogger()
    logger.logLevel = .info
    try await withServer(echo) { server in
      let response = await testSession(logger: logger).request(server.url("/quiet"))
        .serializingData().response
      #expect(response.response?.statusCode == 200)
      #expect(log.entries.isEmpty)
    }
  }

  @Test("Logs and spans carry no body, credential, cookie, token or signature, even on failure")
  func noSecrets() async throws {
    let secrets = [
      "pa55word", "TOKENSECRET", "COOKIESECRET", "PROXYSECRET", "BODYSECRET", "SIGSECRET",
      "ANSWERSECRET", "SETCOOKIESECRET",
    ]
    let (logger, log) = recordingLogger()
    let tracer = W3CTestTracer()
    let handler: @Sendable (ServerRequest) -> ServerResponse = { _ in
      var response = ServerResponse.json(#"{"error": "ANSWERSECRET"}"#, status: 401)
      response.headers.append((name: "Set-Cookie", value: "s=SETCOOKIESECRET"))
      return response
    }
    try await withServer(handler) { server in
      let url = "http://ada:pa55word@127.0.0.1:\(server.port)/private?sig=SIGSECRET&page=2"
      var request = try HTTPRequest(url, method: .post)
      request.headers.add(.authorization(bearerToken: "TOKENSECRET"))
      request.headers.add(name: "Cookie", value: "session=COOKIESECRET")
      request.headers.add(name: "Proxy-Authorization", value: "Basic PROXYSECRET")
      request.body = Data(#"{"password": "BODYSECRET"}"#.utf8)
      let session = testSession(logger: logger, tracer: tracer)
      let response = await session.request(request).validate().serializingData().response
      #expect(response.error?.responseCode == 401)
      // The error itself quotes the body (for the caller); the logs must not.
      #expect(response.error.map { "\($0)" }?.contains("ANSWERSECRET") == true)

      let lines = log.entries.map { "\($0.message) \($0.metadata)" }
      #expect(lines.count >= 3)
      let spans = tracer.finishedSpans
      #expect(spans.count == 1)
      let attributes = spans.map { span in
        var text = "\(span.status.map { "\($0)" } ?? "") "
        // SpanAttributes is not a Sequence: its own forEach is the only way through it.
        // swift-format-ignore: ReplaceForEachWithForLoop
        span.attributes.forEach { key, value in text += "\(key)=\(value) " }
        return text + span.errors.map { "\($0.error)" }.joined()
      }
      for secret in secrets {
        for line in lines { #expect(!line.contains(secret), "log: \(line)") }
        for text in attributes { #expect(!text.contains(secret), "span: \(text)") }
      }
      let fullURL = spans.first?.attributes.get("url.full").map { "\($0)" } ?? ""
      #expect(fullURL.contains("REDACTED") && fullURL.contains("page=2"))
    }
  }
}
