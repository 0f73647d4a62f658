#if Vapor
  import JSONKit
  import JSONKitVapor
  import Testing
  import Vapor
  import VaporTesting
  import TestInputs

  extension VaporTests {
    /// Hostile request bodies against a real Vapor server on 127.0.0.1: each is a 4xx whose
    /// reply is short (an excerpt of the body at most) or a well-defined success; never a
    /// 500, a crash or a hang. (The article "Hostile request bodies" has the table.)
    @Suite("Vapor: hostile request bodies are bounded 4xx replies or well-defined successes")
    struct HostileBodyTests {
      struct Small: Content { var id: Int }
      struct Event: Content { var n: Int }

      static func routes(_ app: Application, _ coders: Coders) throws {
        app.post("decode") { req async throws -> Small in try req.content.decode(Small.self) }
        app.on(.POST, "decode", "big", body: .collect(maxSize: "32mb")) {
          req async throws -> Small in try req.content.decode(Small.self)
        }
        app.on(.POST, "events", body: .stream) { req async throws -> String in
          var count = 0
          for try await _ in req.body.jsonValues() { count += 1 }
          return "\(count)"
        }
        app.on(.POST, "events", "decoded", body: .stream) { req async throws -> String in
          var total = 0
          for try await event in req.body.decodedValues(Event.self) { total += event.n }
          return "\(total)"
        }
      }

      /// The shared cases, and the large bodies collected under Vapor's 16 KB limit and a
      /// route's 32 MB one.
      static let cases =
        AdapterBodyCases.hostile + [
          BodyCase(
            "1,000,000-deep nest, collected (16 KB limit)", "decode", HostileBody.deepNest, 413,
            "Payload Too Large"),
          BodyCase(
            "1,000,000-deep nest, collected (32 MB limit)", "decode/big", HostileBody.deepNest,
            400, "Nesting deeper than 10000 levels"),
          BodyCase(
            "100,000-digit number, collected", "decode/big", HostileBody.longNumber(key: "id"),
            400, "does not fit Int at .id"),
          BodyCase(
            "1,000,000 keys, collected (16 KB limit)", "decode", HostileBody.manyKeys, 413,
            "Payload Too Large"),
        ]

      @Test("Each hostile body gets its status and a short reply that says what", arguments: cases)
      func hostileBody(_ hostile: BodyCase) async throws {
        let reply = try await VaporTwin.reply(
          .jsonKit, TwinRequest(hostile.path, bytes: hostile.body(), running: true),
          routes: Self.routes)
        #expect(hostile.mismatch(status: Int(reply.status), body: reply.body) == nil, "\(reply)")
      }
    }
  }
#endif
