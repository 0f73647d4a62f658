#if Vapor
  import JSONKit
  import JSONKitVapor
  import Testing
  import Vapor
  import VaporTesting

  extension VaporTests {
    /// Each of Vapor's Content APIs, served once with Vapor's own coders
    /// (`ContentConfiguration.default()`) and once with `useJSONKit()`: same status, same
    /// content type, same bytes.
    @Suite("Vapor's Content APIs give the same replies with JSONKit registered")
    struct ConventionsTests {
      struct Order: Content, Equatable {
        var id: Int
        var placed: Date
        var items: [String]
        var note: String?
        var ratio: Double
        var receipt: Data
        var link: String
      }

      static let order = Order(
        id: 7, placed: Date(timeIntervalSince1970: 1_714_564_800), items: ["a", "é"],
        note: nil, ratio: 0.1, receipt: Data([0, 1, 254, 255]), link: "https://example.com/a/b")

      static let orderText = #"""
        {"id": 7, "placed": "2024-05-01T12:00:00Z", "items": ["a", "\u00e9"], "ratio": 0.1,
         "receipt": "AAH+/w==", "link": "https://example.com/a/b"}
        """#

      static let userText = #"""
        {"user": {"name": "Ada", "age": 36, "tags": ["x", "y", "z"],
                  "joined": "2020-02-29T23:59:59Z"}}
        """#

      /// A reply that wraps values read by key path.
      struct Picked: Content {
        var name: String
        var secondTag: String
        var joined: Date
      }

      /// `AsyncResponseEncodable` of one's own: a `201 Created` through `encodeResponse`.
      struct Created: AsyncResponseEncodable {
        var order: Order
        func encodeResponse(for request: Request) async throws -> Response {
          try await order.encodeResponse(status: .created, for: request)
        }
      }

      static func routes(_ app: Application, _ coders: Coders) throws {
        app.post("decode") { req async throws -> Order in try req.content.decode(Order.self) }
        app.post("decode-using") { req async throws -> Order in
          try req.content.decode(Order.self, using: coders.decoder)
        }
        app.post("get") { req async throws -> Picked in
          Picked(
            name: try req.content.get(String.self, at: "user", "name"),
            secondTag: try req.content.get(at: "user", "tags", 1),
            joined: try req.content.get(Date.self, at: "user", "joined"))
        }
        app.post("subscripts") { req async throws -> String in
          let tag = req.content[String.self, at: "user", "tags", 2]
          let age: Int? = req.content["user", "age"]
          let missing = req.content[Int.self, at: "user", "nope"]
          return
            "\(tag ?? "nil") \(age.map(String.init) ?? "nil") \(missing.map(String.init) ?? "nil")"
        }
        app.get("response-encode") { _ async throws -> Response in
          let response = Response(status: .accepted)
          try response.content.encode(Self.order)
          return response
        }
        app.post("raw") { req async throws -> String in req.body.string ?? "" }
        app.get("async-encodable") { _ async throws -> Created in Created(order: Self.order) }
        app.post("json-api") { req async throws -> Response in
          let order = try req.content.decode(Order.self)
          let response = Response()
          try response.content.encode(order, as: .jsonAPI)
          return response
        }
      }

      static func expectSame(
        _ request: TwinRequest, status: HTTPStatus = .ok,
        beforeRequest: (inout TestingHTTPRequest) async throws -> Void = { _ in },
        sourceLocation: SourceLocation = #_sourceLocation
      ) async throws {
        let (vapor, jsonKit) = try await VaporTwin.replies(
          request, routes: routes, beforeRequest: beforeRequest)
        #expect(vapor.status == status.code, "\(vapor)", sourceLocation: sourceLocation)
        #expect(jsonKit == vapor, sourceLocation: sourceLocation)
      }

      @Test("content.decode and a Content return value: ISO-8601 dates both ways")
      func contentDecodeAndReturn() async throws {
        try await Self.expectSame(TwinRequest("decode", body: Self.orderText))
      }

      @Test("content.decode(_:using:) with each framework's decoder")
      func decodeUsing() async throws {
        try await Self.expectSame(TwinRequest("decode-using", body: Self.orderText))
      }

      @Test("content.get(_:at:) reads keys, indexes and dates by key path")
      func getAtKeyPath() async throws {
        let (vapor, jsonKit) = try await VaporTwin.replies(
          TwinRequest("get", body: Self.userText), routes: Self.routes)
        #expect(vapor.status == 200, "\(vapor)")
        #expect(jsonKit == vapor)
        #expect(jsonKit.body == #"{"name":"Ada","secondTag":"y","joined":"2020-02-29T23:59:59Z"}"#)
      }

      @Test("content subscripts read by key path, and nil for a missing key")
      func subscripts() async throws {
        let (vapor, jsonKit) = try await VaporTwin.replies(
          TwinRequest("subscripts", body: Self.userText), routes: Self.routes)
        #expect(vapor.body == "z 36 nil")
        #expect(jsonKit == vapor)
      }

      @Test("content.encode on a response")
      func encodeOnResponse() async throws {
        try await Self.expectSame(TwinRequest(.GET, "response-encode"), status: .accepted)
      }

      @Test("content.encode on a request: the same body bytes reach the server")
      func encodeOnRequest() async throws {
        let (vapor, jsonKit) = try await VaporTwin.replies(
          TwinRequest("raw", contentType: nil), routes: Self.routes,
          beforeRequest: { try $0.content.encode(Self.order) })
        #expect(vapor.body.contains(#""placed":"2024-05-01T12:00:00Z""#), "\(vapor)")
        #expect(jsonKit == vapor)
      }

      @Test("An AsyncResponseEncodable of one's own")
      func asyncResponseEncodable() async throws {
        try await Self.expectSame(TwinRequest(.GET, "async-encodable"), status: .created)
      }

      @Test("application/vnd.api+json is decoded and encoded as with Vapor's coders")
      func jsonAPI() async throws {
        try await Self.expectSame(
          TwinRequest("json-api", body: Self.orderText, contentType: .jsonAPI))
      }

      @Test(
        "Bodies that do not decode are 400 with both coders",
        arguments: [
          #"{"id": "7"}"#,  // type mismatch
          #"{"placed": "2024-05-01T12:00:00Z"}"#,  // missing key
          #"{"id": 7, "placed": "yesterday", "items": [], "ratio": 1, "receipt": "", "link": ""}"#,
          #"{"id": 7, "placed": 1714564800, "items": [], "ratio": 1, "receipt": "", "link": ""}"#,
          #"{"id": 7,"#,  // truncated
        ])
      func decodingErrors(body: String) async throws {
        let (vapor, jsonKit) = try await VaporTwin.replies(
          TwinRequest("decode", body: body), routes: Self.routes)
        #expect(vapor.status == 400, "\(vapor)")
        #expect(jsonKit.status == vapor.status, "\(jsonKit)")
        #expect(jsonKit.contentType == vapor.contentType)
        // Vapor's ErrorMiddleware shape; the reasons differ (JSONKit's say where, in jq notation).
        let reply = JSON(parseJSON: jsonKit.body)
        #expect(reply["error"].bool == true && reply["reason"].string != nil, "\(jsonKit)")
      }
    }
  }
#endif
