#if Hummingbird
  import Hummingbird
  import HummingbirdTesting
  import JSONKit
  import JSONKitHummingbird
  import Testing
  import TestInputs

  /// Hostile request bodies against a real Hummingbird server on 127.0.0.1: each is a 4xx
  /// whose reply is short (an excerpt of the body at most) or a well-defined success; never
  /// a 500, a crash or a hang. (The article "Hostile request bodies" has the table.)
  @Suite("Hummingbird: hostile request bodies are bounded 4xx replies or well-defined successes")
  struct HummingbirdHostileBodyTests {
    struct Small: ResponseCodable { var id: Int }
    struct Event: Decodable { var n: Int }

    static func routes<Context: RequestContext>(_ router: Router<Context>) {
      router.post("/decode") { request, context -> Small in
        try await request.decode(as: Small.self, context: context)
      }
      router.post("/events") { request, _ -> String in
        var count = 0
        for try await _ in request.body.jsonValues() { count += 1 }
        return "\(count)"
      }
      router.post("/events/decoded") { request, _ -> String in
        var total = 0
        for try await event in request.body.decodedValues(Event.self) { total += event.n }
        return "\(total)"
      }
    }

    /// The shared cases, and the large bodies collected under `JSONKitRequestContext`'s
    /// (Hummingbird's) 2 MiB `maxUploadSize`.
    static let cases =
      AdapterBodyCases.hostile + [
        BodyCase(
          "1,000,000-deep nest, collected (2 MiB limit)", "decode", HostileBody.deepNest, 400,
          "Nesting deeper than 10000 levels"),
        BodyCase(
          "100,000-digit number, collected", "decode", HostileBody.longNumber(key: "id"), 400,
          "does not fit Int at .id"),
        BodyCase(
          "1,000,000 keys, collected (2 MiB limit)", "decode", HostileBody.manyKeys, 413, ""),
      ]

    @Test("Each hostile body gets its status and a short reply that says what", arguments: cases)
    func hostileBody(_ hostile: BodyCase) async throws {
      let reply = try await HummingbirdTwin.reply(
        JSONKitRequestContext.self,
        TwinRequest("/" + hostile.path, bytes: hostile.body(), live: true), routes: Self.routes)
      #expect(hostile.mismatch(status: reply.status, body: reply.body) == nil, "\(reply)")
    }
  }
#endif
