import CoreMetrics
import Foundation
import JSONKit
import Logging
import LoopbackTestServer
import Mapping
import TestProcesses
import Tracing
import Transfer

/// Runs `body` against a fresh loopback server and stops it afterwards.
func withServer<T>(
  _ handler: @escaping @Sendable (ServerRequest) -> ServerResponse,
  _ body: (LoopbackServer) async throws -> T
) async throws -> T {
  let server = try LoopbackServer(handler: handler)
  defer { server.stop() }
  return try await body(server)
}

/// A response describing the request as JSON: method, target, path, query, headers, body.
func echo(_ request: ServerRequest) -> ServerResponse {
  var headers: [String: JSON] = [:]
  for header in request.headers { headers[header.name.lowercased()] = JSON(header.value) }
  var query: [String: JSON] = [:]
  for (name, value) in request.query { query[name] = JSON(value) }
  let json = JSON(dictionary: [
    "method": JSON(request.method), "target": JSON(request.target), "path": JSON(request.path),
    "query": JSON(dictionary: query), "headers": JSON(dictionary: headers),
    "body": JSON(String(decoding: request.body, as: UTF8.self)),
  ])
  return .json(json.rawString(options: []) ?? "null")
}

/// Waits for a completion-handler API.
func awaitResponse<Value: Sendable>(
  _ start: (@escaping @Sendable (TransferResponse<Value>) -> Void) -> Void
) async -> TransferResponse<Value> {
  await withCheckedContinuation { continuation in
    start { continuation.resume(returning: $0) }
  }
}

/// The timeout of a request that a test holds on the server (``Gate``) or cancels: long enough
/// that it never ends the request first, however long a loaded machine keeps the test's task
/// from running.
///
/// Two hours, longer than a whole test run (Scripts/test stops one at 25 minutes), on
/// purpose: this timeout firing is never the failure a test looks for, only a loaded
/// machine's delay (curl's clock runs on an engine thread of its own, while the test's task
/// that opens the gate waits for one of the cooperative pool's few threads; a held request
/// once timed out after 600 s, before its test opened the gate), so no shorter bound would
/// catch a real failure. A test whose gate never opens fails first on its own wait
/// (`livenessLimit`).
let heldRequestTimeout = Duration.seconds(7200)

/// A session for the tests, with a timeout that only ends a request that hangs.
///
/// Two minutes by default: far longer than any request here takes on a quiet machine (200 of
/// them queued behind six connections included), so a loaded one does not end a request
/// early; a test that needs a timeout to fire passes a short one of its own.
func testSession(
  timeout: Duration = .seconds(120), maximumResponseSize: Int? = nil,
  idleTimeout: Duration? = nil,
  interceptor: (any RequestInterceptor)? = nil,
  redirects: SessionConfiguration.RedirectPolicy = .follow(maximum: 10),
  logger: Logger = Session.disabledLogger, tracer: (any Tracer)? = nil,
  metrics: (any MetricsFactory)? = nil
) -> Session {
  var configuration = SessionConfiguration.default
  configuration.timeout = timeout
  configuration.maximumResponseSize = maximumResponseSize
  configuration.idleTimeout = idleTimeout
  configuration.redirectPolicy = redirects
  configuration.proxy = .none
  // Two engine threads whatever the machine's cores: every test runs the spread of
  // transfers over engines (a request goes to the least busy one).
  configuration.transferThreads = 2
  // Never the process's bootstrapped ones: tests run in parallel, each with its own.
  configuration.tracer = tracer
  configuration.metricsFactory = metrics
  return Session(configuration: configuration, interceptor: interceptor, logger: logger)
}

// MARK: Models

struct User: Mappable, Sendable, Equatable {
  var id = 0
  var name = ""
  var tags: [String] = []

  init?(map: Map) {}
  init(id: Int, name: String, tags: [String]) {
    self.id = id
    self.name = name
    self.tags = tags
  }

  mutating func mapping(map: Map) {
    id <- map["id"]
    name <- map["name"]
    tags <- map["tags"]
  }
}

struct ImmutableUser: ImmutableMappable, Sendable {
  let id: Int
  let name: String

  init(map: Map) throws {
    id = try map.value("id")
    name = try map.value("name")
  }
}

struct CodableUser: Codable, Sendable, Equatable {
  var id: Int
  var name: String
}

/// The error body of the test API: `{"error": {"code": 42, "message": "…"}}`.
struct APIError: ImmutableMappable, Error, Sendable {
  let code: Int
  let message: String

  init(map: Map) throws {
    code = try map.value("error.code")
    message = try map.value("error.message")
  }
}

struct DecodableAPIError: Decodable, Error, Sendable {
  struct Detail: Decodable, Sendable {
    var code: Int
    var message: String
  }
  var error: Detail
}

let userJSON = #"{"id": 7, "name": "Ada", "tags": ["x", "y"]}"#
