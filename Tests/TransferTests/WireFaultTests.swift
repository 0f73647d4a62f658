import Foundation
import LoopbackTestServer
import Testing
import Threading
import Transfer

/// Transfer against a server that misbehaves on the wire, each fault through the loopback
/// server's fault modes: every one ends with a typed `TransferError` whose message says what
/// happened in a user's words, and none hangs (each session has a time limit).
@Suite("Transfer against a server that misbehaves on the wire")
struct WireFaultTests {
  /// A fault the server plays on `path`, the curl codes it may end with, and the words the
  /// error's message must contain.
  struct Fault: Sendable, CustomTestStringConvertible {
    var path: String
    var codes: [CurlCode]
    var words: String
    var testDescription: String { path }
  }

  static let body = patternedBytes(100_000)

  static func handler(_ request: ServerRequest) -> ServerResponse {
    var response = ServerResponse.bytes(body, contentType: "application/octet-stream")
    switch request.path {
    case "/reset": response.fault = .resetMidBody(afterBytes: 1000)
    case "/truncated-chunks":
      response.framing = .chunked(chunkSize: 1000)
      response.fault = .truncateChunked(afterChunks: 3)
    case "/long-content-length": response.fault = .overstateContentLength(by: 500)
    case "/short-content-length":
      response = .json(userJSON)
      response.fault = .understateContentLength(by: 5)
    case "/stall": response.fault = .stallMidBody(afterBytes: 1000)
    case "/huge-headers": response.fault = .oversizeHeaders(bytes: 1024 * 1024 + 8192)
    case "/loop": response = .redirect(to: "/loop")
    case "/hang-up": response.fault = .closeWithoutResponse
    case "/bad-status": response.fault = .raw(Array("HTTQ/1.1 two hundred\r\n\r\n".utf8))
    case "/keep-alive-closed":
      response = .json(userJSON)
      response.fault = .closeAfterResponse
    default: response = .json(userJSON)
    }
    return response
  }

  static let faults = [
    Fault(
      path: "/reset", codes: [.receiveError], words: "the connection was reset"),
    Fault(
      path: "/truncated-chunks", codes: [.partialFile, .receiveError], words: "the server closed"),
    Fault(
      path: "/long-content-length", codes: [.partialFile],
      words: "the server closed the connection before the whole body arrived"),
    Fault(path: "/stall", codes: [.operationTimedOut], words: "the server did not answer in time"),
    Fault(path: "/huge-headers", codes: [.receiveError], words: "the headers were too large"),
    Fault(
      path: "/loop", codes: [.tooManyRedirects],
      words: "the server redirected too many times (a redirect loop)"),
    Fault(
      path: "/hang-up", codes: [.gotNothing],
      words: "the server closed the connection without sending a reply"),
    Fault(
      path: "/bad-status", codes: [.unsupportedProtocol, .weirdServerReply],
      words: "the server's reply is not"),
  ]

  /// A session with short limits: a stalled body times out after `idleTimeout` without
  /// progress, a redirect loop ends after `redirects` hops. (The whole request's timeout only
  /// ends a hang: a loaded machine must not turn another fault into a time-out.)
  static func session(idleTimeout: Duration = .seconds(2), redirects: Int = 5) -> Session {
    var configuration = SessionConfiguration.default
    configuration.timeout = .seconds(300)
    configuration.idleTimeout = idleTimeout
    configuration.redirectPolicy = .follow(maximum: redirects)
    configuration.proxy = .none
    configuration.transferThreads = 2
    return Session(configuration: configuration)
  }

  @Test("each fault on the wire ends with a transport error that names it", arguments: faults)
  func aFaultEndsWithATypedErrorThatNamesIt(fault: Fault) async throws {
    try await withServer(Self.handler) { server in
      let response = await Self.session().request(server.url(fault.path)).serializingData()
        .response
      guard case .failure(.transportFailed(let code, _)) = response.result else {
        Issue.record("expected transportFailed, got \(response.result)")
        return
      }
      #expect(fault.codes.contains(code), "\(code)")
      let message = "\(response.error!)"
      #expect(message.contains(fault.words), "\(message)")
      #expect(message.contains("\(code)"), "\(message)")
    }
  }

  @Test("a Content-Length shorter than the body cuts the body there, and the next request works")
  func aShortContentLengthCutsTheBody() async throws {
    try await withServer(Self.handler) { server in
      let session = Self.session()
      let cut = await session.request(server.url("/short-content-length")).serializingJSON()
        .response
      guard
        case .failure(.responseSerializationFailed(reason: .jsonSerializationFailed)) = cut.result
      else {
        Issue.record("expected jsonSerializationFailed, got \(cut.result)")
        return
      }
      #expect(cut.data == Data(userJSON.utf8.dropLast(5)))
      // The surplus bytes are not read as the start of the next response.
      let next = await session.request(server.url("/")).serializingJSON().response
      #expect(next.value?["name"].stringValue == "Ada")
    }
  }

  @Test("a server that closes each kept-alive connection after its response costs no request")
  func keepAliveConnectionsClosedBetweenRequests() async throws {
    try await withServer(Self.handler) { server in
      let session = Self.session()
      for _ in 0..<5 {
        let response = await session.request(server.url("/keep-alive-closed")).serializingJSON()
          .response
        #expect(response.value?["name"].stringValue == "Ada", "\(response.result)")
      }
      #expect(server.requestsServed == 5)
      #expect(server.connectionsAccepted == 5)
    }
  }

  @Test("a kept-alive connection dropped when the next request arrives is retried afresh")
  func aConnectionDroppedAtTheNextRequestIsRetried() async throws {
    // The second request on each connection is read, then the connection closes without a
    // reply: the client finds out only after sending on the reused connection.
    let perConnection = Locked<[Int: Int]>([:])
    let handler: @Sendable (ServerRequest) -> ServerResponse = { request in
      let count = perConnection.withLock { counts in
        counts[request.connectionID, default: 0] += 1
        return counts[request.connectionID]!
      }
      var response = ServerResponse.json(userJSON)
      if count > 1 { response.fault = .closeWithoutResponse }
      return response
    }
    try await withServer(handler) { server in
      let session = Self.session()
      for _ in 0..<4 {
        let response = await session.request(server.url("/")).serializingJSON().response
        #expect(response.value?["name"].stringValue == "Ada", "\(response.result)")
      }
      #expect(perConnection.withLock { $0.values.contains { $0 > 1 } })
    }
  }
}
