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

      static let cases: [HostileCase] = [
        HostileCase(
          "truncated JSON", "decode", HostileBody.truncated, 400, "Unexpected end of input"),
        HostileCase("invalid UTF-8", "decode", HostileBody.invalidUTF8, 400, "Invalid UTF-8"),
        HostileCase(
          "1,000,000-deep nest, collected (16 KB limit)", "decode", HostileBody.deepNest, 413,
          "Payload Too Large"),
        HostileCase(
          "1,000,000-deep nest, collected (32 MB limit)", "decode/big", HostileBody.deepNest,
          400, "Nesting deeper than 10000 levels"),
        HostileCase(
          "1,000,000-deep nest, streamed", "events", HostileBody.deepNest, 400,
          "Nesting deeper than 10000 levels at line 1, column 10001"),
        HostileCase(
          "100,000-digit number, collected", "decode/big", HostileBody.longNumber(key: "id"),
          400, "does not fit Int at .id"),
        HostileCase(
          "100,000-digit number, streamed", "events/decoded", HostileBody.longNumber(key: "n"),
          400, "does not fit Int at .n"),
        HostileCase(
          "1,000,000 keys, collected (16 KB limit)", "decode", HostileBody.manyKeys, 413,
          "Payload Too Large"),
        HostileCase(
          "1,000,000 keys, streamed", "events", HostileBody.manyKeys, 413,
          "Value longer than the limit of 4194304 bytes"),
        HostileCase(
          "lone surrogate escape", "decode", HostileBody.loneSurrogate, 400, "Invalid escape"),
        HostileCase(
          "malformed NDJSON, streamed", "events", HostileBody.malformedNDJSON, 400,
          "at line 2, column 9"),
        HostileCase(
          "one 20 MiB value, streamed", "events", HostileBody.hugeValue, 413,
          "Value longer than the limit of 4194304 bytes"),
      ]

      @Test("Each hostile body gets its status and a short reply that says what", arguments: cases)
      func hostileBody(_ hostile: HostileCase) async throws {
        let reply = try await VaporTwin.reply(
          .jsonKit, TwinRequest(hostile.path, bytes: hostile.body(), running: true),
          routes: Self.routes)
        #expect(reply.status == UInt(hostile.status), "\(reply)")
        #expect(hostile.message.isEmpty || reply.body.contains(hostile.message), "\(reply)")
        #expect(reply.body.utf8.count < 1_000, "\(reply.body.utf8.count) bytes")
      }
    }
  }
#endif
