import Foundation
import JSONKit
import LoopbackTestServer
import Testing
import Threading
import Transfer

/// `RedirectHandler`s and `Redirector` against a loopback server with redirect chains.
@Suite("Redirects")
struct RedirectTests {
  /// `/a` → 302 `/b` → 301 `/c`; `/see-other`, `/found`, `/temporary`, `/permanent` redirect
  /// to `/c` with 303, 302, 307 and 308; `/loop` to itself; `/away?to=<url>` to any URL;
  /// `/cookie` sets `hop=1` on a 302 to `/c`.
  ///
  /// Anything else echoes the request.
  static func handler(_ request: ServerRequest) -> ServerResponse {
    switch request.path {
    case "/a": return .redirect(to: "/b")
    case "/b": return .redirect(to: "c", status: 301)  // relative to /b
    case "/see-other": return .redirect(to: "/c", status: 303)
    case "/found": return .redirect(to: "/c", status: 302)
    case "/temporary": return .redirect(to: "/c", status: 307)
    case "/permanent": return .redirect(to: "/c", status: 308)
    case "/loop": return .redirect(to: "/loop")
    case "/away": return .redirect(to: request.query["to"] ?? "/")
    case "/cookie":
      var response = ServerResponse.redirect(to: "/c")
      response.headers.append((name: "Set-Cookie", value: "hop=1"))
      return response
    default: return echo(request)
    }
  }

  static func session(
    _ handler: (any RedirectHandler)?,
    policy: SessionConfiguration.RedirectPolicy = .follow(maximum: 10)
  ) -> Session {
    var configuration = SessionConfiguration(timeout: .seconds(120), proxy: .none)
    configuration.redirectPolicy = policy
    return Session(configuration: configuration, redirectHandler: handler)
  }

  /// Records each redirect it is asked about, and follows it.
  final class Recorder: RedirectHandler {
    let hops = Locked<[String]>([])
    func request(
      _ request: DataRequest, willBeRedirectedTo newRequest: HTTPRequest,
      for response: HTTPResponse,
      completion: @escaping @Sendable (HTTPRequest?) -> Void
    ) {
      hops.withLock {
        $0.append("\(response.statusCode) \(newRequest.method.rawValue) \(newRequest.url.path)")
      }
      completion(newRequest)
    }
  }

  @Test("A handler sees and follows each hop")
  func aHandlerSeesAndFollowsEachHop() async throws {
    try await withServer(Self.handler) { server in
      let recorder = Recorder()
      let request = Self.session(recorder).request(server.url("/a"))
      let json = try await request.validate().serializingJSON().value
      #expect(json["path"].string == "/c")
      #expect(recorder.hops.withLock { $0 } == ["302 GET /b", "301 GET /c"])
      #expect(request.response?.url?.path == "/c")
      #expect(request.metrics?.redirectCount == 2)
      #expect(request.retryCount == 0)
      #expect(server.requestsServed == 3)
    }
  }

  @Test("Do not follow hands back the redirect")
  func doNotFollowHandsBackTheRedirect() async throws {
    try await withServer(Self.handler) { server in
      // Per session…
      let response = await Self.session(Redirector.doNotFollow).request(server.url("/a"))
        .serializingData().response
      #expect(response.response?.statusCode == 302)
      #expect(response.response?.headers["Location"] == "/b")
      // …and per request, over a session that follows.
      let perRequest = await Self.session(nil).request(server.url("/a"))
        .redirect(using: Redirector.doNotFollow).serializingData().response
      #expect(perRequest.response?.statusCode == 302)
      // A request's handler wins over the session's.
      let json = try await Self.session(Redirector.doNotFollow).request(server.url("/a"))
        .redirect(using: Redirector.follow).validate().serializingJSON().value
      #expect(json["path"].string == "/c")
    }
  }

  @Test("Modify changes the next request")
  func modifyChangesTheNextRequest() async throws {
    try await withServer(Self.handler) { server in
      let redirector = Redirector(
        behavior: .modify { _, next, response in
          var next = next
          next.headers.add(name: "X-Hop", value: "\(response.statusCode)")
          return next
        })
      let request = Self.session(nil).request(server.url("/a")).redirect(using: redirector)
      let json = try await request.validate().serializingJSON().value
      #expect(json["path"].string == "/c")
      // The header added at the first hop is kept at the second, which adds its own.
      #expect(request.request?.headers.values(for: "X-Hop") == ["302", "301"])
      #expect(json["headers"]["x-hop"].string == "301")  // the echo keeps the last
      let stop = Redirector(behavior: .modify { _, next, _ in next.url.path == "/c" ? nil : next })
      let stopped = await Self.session(nil).request(server.url("/a")).redirect(using: stop)
        .serializingData().response
      #expect(stopped.response?.statusCode == 301)
      #expect(stopped.response?.url?.path == "/b")
    }
  }

  @Test("Methods and bodies follow the status")
  func methodsAndBodiesFollowTheStatus() async throws {
    try await withServer(Self.handler) { server in
      let session = Self.session(Redirector.follow)
      func post(_ path: String) async throws -> JSON {
        var request = try HTTPRequest(server.url(path), method: .post)
        request.body = Data(#"{"n":1}"#.utf8)
        request.headers.add(.contentType("application/json"))
        return try await session.request(request).validate().serializingJSON().value
      }
      for path in ["/see-other", "/found"] {
        let json = try await post(path)
        #expect(json["method"].string == "GET", "\(path)")
        #expect(json["body"].string == "", "\(path)")
        #expect(json["headers"]["content-type"].string == nil, "\(path)")
      }
      for path in ["/temporary", "/permanent"] {
        let json = try await post(path)
        #expect(json["method"].string == "POST", "\(path)")
        #expect(json["body"].string == #"{"n":1}"#, "\(path)")
      }
      // 303 turns PUT into GET too; 307 keeps it.
      let put = try await session.request(server.url("/see-other"), method: .put).validate()
        .serializingJSON().value
      #expect(put["method"].string == "GET")
      let kept = try await session.request(server.url("/temporary"), method: .put).validate()
        .serializingJSON().value
      #expect(kept["method"].string == "PUT")
    }
  }

  @Test("The session's limit stops a loop")
  func theSessionsLimitStopsALoop() async throws {
    try await withServer(Self.handler) { server in
      let response = await Self.session(Redirector.follow, policy: .follow(maximum: 3))
        .request(server.url("/loop")).serializingData().response
      #expect(response.error?.curlCode == .tooManyRedirects)
      #expect(server.requestsServed == 4)
    }
  }

  @Test("Another host does not get the credentials")
  func anotherHostDoesNotGetTheCredentials() async throws {
    try await withServer(Self.handler) { server in
      let session = Self.session(Redirector.follow)
      let headers: HTTPHeaders = [
        .authorization(bearerToken: "secret"), .init(name: "X-Keep", value: "1"),
      ]
      let sameHost = try await session.request(
        server.url("/a"), headers: headers
      ).validate().serializingJSON().value
      #expect(sameHost["headers"]["authorization"].string == "Bearer secret")
      let target = "http://localhost:\(server.port)/c"
      let otherHost = try await session.request(
        server.url(
          "/away?to=" + (target.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")),
        headers: headers
      ).validate().serializingJSON().value
      #expect(otherHost["path"].string == "/c")
      #expect(otherHost["headers"]["authorization"].string == nil)
      #expect(otherHost["headers"]["x-keep"].string == "1")
    }
  }

  @Test("Cookies set on a hop are sent on the next")
  func cookiesSetOnAHopAreSentOnTheNext() async throws {
    try await withServer(Self.handler) { server in
      let json = try await Self.session(Redirector.follow).request(server.url("/cookie")).validate()
        .serializingJSON().value
      #expect(json["headers"]["cookie"].string == "hop=1")
    }
  }

  @Test(
    "The request's TLS settings and pins apply after a redirect",
    .enabled(if: TLSServer.toolsFound, "nginx or openssl not found"))
  func theRequestsTLSSettingsAndPinsApplyAfterARedirect() async throws {
    try await withTLSServer { tls in
      try await withServer(Self.handler) { server in
        let session = Self.session(Redirector.follow)
        func get(pin: String) async throws -> TransferResponse<JSON> {
          let to = tls.url(.trusted).addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
          var request = try HTTPRequest(server.url("/away?to=\(to)"))
          request.tls = TLSSettings(caBundlePath: tls.caBundle, pinnedPublicKeys: .sha256([pin]))
          return await session.request(request).validate().serializingJSON().response
        }
        let pinned = try await get(pin: tls.serverPublicKeyHash)
        #expect(try pinned.result.get()["server"].string == "trusted")
        let wrongPin = try await get(pin: tls.selfSignedPublicKeyHash)
        #expect(wrongPin.error?.curlCode == .sslPinnedPublicKeyNotMatch)
      }
    }
  }
}
