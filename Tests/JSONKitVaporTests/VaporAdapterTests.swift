#if Vapor
  import JSONKit
  import JSONKitVapor
  import Mapping
  import Testing
  import Vapor
  import VaporTesting

  extension VaporTests {
    /// Real requests through Vapor's router, with JSONKit's coders configured for `.json`.
    @Suite("JSONKit in Vapor: content coders, mapped bodies, NDJSON bodies")
    struct VaporAdapterTests {
      struct Order: Content, Equatable {
        var id: Int
        var items: [String]
      }

      struct User: Mappable, Sendable {
        var name = ""
        var age = 0
        init?(map: Map) {}
        mutating func mapping(map: Map) {
          name <- map["name"]
          age <- map["age"]
        }
      }

      static func routes(_ app: Application) {
        app.post("orders") { req async throws -> Order in
          var order = try req.content.decode(Order.self)
          order.items.append("checked")
          return order
        }
        app.post("users") { req async throws -> MappedContent<User> in
          var user = try req.mapBody(User.self, strict: true)
          user.age += 1
          return MappedContent(user, status: .created)
        }
        app.on(.POST, "events", body: .stream) { req async throws -> String in
          var total = 0
          for try await event in req.body.jsonValues() { total += event["n"].intValue }
          return "\(total)"
        }
      }

      /// Runs `check` on the reply to a POST of `body`, with JSONKit's coders for `.json`.
      static func post(
        _ path: String, _ body: String, _ check: (TestingHTTPResponse) throws -> Void
      )
        async throws
      {
        ContentConfiguration.global = Coders.jsonKit.configuration
        defer { ContentConfiguration.global = .default() }
        try await withApp { app in
          routes(app)
          var headers = HTTPHeaders()
          headers.contentType = .json
          try await app.testing().test(
            .POST, path, headers: headers, body: ByteBuffer(string: body)
          ) { response in
            try check(response)
          }
        }
      }

      @Test("Content decodes and encodes with JSONKit")
      func contentDecodesAndEncodesWithJSONKit() async throws {
        try await Self.post("orders", #"{"id": 7, "items": ["a"]}"#) { response in
          #expect(response.status == .ok)
          #expect(response.headers.contentType == .json)
          #expect(response.body.string == #"{"id":7,"items":["a","checked"]}"#)
        }
      }

      @Test("A body that is not JSON is a 400 that says where")
      func aBodyThatIsNotJSONIsA400ThatSaysWhere() async throws {
        try await Self.post("orders", "{\"id\": 7,\n \"items\": [\"a\",]}") { response in
          #expect(response.status == .badRequest)
          #expect(
            response.body.string.contains(
              "Unexpected character ']' at line 2, column 16 (byte 25)"),
            "\(response.body.string)")
        }
      }

      @Test("A mapped body and a mapped reply")
      func aMappedBodyAndAMappedReply() async throws {
        try await Self.post("users", #"{"name": "Ada", "age": 36}"#) { response in
          #expect(response.status == .created)
          let reply = try JSON(bytes: response.body.readableBytesView)
          #expect(reply == ["name": "Ada", "age": 37])
        }
      }

      @Test("A strict mapping failure is a 400 with the path")
      func aStrictMappingFailureIsA400WithThePath() async throws {
        try await Self.post("users", #"{"name": "Ada", "age": "x"}"#) { response in
          #expect(response.status == .badRequest)
          #expect(response.body.string.contains("Expected Int at .age but found string"))
        }
      }

      @Test("A streamed NDJSON body is read value by value")
      func aStreamedNDJSONBodyIsReadValueByValue() async throws {
        try await Self.post("events", "{\"n\": 1}\n{\"n\": 2}\n{\"n\": 39}\n") { response in
          #expect(response.status == .ok)
          #expect(response.body.string == "42")
        }
      }
    }
  }
#endif
