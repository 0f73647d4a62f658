#if Hummingbird
  import Foundation
  import Hummingbird
  import HummingbirdTesting
  import JSONKit
  import JSONKitHummingbird
  import Mapping
  import Testing

  /// Request bodies value by value, and the limits on them: Hummingbird's `maxUploadSize`
  /// and JSONKit's depth and value-size limits.
  ///
  /// Served on 127.0.0.1 (`.live`: a real server
  /// and client), where bodies arrive in chunks as in production.
  @Suite("Hummingbird request bodies: streamed values and the limits on a body")
  struct HummingbirdBodyTests {
    struct Event: Decodable {
      var n: Int
      var at: Date
    }

    struct User: Mappable, Sendable {
      var name = ""
      var age: Int?
      init?(map: Map) {}
      mutating func mapping(map: Map) {
        name <- map["name"]
        age <- map["age"]
      }
    }

    struct Small: ResponseCodable { var id: Int }

    /// A context with JSONKit's coders and a body limit of 8 MiB instead of 2.
    struct RoomyContext: RequestContext {
      var coreContext: CoreRequestContextStorage
      init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }
      var requestDecoder: JSONKitDecoder { .hummingbird }
      var responseEncoder: JSONKitEncoder { .hummingbird }
      var maxUploadSize: Int { 8 * 1024 * 1024 }
    }

    static func routes<Context: RequestContext>(_ router: Router<Context>) {
      router.post("/events") { request, _ -> String in
        var total = 0
        for try await event in request.body.jsonValues() { total += event["n"].intValue }
        return "\(total)"
      }
      router.post("/events/decoded") { request, _ -> String in
        var total = 0
        var last = Date.distantPast
        for try await event in request.body.decodedValues(Event.self) {
          total += event.n
          last = max(last, event.at)
        }
        return "\(total) \(last.timeIntervalSince1970)"
      }
      router.post("/users/bulk") { request, _ -> String in
        var names: [String] = []
        for try await user in request.body.mappedValues(User.self, strict: true) {
          names.append("\(user.name):\(user.age.map(String.init) ?? "-")")
        }
        return names.joined(separator: ",")
      }
      router.post("/events/big") { request, _ -> String in
        var bytes = 0
        for try await event in request.body.jsonValues(maxValueBytes: 16 * 1024 * 1024) {
          bytes += event["s"].stringValue.utf8.count
        }
        return "\(bytes)"
      }
      router.post("/events/shallow") { request, _ -> String in
        var count = 0
        for try await _ in request.body.jsonValues(options: .init(maxDepth: 64)) { count += 1 }
        return "\(count)"
      }
      router.post("/small") { request, context -> Small in
        try await request.decode(as: Small.self, context: context)
      }
    }

    static func reply(_ request: TwinRequest) async throws -> Reply {
      try await HummingbirdTwin.reply(JSONKitRequestContext.self, request, routes: routes)
    }

    /// NDJSON events `{"n": 1}` … of `count` lines, about 60 bytes each.
    static func ndjson(_ count: Int) -> String {
      (1...count).map { #"{"n": \#($0), "pad": "\#(String(repeating: "p", count: 40))"}"# }
        .joined(separator: "\n")
    }

    @Test("jsonValues() reads a body past maxUploadSize: it is never collected")
    func jsonValuesStreamed() async throws {
      let body = Self.ndjson(50_000)  // about 3 MB, past the 2 MiB maxUploadSize
      let reply = try await Self.reply(TwinRequest("/events", body: body, live: true))
      #expect(reply.status == 200, "\(reply)")
      #expect(reply.body == "\(50_000 * 50_001 / 2)")
    }

    @Test("decodedValues(_:) decodes each line with Hummingbird's ISO-8601 dates")
    func decodedValuesStreamed() async throws {
      let body = #"""
        {"n": 40, "at": "2024-05-01T12:00:00Z"}
        {"n": 2, "at": "2024-05-01T12:00:01Z"}
        """#
      let reply = try await Self.reply(TwinRequest("/events/decoded", body: body, live: true))
      #expect(reply.body == "42 1714564801.0", "\(reply)")
    }

    @Test("decodedValues(_:) answers a line of the wrong shape with a 400 that says where")
    func decodedValuesWrongShape() async throws {
      let body = "{\"n\": 1, \"at\": \"2024-05-01T12:00:00Z\"}\n{\"n\": \"x\"}\n"
      let reply = try await Self.reply(TwinRequest("/events/decoded", body: body, live: true))
      #expect(reply.status == 400, "\(reply)")
      #expect(reply.body.contains(#"Expected Int at .n but found string (\"x\")"#), "\(reply)")
    }

    @Test("mappedValues(_:strict:) maps each line; a missing optional age is nil")
    func mappedValuesStreamed() async throws {
      let body = "{\"name\": \"Ada\", \"age\": 36}\n{\"name\": \"Grace\"}\n"
      let reply = try await Self.reply(TwinRequest("/users/bulk", body: body, live: true))
      #expect(reply.status == 200, "\(reply)")
      #expect(reply.body == "Ada:36,Grace:-")
    }

    @Test("mappedValues(_:strict:) answers a line that does not map with a 400 and its path")
    func mappedValuesFailure() async throws {
      let body = "{\"name\": \"Ada\"}\n{\"name\": \"Grace\", \"age\": \"x\"}\n"
      let reply = try await Self.reply(TwinRequest("/users/bulk", body: body, live: true))
      #expect(reply.status == 400, "\(reply)")
      #expect(reply.body.contains(#"Expected Int at .age but found string"#), "\(reply)")
    }

    @Test("Hummingbird's 2 MiB maxUploadSize is a 413; a context's maxUploadSize raises it")
    func uploadLimit() async throws {
      let body = #"{"id": 1, "pad": "\#(String(repeating: "x", count: 3_000_000))"}"#
      let refused = try await Self.reply(TwinRequest("/small", body: body, live: true))
      #expect(refused.status == 413, "\(refused)")
      let roomy = try await HummingbirdTwin.reply(
        RoomyContext.self, TwinRequest("/small", body: body, live: true), routes: Self.routes)
      #expect(roomy.status == 200, "\(roomy)")
      #expect(roomy.body == #"{"id":1}"#)
    }

    @Test("A streamed value over maxValueBytes is a 413; a route can raise the limit")
    func valueSizeLimit() async throws {
      let big = String(repeating: "v", count: 5 * 1024 * 1024)
      let body = "{\"n\": 1}\n{\"s\": \"\(big)\"}\n"
      let refused = try await Self.reply(TwinRequest("/events", body: body, live: true))
      #expect(refused.status == 413, "\(refused)")
      #expect(
        refused.body.contains("Value longer than the limit of 4194304 bytes (maxValueBytes)"),
        "\(refused)")
      #expect(refused.body.utf8.count < 500)
      let raised = try await Self.reply(TwinRequest("/events/big", body: body, live: true))
      #expect(raised.status == 200, "\(raised.status)")
      #expect(raised.body == "\(big.utf8.count)")
    }

    @Test("JSONParser.Options.maxDepth bounds a streamed body's nesting: a 400 that says so")
    func depthLimit() async throws {
      let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
      let shallow = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
      let ok = try await Self.reply(
        TwinRequest("/events/shallow", body: shallow + "\n" + shallow, live: true))
      #expect(ok.body == "2", "\(ok)")
      let refused = try await Self.reply(TwinRequest("/events/shallow", body: deep, live: true))
      #expect(refused.status == 400, "\(refused)")
      #expect(refused.body.contains("Nesting deeper than 64 levels at line 1, column 65"))
    }
  }
#endif
