#if Hummingbird
  import Foundation
  import Hummingbird
  import HummingbirdTesting
  import JSONKit
  import JSONKitHummingbird
  import LoopbackTestServer
  import Mapping
  import Testing
  import Transfer

  /// A route file as an application writes it: Hummingbird, JSONKit, Mapping and Transfer
  /// imported together.
  ///
  /// Hummingbird re-exports HTTPTypes' `HTTPRequest` and `HTTPResponse`,
  /// names Transfer declares too; the README's and the articles' examples are written here as
  /// they spell them (`Transfer.Session`), so this file compiling is half of each test.
  @Suite("Names that coexist: Hummingbird with JSONKit, Mapping and Transfer in one file")
  struct HummingbirdNamesCoexistTests {
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

    static func application(upstream: LoopbackServer) -> some ApplicationProtocol {
      let router = Router(context: JSONKitRequestContext.self)
      // The README's Transfer example, in a Hummingbird route.
      router.get("/profiles/:id") { _, context -> MappedResponse<User> in
        let id = try context.parameters.require("id", as: Int.self)
        let user = try await Transfer.Session.default.request(upstream.url("/users/\(id)"))
          .validate()
          .serializingObject(User.self, keyPath: "data")
          .value
        return MappedResponse(user)
      }
      // Transfer's guide: a session of its own, a method and headers as arguments, beside
      // Hummingbird's HTTPRequest (HTTPTypes') in the same handler.
      router.get("/echo") { request, _ -> Response in
        let session = Transfer.Session(interceptor: RetryPolicy())
        let method: Transfer.HTTPMethod = .post
        let sent: Transfer.HTTPHeaders = ["Accept": "application/json"]
        let answer = try await session.request(upstream.url("/echo"), method: method, headers: sent)
          .validate()
          .serializingJSON()
          .value
        let incoming: HTTPRequest = request.head
        return Response(
          status: .ok,
          headers: [
            .contentType: "application/json", .init("X-Method")!: incoming.method.rawValue,
          ],
          body: ResponseBody(byteBuffer: ByteBuffer(string: answer.rawString() ?? "")))
      }
      // A hand-built Transfer.HTTPRequest, and the Transfer.HTTPResponse it gets, in a
      // handler whose own reply is Hummingbird's HTTPResponse.Status.
      router.get("/status") { _, _ -> String in
        let request = try Transfer.HTTPRequest(upstream.url("/missing"), method: .get)
        let reply: Transfer.HTTPResponse? = await Transfer.Session.default.request(request)
          .serializingData()
          .response
          .response
        let status: HTTPResponse.Status = .ok
        return "\(status.code) \(reply?.statusCode ?? 0)"
      }
      return Application(router: router)
    }

    @Test("The README's Transfer example, spelled Transfer.Session.default, runs in a route")
    func readmeExampleInARoute() async throws {
      let upstream = try Self.upstream()
      defer { upstream.stop() }
      try await Self.application(upstream: upstream).test(.router) { client in
        try await client.execute(uri: "/profiles/7", method: .get) { response in
          #expect(response.status == .ok)
          let user = try JSON(data: Data(response.body.readableBytesView))
          #expect(user["name"] == "Ada")
          #expect(user["age"] == 36)
          #expect(user["address"]["city"] == "London")
        }
      }
    }

    @Test("Transfer's HTTPMethod and HTTPHeaders go upstream beside Hummingbird's HTTPRequest")
    func transferAndHummingbirdNamesSideBySide() async throws {
      let upstream = try Self.upstream()
      defer { upstream.stop() }
      try await Self.application(upstream: upstream).test(.router) { client in
        try await client.execute(uri: "/echo", method: .get) { response in
          #expect(response.status == .ok)
          #expect(response.headers[.init("X-Method")!] == "GET")
          let echo = try JSON(data: Data(response.body.readableBytesView))
          #expect(echo == ["method": "POST", "accept": "application/json"])
        }
      }
    }

    @Test("A hand-built Transfer.HTTPRequest gets a Transfer.HTTPResponse in a route")
    func handBuiltRequestInARoute() async throws {
      let upstream = try Self.upstream()
      defer { upstream.stop() }
      try await Self.application(upstream: upstream).test(.router) { client in
        try await client.execute(uri: "/status", method: .get) { response in
          #expect(response.status == .ok)
          #expect(String(buffer: response.body) == "200 404")
        }
      }
    }
  }
#endif
