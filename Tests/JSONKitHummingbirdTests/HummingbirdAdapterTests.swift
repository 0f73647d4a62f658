#if Hummingbird
  import Hummingbird
  import HummingbirdTesting
  import JSONKit
  import JSONKitHummingbird
  import Mapping
  import Testing

  /// Real requests through Hummingbird's router, with JSONKit's coders in the context.
  @Suite("JSONKit in Hummingbird: coders, mapped bodies, NDJSON bodies")
  struct HummingbirdAdapterTests {
    struct Order: ResponseCodable, Equatable {
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

    static func app() -> some ApplicationProtocol {
      let router = Router(context: JSONKitRequestContext.self)
      router.post("/orders") { request, context -> Order in
        var order = try await request.decode(as: Order.self, context: context)
        order.items.append("checked")
        return order
      }
      router.post("/users") { request, context -> MappedResponse<User> in
        var user = try await request.mapBody(User.self, context: context, strict: true)
        user.age += 1
        return MappedResponse(user, status: .created)
      }
      router.post("/events") { request, _ -> String in
        var total = 0
        for try await event in request.body.jsonValues() { total += event["n"].intValue }
        return "\(total)"
      }
      return Application(router: router)
    }

    static func post(
      _ uri: String, _ body: String, _ check: @escaping @Sendable (TestResponse) throws -> Void
    )
      async throws
    {
      try await app().test(.router) { client in
        try await client.execute(uri: uri, method: .post, body: ByteBuffer(string: body)) {
          try check($0)
        }
      }
    }

    @Test("A body decodes and the reply encodes with JSONKit")
    func aBodyDecodesAndTheReplyEncodesWithJSONKit() async throws {
      try await Self.post("/orders", #"{"id": 7, "items": ["a"]}"#) { response in
        #expect(response.status == .ok)
        #expect(response.headers[.contentType] == "application/json; charset=utf-8")
        #expect(String(buffer: response.body) == #"{"id":7,"items":["a","checked"]}"#)
      }
    }

    @Test("A body that is not JSON is a 400 that says where")
    func aBodyThatIsNotJSONIsA400ThatSaysWhere() async throws {
      try await Self.post("/orders", "{\"id\": 7,\n \"items\": [\"a\",]}") { response in
        #expect(response.status == .badRequest)
        let body = String(buffer: response.body)
        #expect(body.contains("Unexpected character ']' at line 2, column 16 (byte 25)"), "\(body)")
      }
    }

    @Test("A mapped body and a mapped reply")
    func aMappedBodyAndAMappedReply() async throws {
      try await Self.post("/users", #"{"name": "Ada", "age": 36}"#) { response in
        #expect(response.status == .created)
        let reply = try JSON(bytes: response.body.readableBytesView)
        #expect(reply == ["name": "Ada", "age": 37])
      }
    }

    @Test("A strict mapping failure is a 400 with the path")
    func aStrictMappingFailureIsA400WithThePath() async throws {
      try await Self.post("/users", #"{"name": "Ada", "age": "x"}"#) { response in
        #expect(response.status == .badRequest)
        #expect(String(buffer: response.body).contains(#"Expected Int at .age but found string"#))
      }
    }

    @Test("An NDJSON body is read value by value")
    func anNDJSONBodyIsReadValueByValue() async throws {
      try await Self.post("/events", "{\"n\": 1}\n{\"n\": 2}\n{\"n\": 39}\n") { response in
        #expect(response.status == .ok)
        #expect(String(buffer: response.body) == "42")
      }
    }
  }
#endif
