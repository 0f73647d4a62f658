#if Vapor
  import JSONKit
  import JSONKitVapor
  import Mapping
  import TestInputs
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

      @Test(
        "Each streamed body gets the reply both adapters give", arguments: AdapterBodyCases.streamed
      )
      func streamedBody(_ body: BodyCase) async throws {
        let reply = try await Self.reply(TwinRequest(body.path, bytes: body.body(), running: true))
        #expect(body.mismatch(status: Int(reply.status), body: reply.body) == nil, "\(reply)")
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
    }
  }
#endif
