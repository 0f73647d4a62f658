#if Hummingbird
  import ExampleModels
  import Foundation
  import Hummingbird
  import JSONKit
  import JSONKitHummingbird
  import Logging
  import Mapping
  import Transfer

  /// The example service: JSONKit's coders for every body and reply, a mapped model, an
  /// NDJSON ingest route and a route that calls an upstream JSON API through Transfer.
  ///
  /// Logging: Hummingbird's `LogRequestsMiddleware` writes one line per request to the
  /// request's logger (`context.logger`, with the request's id), which the upstream call
  /// logs to as well (`LOG_LEVEL=debug` shows its lines). Tracing: `TracingMiddleware` starts
  /// a server span per request and Transfer a client span for the upstream call in it, with
  /// the tracer bootstrapped in `InstrumentationSystem` (none here: bootstrap swift-otel's,
  /// for example, before `run`).
  enum HummingbirdService {
    /// Serves on 127.0.0.1 until SIGINT or SIGTERM, then shuts down gracefully: the
    /// server stops taking connections and finishes the requests it has, then the upstream
    /// session drains its calls.
    static func run(_ options: ServiceOptions) async throws {
      var logger = Logger(label: "HummingbirdService")
      logger.logLevel = ServiceOptions.logLevel
      // One session for the service's outgoing calls, shared by every request handler (its
      // connections are kept alive). It is a Service of the application: on SIGTERM it
      // refuses new calls and lets the running ones end, after the server has stopped.
      let session = Transfer.Session(logger: logger)
      let users = UserDirectory(session: session, baseURL: options.upstream)
      let router = Router(context: JSONKitRequestContext.self)
      router.add(middleware: TracingMiddleware())
      router.add(middleware: LogRequestsMiddleware(.info))
      addRoutes(to: router, users: users)
      let app = Application(
        router: router,
        configuration: ApplicationConfiguration(
          address: .hostname("127.0.0.1", port: options.port), serverName: "HummingbirdService"),
        services: [session],
        onServerRunning: { channel in
          // The port the system chose for port 0: the only race-free way to get a free one.
          let port = channel.localAddress?.port ?? options.port
          FileHandle.standardOutput.write(Data("listening on 127.0.0.1:\(port)\n".utf8))
        },
        logger: logger)
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
        switch await users.user(id, logger: context.logger) {
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
