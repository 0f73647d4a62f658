import Foundation
import Glibc
import JSONKit
import LoopbackTestServer
import Testing
import Transfer

@Suite("Network and protocol failures")
struct FailureTests {
  static let big = Array(repeating: UInt8(ascii: "a"), count: 300_000)

  /// 10 MB of pseudo-random bytes, the same on every run, made once, eight at a time (a
  /// byte-wise `map` takes seconds in a debug build).
  static let garbage: [UInt8] = {
    var state: UInt64 = 0x6A2B_A6E5  // the seed
    let words = (0..<1_250_000).map { _ in
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return state ^ (state >> 29)
    }
    return words.withUnsafeBytes { Array($0) }
  }()

  static func handler(_ request: ServerRequest) -> ServerResponse {
    switch request.path {
    case "/stall":
      var response = ServerResponse.json("{}")
      response.fault = .stallAfterHeaders
      return response
    case "/slow-headers":
      // Far past any timeout a test sets: the server's stop cuts the wait.
      var response = ServerResponse.json("{}")
      response.delayBeforeHeaders = .seconds(3600)
      return response
    case "/cut":
      var response = ServerResponse.bytes(big, contentType: "text/plain")
      response.fault = .closeMidBody(afterBytes: 1000)
      return response
    case "/chunked":
      var response = ServerResponse.json(userJSON)
      response.framing = .chunked(chunkSize: 5)
      return response
    case "/truncated-chunks":
      var response = ServerResponse.bytes(big, contentType: "text/plain")
      response.framing = .chunked(chunkSize: 1000)
      response.fault = .truncateChunked(afterChunks: 3)
      return response
    case "/gzip":
      var response = ServerResponse.json(userJSON)
      response.gzip = true
      return response
    case "/bad-gzip":
      var response = ServerResponse.json(userJSON)
      response.fault = .invalidGzip
      return response
    case "/bad-status":
      var response = ServerResponse()
      response.fault = .raw(Array("HTTQ/1.1 two hundred\r\n\r\n".utf8))
      return response
    case "/hang-up":
      var response = ServerResponse()
      response.fault = .closeWithoutResponse
      return response
    case "/many-headers":
      var response = ServerResponse.json("{}")
      for index in 0..<100 {
        response.headers.append((name: "X-Header-\(index)", value: "value \(index)"))
      }
      return response
    case "/big": return .bytes(big, contentType: "text/plain")
    case "/big-chunked":
      var response = ServerResponse.bytes(big, contentType: "text/plain")
      response.framing = .chunked(chunkSize: 16384)
      return response
    case "/big-gzip":
      var response = ServerResponse.bytes(big, contentType: "text/plain")
      response.gzip = true
      return response
    case "/garbage": return .bytes(garbage, contentType: "application/json")
    case "/loop": return .redirect(to: "/loop")
    case "/hop": return .redirect(to: "/landing?from=hop", status: 301)
    case "/landing": return .json(#"{"landed": "\#(request.query["from"] ?? "")"}"#)
    default: return .empty(status: 404)
    }
  }

  static func curlCode(_ response: TransferResponse<some Sendable>) -> CurlCode? {
    response.error?.curlCode
  }

  @Test("A refused connection fails with curl's code 7")
  func connectionRefused() async throws {
    let refusing = try RefusingPort()
    let response = await testSession().request("http://127.0.0.1:\(refusing.port)/")
      .serializingData().response
    withExtendedLifetime(refusing) {}
    #expect(Self.curlCode(response) == 7)
    #expect(response.response == nil)
    #expect("\(response.error!)".contains("curl code 7"))
  }

  @Test("Unresolvable name fails with curl's lookup error")
  func unresolvableNameFailsWithCurlsLookupError() async throws {
    let response = await testSession(timeout: .seconds(30)).request("http://no-such-host.invalid/")
      .serializingData().response
    #expect(Self.curlCode(response) == 6)
  }

  @Test("Timeout while waiting for headers and after headers")
  func timeoutWhileWaitingForHeadersAndAfterHeaders() async throws {
    try await withServer(Self.handler) { server in
      let session = testSession(timeout: .milliseconds(500))
      let early = await session.request(server.url("/slow-headers")).serializingData().response
      #expect(Self.curlCode(early) == 28)
      let stalled = await session.request(server.url("/stall")).serializingData().response
      #expect(Self.curlCode(stalled) == 28)
      let idle = await testSession(idleTimeout: .seconds(1)).request(server.url("/stall"))
        .serializingData().response
      #expect(Self.curlCode(idle) == 28)
    }
  }

  @Test("A server that closes mid body or mid chunks")
  func aServerThatClosesMidBodyOrMidChunks() async throws {
    try await withServer(Self.handler) { server in
      let session = testSession()
      let cut = await session.request(server.url("/cut")).serializingData().response
      #expect(Self.curlCode(cut) == 18)
      let chunks = await session.request(server.url("/truncated-chunks")).serializingData().response
      #expect([18, 56].contains(Self.curlCode(chunks)))
      let hangUp = await session.request(server.url("/hang-up")).serializingData().response
      #expect(Self.curlCode(hangUp) == 52)
      let badStatus = await session.request(server.url("/bad-status")).serializingData().response
      #expect([1, 8].contains(Self.curlCode(badStatus)))
    }
  }

  @Test("Chunked and gzip responses are decoded")
  func chunkedAndGzipResponsesAreDecoded() async throws {
    try await withServer(Self.handler) { server in
      let session = testSession()
      let chunked = try await session.request(server.url("/chunked")).serializingObject(User.self)
        .value
      #expect(chunked.name == "Ada")
      let gzip = await session.request(server.url("/gzip")).serializingDecodable(CodableUser.self)
        .response
      #expect(gzip.value == CodableUser(id: 7, name: "Ada"))
      #expect(gzip.response?.headers["Content-Encoding"] == "gzip")
      let badGzip = await session.request(server.url("/bad-gzip")).serializingJSON().response
      #expect(Self.curlCode(badGzip) == 61)
    }
  }

  @Test("Redirects are followed, limited or handed back")
  func redirectsAreFollowedLimitedOrHandedBack() async throws {
    try await withServer(Self.handler) { server in
      let followed = await testSession().request(server.url("/hop")).serializingJSON().response
      #expect(followed.value?["landed"].stringValue == "hop")
      #expect(followed.response?.url?.absoluteString == server.url("/landing?from=hop"))
      #expect(followed.metrics?.redirectCount == 1)
      let loop = await testSession(redirects: .follow(maximum: 5)).request(server.url("/loop"))
        .serializingData().response
      #expect(Self.curlCode(loop) == 47)
      let kept = await testSession(redirects: .doNotFollow).request(server.url("/hop"))
        .serializingData().response
      #expect(kept.response?.statusCode == 301)
      #expect(kept.response?.headers["Location"] == "/landing?from=hop")
    }
  }

  @Test("A hundred response headers")
  func aHundredResponseHeaders() async throws {
    try await withServer(Self.handler) { server in
      let response = await testSession().request(server.url("/many-headers")).serializingJSON()
        .response
      #expect(response.response?.headers.count ?? 0 >= 100)
      #expect(response.response?.headers["x-header-99"] == "value 99")
    }
  }

  @Test(
    "A body over the limit stops with a clear error",
    arguments: ["/big", "/big-chunked", "/big-gzip"])
  func aBodyOverTheLimitStopsWithAClearError(path: String) async throws {
    try await withServer(Self.handler) { server in
      let response = await testSession(maximumResponseSize: 100_000).request(server.url(path))
        .serializingData().response
      guard case .failure(.responseTooLarge(let limit)) = response.result else {
        Issue.record("expected responseTooLarge, got \(response.result)")
        return
      }
      #expect(limit == 100_000)
      #expect((response.data?.count ?? 0) <= 100_000)
      let fits = await testSession(maximumResponseSize: 300_000).request(server.url(path))
        .serializingData().response
      #expect(fits.value?.count == 300_000)
    }
  }

  @Test("Ten megabytes of garbage is a JSON error with a place")
  func tenMegabytesOfGarbageIsAJSONErrorWithAPlace() async throws {
    try await withServer(Self.handler) { server in
      let response = await testSession(timeout: .seconds(120)).request(server.url("/garbage"))
        .serializingJSON().response
      guard
        case .failure(.responseSerializationFailed(reason: .jsonSerializationFailed(let error))) =
          response.result
      else {
        Issue.record("expected jsonSerializationFailed, got \(response.result)")
        return
      }
      #expect(error.location != nil)
    }
  }
}

/// A port that refuses connections: bound to a socket that does not listen, so the kernel
/// answers a connection attempt with a reset, and no other socket (another test's server)
/// can take the port while this is alive.
///
/// (A port freed by a stopped server could be reused
/// by a test running in parallel, and the connection would then hang instead of failing.)
final class RefusingPort {
  let port: Int
  private let descriptor: Int32

  init() throws {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    self.descriptor = descriptor
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        Glibc.bind(descriptor, pointer, length) == 0
          && getsockname(descriptor, pointer, &length) == 0
      }
    }
    guard bound else { throw POSIXError(.EADDRNOTAVAIL) }
    port = Int(UInt16(bigEndian: address.sin_port))
  }

  deinit { close(descriptor) }
}

/// A listening socket that never accepts, with its queue filled, so that a new connection
/// attempt gets no answer at all: the kernel drops SYNs to a full accept queue.
final class BlackHole {
  let port: Int
  private var descriptors: [Int32] = []

  init() throws {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    descriptors.append(listener)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        Glibc.bind(listener, pointer, length) == 0 && listen(listener, 0) == 0
          && getsockname(listener, pointer, &length) == 0
      }
    }
    guard bound else { throw POSIXError(.EADDRNOTAVAIL) }
    port = Int(UInt16(bigEndian: address.sin_port))
    // Fill the queue: these complete the handshake and wait to be accepted, forever.
    for _ in 0..<4 {
      let client = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
      descriptors.append(client)
      _ = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(client, $0, length) }
      }
    }
    // A backlog of 0 holds one connection: the queue is full once the first client's
    // handshake is done, which its becoming writable tells (waited for, not slept on).
    var first = pollfd(fd: descriptors[1], events: Int16(POLLOUT), revents: 0)
    guard poll(&first, 1, 600_000) == 1 else { throw POSIXError(.ETIMEDOUT) }
  }

  deinit {
    for descriptor in descriptors { close(descriptor) }
  }
}

extension FailureTests {
  @Test("A connection that is never answered times out at connect")
  func aConnectionThatIsNeverAnsweredTimesOutAtConnect() async throws {
    let hole = try BlackHole()
    var configuration = SessionConfiguration.default
    configuration.connectTimeout = .milliseconds(500)
    configuration.timeout = .seconds(20)
    configuration.proxy = .none
    let response = await Session(configuration: configuration).request(
      "http://127.0.0.1:\(hole.port)/"
    )
    .serializingData().response
    #expect(Self.curlCode(response) == 28)
    #expect(response.error.map { "\($0)" }?.lowercased().contains("connect") == true)
    withExtendedLifetime(hole) {}
  }
}
