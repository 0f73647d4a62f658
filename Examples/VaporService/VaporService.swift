#if Vapor
  import ExampleModels
  import Foundation
  import JSONKit
  import JSONKitVapor
  import Mapping
  import Transfer
  import Vapor

  /// The example service: JSONKit's coders for every `Content` body and reply, a mapped
  /// model, an NDJSON ingest route and a route that calls an upstream JSON API through
  /// Transfer.
  ///
  /// Logging: Vapor's `RouteLoggingMiddleware` (on by default) writes one line per request to
  /// the request's logger (`req.logger`, with the request's id), which the upstream call logs
  /// to as well (`LOG_LEVEL=debug` shows its lines). Tracing: `TracingMiddleware` starts a
  /// server span per request, `traceAutoPropagation` makes it the handler's `ServiceContext`,
  /// and Transfer starts a client span for the upstream call in it, with the tracer
  /// bootstrapped in `InstrumentationSystem` (none here: bootstrap swift-otel's, for example,
  /// before `run`).
  enum VaporService {
    /// Serves on 127.0.0.1 until SIGINT or SIGTERM, then shuts down: the server stops
    /// taking connections and finishes the requests it has, then the upstream session
    /// drains its calls.
    static func run(_ options: ServiceOptions) async throws {
      // Vapor's own command line is not used: the environment is named, not detected.
      let app = try await Application.make(Environment(name: "development", arguments: ["vapor"]))
      app.logger.logLevel = ServiceOptions.logLevel
      // JSONKit behind `.json` and `.jsonAPI`, with Vapor's wire format (ISO-8601 dates).
      ContentConfiguration.global.useJSONKit()
      app.middleware.use(TracingMiddleware(), at: .beginning)
      app.traceAutoPropagation = true
      // One session for the service's outgoing calls, shared by every request handler (its
      // connections are kept alive).
      let session = Transfer.Session(logger: app.logger)
      routes(app, users: UserDirectory(session: session, baseURL: options.upstream))

      try await app.server.start(address: .hostname("127.0.0.1", port: options.port))
      // The port the system chose for port 0: the only race-free way to get a free one.
      let port = app.http.server.shared.localAddress?.port ?? options.port
      FileHandle.standardOutput.write(Data("listening on 127.0.0.1:\(port)\n".utf8))
      await StopSignal.wait()
      await app.server.shutdown()
      await session.shutdown()
      try await app.asyncShutdown()
    }

    /// The service's routes; `users` answers `GET /profiles/:id`.
    static func routes(_ app: Application, users: UserDirectory) {
      app.get("health") { _ in "ok" }

      // Codable: `Content` decoded and encoded by the JSONKit coders configured for `.json`.
      app.post("orders") { req async throws -> Order in
        var order = try req.content.decode(Order.self)
        order.items.append("checked")
        return order
      }

      // Mapping: a 400 that names the property when the body does not map.
      app.post("users") { req async throws -> MappedContent<User> in
        var user = try req.mapBody(User.self, strict: true)
        user.age += 1
        return MappedContent(user, status: .created)
      }

      // NDJSON ingest: each value as soon as its bytes arrive, the body never collected.
      app.on(.POST, "events", body: .stream) { req async throws -> EventTally in
        var tally = EventTally()
        for try await event in req.body.jsonValues() { tally.add(event["n"].intValue) }
        return tally
      }

      // An upstream call through Transfer (UserDirectory), its answer mapped into a reply.
      app.get("profiles", ":id") { req async throws -> MappedContent<User> in
        guard let id = req.parameters.get("id", as: Int.self) else {
          throw Abort(.badRequest, reason: "The id is not a number.")
        }
        switch await users.user(id, logger: req.logger) {
        case .found(let user):
          return MappedContent(user)
        case .notFound:
          throw Abort(.notFound, reason: "No user \(id) upstream.")
        case .failed(let error):
          req.logger.warning("upstream call failed: \(error)")
          throw Abort(.badGateway, reason: "The upstream API failed.")
        }
      }
    }
  }

  extension Order: Content {}
  extension EventTally: Content {}
#endif
