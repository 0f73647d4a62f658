import Foundation
import JSONKit
import LoopbackTestServer
import Testing
import Transfer

/// The session's cookie jar (curl's cookie engine) against a loopback server that sets
/// cookies and answers with the `Cookie` header it got.
@Suite("Cookies")
struct CookieTests {
  /// `/set?c=<Set-Cookie value>` sets one cookie (repeat `c` for more); `/redirect?c=…` sets
  /// it on a 302 to `/cookies`; any other path answers `{"cookie": "<Cookie header or empty>"}`.
  static func handler(_ request: ServerRequest) -> ServerResponse {
    let setCookies = request.queryItems.filter { $0.name == "c" }.map {
      (name: "Set-Cookie", value: $0.value)
    }
    switch request.path {
    case "/set":
      var response = ServerResponse.json("{}")
      response.headers += setCookies
      return response
    case "/redirect":
      var response = ServerResponse.redirect(to: "/cookies")
      response.headers += setCookies
      return response
    default:
      let cookie = JSON(request.header("Cookie") ?? "")
      return .json(JSON(dictionary: ["cookie": cookie]).rawString(options: []) ?? "{}")
    }
  }

  static func session(_ cookies: SessionConfiguration.Cookies = .inMemory) -> Session {
    var configuration = SessionConfiguration(timeout: .seconds(120), proxy: .none)
    configuration.cookies = cookies
    return Session(configuration: configuration)
  }

  /// Asks the server to set `cookies` (each a `Set-Cookie` value) at `path`.
  static func set(_ cookies: [String], on session: Session, _ server: LoopbackServer) async throws {
    let query = cookies.map {
      "c=" + ($0.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    }
    _ = try await session.request(server.url("/set?" + query.joined(separator: "&"))).validate()
      .serializingData().value
  }

  /// The cookies of the `Cookie` header the server got for `url`, sorted ("" for none):
  /// curl orders them by path length, then by age, which these tests do not pin down.
  static func sent(to url: String, by session: Session) async throws -> String {
    let header = try await session.request(url).validate().serializingJSON().value["cookie"]
      .stringValue
    return header.split(separator: "; ").sorted().joined(separator: "; ")
  }

  @Test("A cookie set by the server is sent back")
  func aCookieSetByTheServerIsSentBack() async throws {
    try await withServer(Self.handler) { server in
      let session = Self.session()
      #expect(try await Self.sent(to: server.url("/cookies"), by: session) == "")
      try await Self.set(["session=abc123; Path=/; HttpOnly"], on: session, server)
      #expect(try await Self.sent(to: server.url("/cookies"), by: session) == "session=abc123")
      let stored = try #require(session.cookieStorage?.cookies(for: URL(string: server.url("/"))!))
      #expect(stored.map(\.name) == ["session"])
      #expect(stored.first?.domain == "127.0.0.1")
      #expect(stored.first?.isHTTPOnly == true)
      #expect(stored.first?.isSessionOnly == true)
    }
  }

  @Test("Paths are respected")
  func pathsAreRespected() async throws {
    try await withServer(Self.handler) { server in
      let session = Self.session()
      try await Self.set(["api=1; Path=/api", "all=2; Path=/"], on: session, server)
      #expect(try await Self.sent(to: server.url("/api/users"), by: session) == "all=2; api=1")
      #expect(try await Self.sent(to: server.url("/api"), by: session) == "all=2; api=1")
      #expect(try await Self.sent(to: server.url("/other"), by: session) == "all=2")
      // "/apiary" is not under "/api".
      #expect(try await Self.sent(to: server.url("/apiary"), by: session) == "all=2")
      let storage = try #require(session.cookieStorage)
      #expect(storage.cookies(for: URL(string: server.url("/api/x"))!).count == 2)
      #expect(storage.cookies(for: URL(string: server.url("/x"))!).map(\.name) == ["all"])
    }
  }

  @Test("Domains are respected")
  func domainsAreRespected() async throws {
    try await withServer(Self.handler) { server in
      let session = Self.session()
      // A host may not set a cookie for another domain: curl drops it.
      try await Self.set(["mine=1", "theirs=2; Domain=example.com"], on: session, server)
      #expect(try await Self.sent(to: server.url("/"), by: session) == "mine=1")
      // The same server by another name is another host.
      let byName = "http://localhost:\(server.port)/"
      #expect(try await Self.sent(to: byName, by: session) == "")
      let storage = try #require(session.cookieStorage)
      storage.setCookie(Cookie(name: "named", value: "yes", domain: "localhost"))
      #expect(try await Self.sent(to: byName, by: session) == "named=yes")
      #expect(try await Self.sent(to: server.url("/"), by: session) == "mine=1")
      #expect(storage.cookies.count == 2)
    }
  }

  @Test("Expired cookies are removed")
  func expiredCookiesAreRemoved() async throws {
    try await withServer(Self.handler) { server in
      let session = Self.session()
      try await Self.set(["a=1; Max-Age=3600", "b=2", "c=3"], on: session, server)
      #expect(try await Self.sent(to: server.url("/"), by: session) == "a=1; b=2; c=3")
      let a = session.cookieStorage?.cookies.first { $0.name == "a" }
      #expect(a?.isSessionOnly == false)
      #expect((a?.expiresDate ?? .distantPast) > Date())
      // A past date or Max-Age=0 deletes.
      try await Self.set(
        ["a=; Expires=Thu, 01 Jan 1970 00:00:01 GMT", "b=; Max-Age=0"], on: session, server)
      #expect(try await Self.sent(to: server.url("/"), by: session) == "c=3")
      #expect(session.cookieStorage?.cookies.map(\.name) == ["c"])
    }
  }

  @Test("Secure cookies go over HTTPS or to loopback only")
  func secureCookiesGoOverHTTPSOrToLoopbackOnly() async throws {
    try await withServer(Self.handler) { server in
      let session = Self.session()
      let storage = try #require(session.cookieStorage)
      #expect(storage.setCookie(Cookie(name: "plain", value: "1", domain: "127.0.0.1")))
      #expect(
        storage.setCookie(Cookie(name: "secret", value: "2", domain: "127.0.0.1", isSecure: true)))
      // curl counts plain HTTP to 127.0.0.1 and localhost as a secure context, as browsers do.
      #expect(try await Self.sent(to: server.url("/"), by: session) == "plain=1; secret=2")
      #expect(storage.cookies(for: URL(string: server.url("/"))!).count == 2)
      storage.setCookie(Cookie(name: "secret", value: "3", domain: "example.com", isSecure: true))
      #expect(storage.cookies(for: URL(string: "http://example.com/")!).isEmpty)
      #expect(storage.cookies(for: URL(string: "https://example.com/")!).map(\.value) == ["3"])
      // A field with a tab cannot be stored.
      #expect(!storage.setCookie(Cookie(name: "bad", value: "a\tb", domain: "127.0.0.1")))
      #expect(storage.cookies.count == 3)
    }
  }

  @Test("Set, delete and remove all change the jar")
  func setDeleteAndRemoveAll() async throws {
    try await withServer(Self.handler) { server in
      let session = Self.session()
      let storage = try #require(session.cookieStorage)
      let token = Cookie(name: "token", value: "t1", domain: "127.0.0.1", path: "/")
      storage.setCookie(token)
      storage.setCookie(Cookie(name: "theme", value: "dark", domain: "127.0.0.1"))
      #expect(try await Self.sent(to: server.url("/"), by: session) == "theme=dark; token=t1")
      // Same name, domain and path: replaced.
      storage.setCookie(Cookie(name: "token", value: "t2", domain: "127.0.0.1"))
      #expect(try await Self.sent(to: server.url("/"), by: session) == "theme=dark; token=t2")
      storage.deleteCookie(token)
      #expect(try await Self.sent(to: server.url("/"), by: session) == "theme=dark")
      storage.removeAllCookies()
      #expect(try await Self.sent(to: server.url("/"), by: session) == "")
      #expect(storage.cookies.isEmpty)
    }
  }

  @Test("Sessions have separate jars")
  func sessionsHaveSeparateJars() async throws {
    try await withServer(Self.handler) { server in
      let first = Self.session()
      let second = Self.session()
      try await Self.set(["who=first"], on: first, server)
      try await Self.set(["who=second"], on: second, server)
      #expect(try await Self.sent(to: server.url("/"), by: first) == "who=first")
      #expect(try await Self.sent(to: server.url("/"), by: second) == "who=second")
      second.cookieStorage?.removeAllCookies()
      #expect(try await Self.sent(to: server.url("/"), by: first) == "who=first")
      #expect(try await Self.sent(to: server.url("/"), by: second) == "")
    }
  }

  @Test("Disabled keeps nothing")
  func disabledKeepsNothing() async throws {
    try await withServer(Self.handler) { server in
      let session = Self.session(.disabled)
      #expect(session.cookieStorage == nil)
      try await Self.set(["ignored=1"], on: session, server)
      #expect(try await Self.sent(to: server.url("/"), by: session) == "")
      // A Cookie header set by hand still goes out.
      let json = try await session.request(
        server.url("/"), headers: ["Cookie": "manual=1"]
      ).serializingJSON().value
      #expect(json["cookie"].string == "manual=1")
    }
  }

  @Test("Cookies set on a redirect are sent to its target")
  func cookiesSetOnARedirectAreSentToItsTarget() async throws {
    try await withServer(Self.handler) { server in
      let session = Self.session()
      let json = try await session.request(server.url("/redirect?c=hop%3D1")).validate()
        .serializingJSON().value
      #expect(json["cookie"].string == "hop=1")
    }
  }

  @Test("A persistent jar is saved and loaded by the next session")
  func aPersistentJarIsSavedAndLoadedByTheNextSession() async throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("jsonkit-cookies-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("cookies.txt").path
    try await withServer(Self.handler) { server in
      let first = Self.session(.persistent(path: path))
      #expect(first.cookieStorage?.path == path)
      try await Self.set(["kept=1; Max-Age=3600", "visit=2"], on: first, server)
      #expect(!FileManager.default.fileExists(atPath: path))
      first.cookieStorage?.flush()
      let saved = try String(contentsOfFile: path, encoding: .utf8)
      #expect(saved.contains("\tkept\t1"))

      let second = Self.session(.persistent(path: path))
      #expect(Set(second.cookieStorage?.cookies.map(\.name) ?? []) == ["kept", "visit"])
      #expect(try await Self.sent(to: server.url("/"), by: second) == "kept=1; visit=2")
      // A session in memory does not read the file.
      #expect(try await Self.sent(to: server.url("/"), by: Self.session()) == "")
    }
  }
}
