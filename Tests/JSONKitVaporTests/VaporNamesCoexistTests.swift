#if Vapor
  import Foundation
  import JSONKit
  import JSONKitVapor
  import LoopbackTestServer
  import Mapping
  import Testing
  import Transfer
  import Vapor
  import VaporTesting

  /// A route file as an application writes it: Vapor, JSONKit, Mapping and Transfer imported
  /// together.
  ///
  /// Vapor has a `Session` and re-exports NIO's `HTTPHeaders` and `HTTPMethod`, all
  /// names Transfer declares too; the README's and the articles' examples are written here as
  /// they spell them (`Transfer.Session`), so this file compiling is half of each test.
  @Suite("Names that coexist: Vapor with JSONKit, Mapping and Transfer in one file")
  struct VaporNamesCoexistTests {
    /// The README's Mapping model.
    struct User: Mappable, Sendable {
      var name = ""
      var age: Int?
      var city: String?
      init?(map: Map) {}
      mutating func mapping(map: Map) {
        name <- map["name"]
        age <- map["age"]
        city <- map["address.city"]
      }
    }

    /// The upstream JSON API the routes call: a loopback server with one user.
    static func upstream() throws -> LoopbackServer {
      try LoopbackServer { request in
        switch request.path {
        case "/users/7":
          .json(#"{"data": {"name": "Ada", "age": 36, "address": {"city": "London"}}}"#)
        case "/echo":
          .json(
            #"{"method": "\#(request.method)", "accept": "\#(request.header("Accept") ?? "")"}"#)
        default: .json(#"{"error": "not found"}"#, status: 404)
        }
      }
    }

    static func routes(_ app: Application, upstream: LoopbackServer) {
      // The README's Transfer example, in a Vapor route.
      app.get("profiles", ":id") { req async throws -> MappedContent<User> in
        let id = try req.parameters.require("id", as: Int.self)
        let user = try await Transfer.Session.default.request(upstream.url("/users/\(id)"))
          .validate()
          .serializingObject(User.self, keyPath: "data")
          .value
        return MappedContent(user)
      }
      // Transfer's guide: a session of its own, a method and headers as arguments; Vapor's
      // own HTTPHeaders and HTTPMethod beside Transfer's, each spelled as its docs spell it.
      app.get("echo") { req async throws -> Response in
        let session = Transfer.Session(interceptor: RetryPolicy())
        let method: Transfer.HTTPMethod = .post
        let sent: Transfer.HTTPHeaders = ["Accept": "application/json"]
        let answer = try await session.request(upstream.url("/echo"), method: method, headers: sent)
          .validate()
          .serializingJSON()
          .value
        var headers = HTTPHeaders()
        headers.contentType = .json
        let status: HTTPMethod = req.method
        headers.replaceOrAdd(name: "X-Method", value: status.rawValue)
        return Response(
          status: .ok, headers: headers, body: .init(string: answer.rawString() ?? ""))
      }
      // A hand-built Transfer.HTTPRequest, and the Transfer.HTTPResponse it gets.
      app.get("status") { req async throws -> String in
        let request = try Transfer.HTTPRequest(upstream.url("/missing"), method: .get)
        let reply: Transfer.HTTPResponse? = await Transfer.Session.default.request(request)
          .serializingData()
          .response
          .response
        return "\(reply?.statusCode ?? 0)"
      }
    }

    /// Runs `body` against an application with ``routes(_:upstream:)``.
    static func withRoutes(_ body: (Application) async throws -> Void) async throws {
      let upstream = try upstream()
      defer { upstream.stop() }
      try await withApp { app in
        routes(app, upstream: upstream)
        try await body(app)
      }
    }

    @Test("The README's Transfer example, spelled Transfer.Session.default, runs in a Vapor route")
    func readmeExampleInARoute() async throws {
      try await Self.withRoutes { app in
        try await app.testing().test(.GET, "profiles/7") { response in
          #expect(response.status == .ok)
          let user = try JSON(data: Data(response.body.readableBytesView))
          #expect(user["name"] == "Ada")
          #expect(user["age"] == 36)
          #expect(user["address"]["city"] == "London")
        }
      }
    }

    @Test("Transfer's HTTPMethod and HTTPHeaders go upstream from a route that uses Vapor's")
    func transferAndVaporHeadersSideBySide() async throws {
      try await Self.withRoutes { app in
        try await app.testing().test(.GET, "echo") { response in
          #expect(response.status == .ok)
          #expect(response.headers.first(name: "X-Method") == "GET")
          let echo = try JSON(data: Data(response.body.readableBytesView))
          #expect(echo == ["method": "POST", "accept": "application/json"])
        }
      }
    }

    @Test("A hand-built Transfer.HTTPRequest gets a Transfer.HTTPResponse in a Vapor route")
    func handBuiltRequestInARoute() async throws {
      try await Self.withRoutes { app in
        try await app.testing().test(.GET, "status") { response in
          #expect(response.status == .ok)
          #expect(response.body.string == "404")
        }
      }
    }
  }
#endif
