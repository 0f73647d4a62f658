import Foundation
import JSONKit
import JSONKitVapor
import Synchronization
import Vapor

/// The server suite's Vapor 4 subjects: the same route as the Hummingbird ones (`POST /`
/// decodes the body into the map suite's models and replies with a count, a sum and the first
/// model), with the coders chosen per application.
///
/// - `vapor-jsonkit`: `JSONKitDecoder` and `JSONKitEncoder` as Vapor's `ContentDecoder` and
///   `ContentEncoder` (the `JSONKitVapor` adapter).
/// - `vapor-foundation`: Vapor's defaults, Foundation's `JSONDecoder` and `JSONEncoder`.
///
/// Vapor's coders for `.json` are process-wide (`ContentConfiguration.global`), and both
/// subjects run in one process, so the route names its coders (`content.decode(_:using:)`,
/// `ContentEncoder.encode(_:to:headers:)`): the same calls `ContentConfiguration` makes.
/// Vapor's per-request log line is off (`Middlewares()` with the error middleware alone), as
/// Hummingbird logs no request by default.
enum VaporServers {
  /// Starts the application for `subject` on a free port and returns the port.
  static func start(subject: String, model: MapSuite.Model) throws -> Int {
    switch (subject, model) {
    case ("vapor-jsonkit", .twitter): try start(JSONKitTwitter.self, twitter: true)
    case ("vapor-foundation", .twitter): try start(FoundationTwitter.self, twitter: true)
    case ("vapor-jsonkit", .github): try start(JSONKitGitHub.self, twitter: false)
    case ("vapor-foundation", .github): try start(FoundationGitHub.self, twitter: false)
    default: throw UsageError("no subject '\(subject)' in the server suite")
    }
  }

  private static func start<Coders: BenchCoders>(_: Coders.Type, twitter: Bool) throws -> Int
  where Coders.Decoder: ContentDecoder, Coders.Encoder: ContentEncoder {
    let port = Mutex<Int?>(nil)
    let running = DispatchSemaphore(value: 0)
    Task {
      do {
        let app = try await Application.make(
          Environment(name: "production", arguments: ["compare"]))
        app.logger.logLevel = .error
        app.middleware = Middlewares()
        app.middleware.use(ErrorMiddleware.default(environment: app.environment))
        app.on(.POST, body: .collect(maxSize: "64mb")) { request async throws -> Response in
          twitter
            ? try reply(request, Coders.self, ServerSuite.twitterReply)
            : try reply(request, Coders.self, ServerSuite.githubReply)
        }
        try await app.server.start(address: .hostname("127.0.0.1", port: 0))
        port.withLock { $0 = app.http.server.shared.localAddress?.port }
        running.signal()
        // Serves until the process ends (an Application must not be released running).
        while true { try await Task.sleep(for: .seconds(3600)) }
      } catch {
        printError("vapor server stopped: \(error)")
        running.signal()
      }
    }
    guard running.wait(timeout: .now() + 30) == .success, let bound = port.withLock({ $0 }) else {
      throw UsageError("the Vapor server did not start")
    }
    return bound
  }

  /// Decodes the body with `Coders.decoder`, makes the reply with `make` and encodes it with
  /// `Coders.encoder`.
  private static func reply<Coders: BenchCoders, Models: Decodable, Reply: Encodable>(
    _ request: Request, _: Coders.Type, _ make: (Models) -> Reply
  ) throws -> Response
  where Coders.Decoder: ContentDecoder, Coders.Encoder: ContentEncoder {
    let models = try request.content.decode(Models.self, using: Coders.decoder)
    var headers = HTTPHeaders()
    var body = request.byteBufferAllocator.buffer(capacity: 0)
    try Coders.encoder.encode(make(models), to: &body, headers: &headers)
    return Response(status: .ok, headers: headers, body: .init(buffer: body))
  }
}
