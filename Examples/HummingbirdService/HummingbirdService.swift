#if Hummingbird
  import ExampleModels
  import Foundation
  import Hummingbird
  import JSONKit
  import JSONKitHummingbird
  import Mapping
  import Transfer

  /// The example service: JSONKit's coders for every body and reply, a mapped model, an
  /// NDJSON ingest route and a route that calls an upstream JSON API through Transfer.
  ///
  /// Logging: Hummingbird's `LogRequestsMiddleware` writes one line per request to the
  /// application's logger (`LOG_LEVEL=debug` for more). Tracing: `TracingMiddleware` starts a
  /// server span per request with the tracer bootstrapped in `InstrumentationSystem` (none
  /// here: bootstrap swift-otel's, for example, before `run`).
  enum HummingbirdService {
    /// Serves on 127.0.0.1 until SIGINT or SIGTERM, then shuts down gracefully: the
    /// server stops taking connections and finishes the requests it has.
    static func run(_ options: ServiceOptions) async throws {
      // One session for the service's outgoing calls: its connections are kept alive and
      // shared by every request handler.
      let users = UserDirectory(session: Transfer.Session(), baseURL: options.upstream)
      let router = Router(context: JSONKitRequestContext.self)
      router.add(middleware: TracingMiddleware())
      router.add(middleware: LogRequestsMiddleware(.info))
      addRoutes(to: router, users: users)
      let app = Application(
        router: router,
        configuration: ApplicationConfiguration(
          address: .hostname("127.0.0.1", port: options.port), serverName: "HummingbirdService"),
        onServerRunning: { channel in
          // The port the system chose for port 0: the only race-free way to get a free one.
          let port = channel.localAddress?.port ?? options.port
          FileHandle.standardOutput.write(Data("listening on 127.0.0.1:\(port)\n".utf8))
        })
      try await app.runService()
    }

    /// The service's routes; `users` answers `GET /profiles/:id`.
    static func addRoutes(to router: Router<JSONKitRequestContext>, users: UserDirectory) {
      router.get("/health") { _, _ in "ok" }

      // Codable: decoded and encoded by the context's JSONKitDecoder and JSONKitEncoder.
      router.post("/orders") { request, context -> Order in
        var order = try await request.decode(as: Order.self, context: context)
        order.items.append("checked")
        return order
      }

      // Mapping: a 400 that names the property when the body does not map.
      router.post("/users") { request, context -> MappedResponse<User> in
        var user = try await request.mapBody(User.self, context: context, strict: true)
        user.age += 1
        return MappedResponse(user, status: .created)
      }

      // NDJSON ingest: each value as soon as its bytes arrive, the body never collected.
      router.post("/events") { request, _ -> EventTally in
        var tally = EventTally()
        for try await event in request.body.jsonValues() { tally.add(event["n"].intValue) }
        return tally
      }

      // An upstream call through Transfer (UserDirectory), its answer mapped into a reply.
      router.get("/profiles/:id") { _, context -> MappedResponse<User> in
        let id = try context.parameters.require("id", as: Int.self)
        switch await users.user(id) {
        case .found(let user):
          return MappedResponse(user)
        case .notFound:
          throw HTTPError(.notFound, message: "No user \(id) upstream.")
        case .failed(let error):
          context.logger.warning("upstream call failed: \(error)")
          throw HTTPError(.badGateway, message: "The upstream API failed.")
        }
      }
    }
  }

  extension Order: ResponseCodable {}
  extension EventTally: ResponseEncodable {}
#endif
