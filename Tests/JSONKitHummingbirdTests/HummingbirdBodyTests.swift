#if Hummingbird
  import Foundation
  import Hummingbird
  import HummingbirdTesting
  import JSONKit
  import JSONKitHummingbird
  import Mapping
  import TestInputs
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

    @Test(
      "Each streamed body gets the reply both adapters give", arguments: AdapterBodyCases.streamed)
    func streamedBody(_ body: BodyCase) async throws {
      let reply = try await Self.reply(TwinRequest("/" + body.path, bytes: body.body(), live: true))
      #expect(body.mismatch(status: reply.status, body: reply.body) == nil, "\(reply)")
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
  }
#endif
