import Foundation
import JSONKit
import LoopbackTestServer
import Testing
import Threading

@testable import Transfer

/// A session resets and reuses its curl easy handles (`CurlHandlePool`): nothing one request
/// set on a handle may reach the next request that gets it.
///
/// Each test makes its requests one
/// after another on one connection, so every request after the first finds the handle of the
/// one before it, and checks that it did (fewer handles made than requests), where its libcurl's
/// handles can be reused safely (8.1.0 and later; before that a handle per request).
struct HandleReuseTests {
  static func session(cookies: SessionConfiguration.Cookies = .disabled) -> Session {
    var configuration = SessionConfiguration.default
    configuration.timeout = .seconds(120)
    configuration.proxy = .none
    configuration.maximumConnectionsPerHost = 1
    configuration.cookies = cookies
    return Session(configuration: configuration)
  }

  /// `/set-cookie` sets `left=over`, `/slow` answers after 1.5 s, `/never` only when the
  /// server stops, anything else echoes the request.
  static func handler(_ request: ServerRequest) -> ServerResponse {
    switch request.path {
    case "/set-cookie":
      return ServerResponse(
        headers: [
          (name: "Set-Cookie", value: "left=over; Path=/"),
          (name: "Content-Type", value: "application/json"),
        ], body: Array(#"{"set":true}"#.utf8))
    case "/slow":
      var response = ServerResponse.json(#"{"slow":true}"#)
      response.delayBeforeHeaders = .milliseconds(1500)
      return response
    case "/never":
      var response = ServerResponse.json("{}")
      response.delayBeforeHeaders = .seconds(3600)
      return response
    default:
      return echo(request)
    }
  }

  @Test("Methods, bodies and headers of one request do not reach the next")
  func methodsBodiesAndHeadersOfOneRequestDoNotReachTheNext() async throws {
    try await withServer(Self.handler) { server in
      let session = Self.session()
      var post = try HTTPRequest(server.url("/echo"), method: .post)
      post.body = Data("first body".utf8)
      post.headers = ["X-First": "1", "Content-Type": "text/plain"]
      let posted = try await session.request(post).validate().serializingJSON().value
      #expect(posted["method"].string == "POST")
      #expect(posted["body"].string == "first body")
      #expect(posted["headers"]["x-first"].string == "1")

      // curl's "no body" mode for HEAD must not stay on for the GET after it.
      let head = await session.request(server.url("/echo"), method: .head).serializingData()
        .response
      #expect(head.response?.statusCode == 200)
      #expect(head.data?.isEmpty ?? true)

      var patch = try HTTPRequest(server.url("/echo"), method: .patch)
      patch.body = Data("patched".utf8)
      let patched = try await session.request(patch).validate().serializingJSON().value
      #expect(patched["method"].string == "PATCH")

      let got = try await session.request(server.url("/echo")).validate().serializingJSON().value
      #expect(got["method"].string == "GET")
      #expect(got["body"].string == "")
      #expect(got["headers"]["x-first"].string == nil)
      #expect(got["headers"]["content-type"].string == nil)
      #expect(got["headers"]["content-length"].string == nil)
      #expect(got["headers"]["user-agent"].string == CurlVersion.userAgent)
      expectHandlesMade(by: session, forRequests: 4)
    }
  }

  @Test("Cookies stay off on a reused handle")
  func cookiesStayOffOnAReusedHandle() async throws {
    try await withServer(Self.handler) { server in
      let session = Self.session(cookies: .disabled)
      for _ in 0..<3 {
        _ = try await session.request(server.url("/set-cookie")).validate().serializingJSON().value
        let echoed = try await session.request(server.url("/echo")).validate().serializingJSON()
          .value
        #expect(echoed["headers"]["cookie"].string == nil)
      }
      #expect(session.cookieStorage == nil)
      expectHandlesMade(by: session, forRequests: 6)
    }
  }

  @Test("A reused handle keeps the session's cookie jar")
  func aReusedHandleKeepsTheSessionsCookieJar() async throws {
    try await withServer(Self.handler) { server in
      let session = Self.session(cookies: .inMemory)
      _ = try await session.request(server.url("/set-cookie")).validate().serializingJSON().value
      for _ in 0..<3 {
        let echoed = try await session.request(server.url("/echo")).validate().serializingJSON()
          .value
        #expect(echoed["headers"]["cookie"].string == "left=over")
      }
      expectHandlesMade(by: session, forRequests: 4)
    }
  }

  @Test("A request's timeout does not stay on the handle")
  func aRequestsTimeoutDoesNotStayOnTheHandle() async throws {
    try await withServer(Self.handler) { server in
      let session = Self.session()
      // A server that never answers: the request's own timeout ends it, however long a
      // loaded machine takes to notice.
      var hurried = try HTTPRequest(server.url("/never"))
      hurried.timeout = .milliseconds(300)
      let failed = await session.request(hurried).serializingData().response
      #expect(failed.error?.curlCode == .operationTimedOut)
      // The session's two minutes again: an answer five times the 300 ms is fine.
      let slow = try await session.request(server.url("/slow")).validate().serializingJSON().value
      #expect(slow["slow"].bool == true)
      expectHandlesMade(by: session, forRequests: 2)
    }
  }

  @Test("Handlers of a data task request run in the order they were added")
  func handlersOfADataTaskRequestRunInTheOrderTheyWereAdded() async throws {
    try await withServer(Self.handler) { server in
      let session = Self.session()
      let order = OrderLog()
      let request = session.request(server.url("/echo"))
      request.response { _ in order.append("before") }
      let task = request.serializingJSON()
      request.response { _ in order.append("after") }
      let json = try await task.value
      #expect(json["method"].string == "GET")
      // Added once the request has ended: runs at once, still after the others.
      _ = await awaitResponse { deliver in
        request.response { response in
          order.append("late")
          deliver(response)
        }
      }
      #expect(order.entries == ["before", "after", "late"])
    }
  }
}

/// Names appended from handlers on any thread.
private final class OrderLog: Sendable {
  private let log = Locked<[String]>([])
  func append(_ entry: String) { log.withLock { $0.append(entry) } }
  var entries: [String] { log.withLock { $0 } }
}
