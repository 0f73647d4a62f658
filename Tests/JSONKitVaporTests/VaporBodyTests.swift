#if Vapor
  import JSONKit
  import JSONKitVapor
  import Mapping
  import Testing
  import Vapor
  import VaporTesting

  extension VaporTests {
    /// Request bodies value by value, and the limits on them: Vapor's body collection limit
    /// and JSONKit's depth and value-size limits.
    ///
    /// Served on 127.0.0.1 (a real server and
    /// client), where Vapor streams and limits bodies as in production.
    @Suite("Vapor request bodies: streamed values and the limits on a body")
    struct BodyTests {
      struct Event: Content {
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

      struct Small: Content { var id: Int }

      static func routes(_ app: Application, _ coders: Coders) throws {
        app.on(.POST, "events", body: .stream) { req async throws -> String in
          var total = 0
          for try await event in req.body.jsonValues() { total += event["n"].intValue }
          return "\(total)"
        }
        app.on(.POST, "events", "decoded", body: .stream) { req async throws -> String in
          var total = 0
          var last = Date.distantPast
          for try await event in req.body.decodedValues(Event.self) {
            total += event.n
            last = max(last, event.at)
          }
          return "\(total) \(last.timeIntervalSince1970)"
        }
        app.on(.POST, "users", "bulk", body: .stream) { req async throws -> String in
          var names: [String] = []
          for try await user in req.body.mappedValues(User.self, strict: true) {
            names.append("\(user.name):\(user.age.map(String.init) ?? "-")")
          }
          return names.joined(separator: ",")
        }
        app.on(.POST, "events", "big", body: .stream) { req async throws -> String in
          var bytes = 0
          for try await event in req.body.jsonValues(maxValueBytes: 16 * 1024 * 1024) {
            bytes += event["s"].stringValue.utf8.count
          }
          return "\(bytes)"
        }
        app.on(.POST, "events", "shallow", body: .stream) { req async throws -> String in
          var count = 0
          for try await _ in req.body.jsonValues(options: .init(maxDepth: 64)) { count += 1 }
          return "\(count)"
        }
        app.post("small") { req async throws -> Small in try req.content.decode(Small.self) }
        app.on(.POST, "small", "roomy", body: .collect(maxSize: "1mb")) {
          req async throws -> Small in try req.content.decode(Small.self)
        }
      }

      static func reply(_ request: TwinRequest) async throws -> Reply {
        try await VaporTwin.reply(.jsonKit, request, routes: routes)
      }

      /// NDJSON events `{"n": 1}` … of `count` lines.
      static func ndjson(_ count: Int) -> String {
        (1...count).map { #"{"n": \#($0), "pad": "\#(String(repeating: "p", count: 40))"}"# }
          .joined(separator: "\n")
      }

      @Test("jsonValues() reads a streamed body far past the 16 KB collection limit")
      func jsonValuesStreamed() async throws {
        let body = Self.ndjson(20_000)  // about 1.2 MB
        let reply = try await Self.reply(TwinRequest("events", body: body, running: true))
        #expect(reply.status == 200, "\(reply)")
        #expect(reply.body == "\(20_000 * 20_001 / 2)")
      }

      @Test("decodedValues(_:) decodes each line with Vapor's ISO-8601 dates")
      func decodedValuesStreamed() async throws {
        let body = #"""
          {"n": 40, "at": "2024-05-01T12:00:00Z"}
          {"n": 2, "at": "2024-05-01T12:00:01Z"}
          """#
        let reply = try await Self.reply(TwinRequest("events/decoded", body: body, running: true))
        #expect(reply.body == "42 1714564801.0", "\(reply)")
      }

      @Test("decodedValues(_:) answers a line of the wrong shape with a 400 that says where")
      func decodedValuesWrongShape() async throws {
        let body = "{\"n\": 1, \"at\": \"2024-05-01T12:00:00Z\"}\n{\"n\": \"x\"}\n"
        let reply = try await Self.reply(TwinRequest("events/decoded", body: body, running: true))
        #expect(reply.status == 400, "\(reply)")
        #expect(reply.body.contains(#"Expected Int at .n but found string (\"x\")"#), "\(reply)")
      }

      @Test("mappedValues(_:strict:) maps each line; a missing optional age is nil")
      func mappedValuesStreamed() async throws {
        let body = "{\"name\": \"Ada\", \"age\": 36}\n{\"name\": \"Grace\"}\n"
        let reply = try await Self.reply(TwinRequest("users/bulk", body: body, running: true))
        #expect(reply.status == 200, "\(reply)")
        #expect(reply.body == "Ada:36,Grace:-")
      }

      @Test("mappedValues(_:strict:) answers a line that does not map with a 400 and its path")
      func mappedValuesFailure() async throws {
        let body = "{\"name\": \"Ada\"}\n{\"name\": \"Grace\", \"age\": \"x\"}\n"
        let reply = try await Self.reply(TwinRequest("users/bulk", body: body, running: true))
        #expect(reply.status == 400, "\(reply)")
        #expect(reply.body.contains(#"Expected Int at .age but found string"#), "\(reply)")
      }

      @Test("Vapor's 16 KB collection limit is a 413; a route's maxSize raises it")
      func collectionLimit() async throws {
        let body = #"{"id": 1, "pad": "\#(String(repeating: "x", count: 20_000))"}"#
        let refused = try await Self.reply(TwinRequest("small", body: body, running: true))
        #expect(refused.status == 413, "\(refused)")
        let roomy = try await Self.reply(TwinRequest("small/roomy", body: body, running: true))
        #expect(roomy.status == 200, "\(roomy)")
        #expect(roomy.body == #"{"id":1}"#)
      }

      @Test("app.routes.defaultMaxBodySize raises the limit for every collecting route")
      func defaultMaxBodySize() async throws {
        let body = #"{"id": 2, "pad": "\#(String(repeating: "x", count: 20_000))"}"#
        let reply = try await VaporTwin.reply(
          .jsonKit, TwinRequest("small", body: body, running: true)
        ) { app, coders in
          app.routes.defaultMaxBodySize = "1mb"
          try Self.routes(app, coders)
        }
        #expect(reply.status == 200, "\(reply)")
      }

      @Test("A streamed value over maxValueBytes is a 413; a route can raise the limit")
      func valueSizeLimit() async throws {
        let big = String(repeating: "v", count: 5 * 1024 * 1024)
        let body = "{\"n\": 1}\n{\"s\": \"\(big)\"}\n"
        let refused = try await Self.reply(TwinRequest("events", body: body, running: true))
        #expect(refused.status == 413, "\(refused)")
        #expect(
          refused.body.contains("Value longer than the limit of 4194304 bytes (maxValueBytes)"),
          "\(refused)")
        #expect(refused.body.utf8.count < 500)
        let raised = try await Self.reply(TwinRequest("events/big", body: body, running: true))
        #expect(raised.status == 200, "\(raised.status)")
        #expect(raised.body == "\(big.utf8.count)")
      }

      @Test("JSONParser.Options.maxDepth bounds a streamed body's nesting: a 400 that says so")
      func depthLimit() async throws {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        let shallow = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        let ok = try await Self.reply(
          TwinRequest("events/shallow", body: shallow + "\n" + shallow, running: true))
        #expect(ok.body == "2", "\(ok)")
        let refused = try await Self.reply(
          TwinRequest("events/shallow", body: deep, running: true))
        #expect(refused.status == 400, "\(refused)")
        #expect(refused.body.contains("Nesting deeper than 64 levels at line 1, column 65"))
      }
    }
  }
#endif
