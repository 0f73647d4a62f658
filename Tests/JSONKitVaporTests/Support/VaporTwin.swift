#if Vapor
  import JSONKit
  import JSONKitVapor
  import NIOCore
  import Testing
  import Vapor
  import VaporTesting

  /// Every Vapor suite: they set `ContentConfiguration.global`, so they run one test at a
  /// time (the trait reaches the suites nested in extensions).
  @Suite("Vapor adapter", .serialized)
  enum VaporTests {}

  /// The JSON coders registered in `ContentConfiguration.global` for a run.
  enum Coders: String, CustomStringConvertible, CaseIterable {
    /// `ContentConfiguration.default()`: Foundation's coders, as Vapor registers them.
    case vapor
    /// The documented registration: `ContentConfiguration.global.useJSONKit()`.
    case jsonKit

    var description: String { rawValue }

    /// The configuration with these coders.
    var configuration: ContentConfiguration {
      var configuration = ContentConfiguration.default()
      if self == .jsonKit { configuration.useJSONKit() }
      return configuration
    }

    /// The `ContentDecoder` these coders use for JSON, for `decode(_:using:)`.
    var decoder: any ContentDecoder {
      self == .jsonKit ? JSONKitDecoder.vapor : JSONDecoder.custom(dates: .iso8601)
    }
  }

  /// What a client sees of a reply, compared between the two coders: status, content type,
  /// and the body up to the order of object members.
  ///
  /// (Foundation's `JSONEncoder` on Linux
  /// writes members in its dictionary's hash order, which changes from run to run; JSONKit
  /// writes them in declaration order. So bodies are compared as their text with members
  /// sorted, and by length, which catches any difference in escaping.)
  struct Reply: Equatable, CustomStringConvertible {
    var status: UInt
    var contentType: String?
    var body: String

    init(_ response: TestingHTTPResponse) {
      status = response.status.code
      contentType = response.headers.first(name: .contentType)
      body = response.body.string
    }

    init(status: UInt, contentType: String?, body: String) {
      self.status = status
      self.contentType = contentType
      self.body = body
    }

    static func == (a: Reply, b: Reply) -> Bool {
      a.status == b.status && a.contentType == b.contentType
        && a.body.utf8.count == b.body.utf8.count && a.sortedBody == b.sortedBody
    }

    /// The body with object members sorted, or as it is when it is not JSON.
    var sortedBody: String { sortedMembers(body) }

    var description: String { "\(status) \(contentType ?? "-") \(body.prefix(300))" }
  }

  /// `text` rewritten with object members sorted by key, numbers as written; `text` itself
  /// when it is not JSON.
  func sortedMembers(_ text: String) -> String {
    guard let json = try? JSON(data: Data(text.utf8)) else { return text }
    return JSONWriter(options: [.sortedKeys]).string(json)
  }

  /// A request for `VaporTwin.reply`.
  struct TwinRequest: Sendable {
    var method: HTTPMethod = .POST
    var path: String
    var body: ByteBuffer?
    var contentType: HTTPMediaType? = .json
    /// Whether to serve on 127.0.0.1 (a real server and client) instead of in memory.
    var running = false

    init(
      _ path: String, body: String? = nil, contentType: HTTPMediaType? = .json,
      running: Bool = false
    ) {
      self.init(.POST, path, body: body, contentType: contentType, running: running)
    }

    init(
      _ path: String, bytes: [UInt8], contentType: HTTPMediaType? = .json,
      running: Bool = false
    ) {
      self.init(.POST, path, bytes: bytes, contentType: contentType, running: running)
    }

    init(
      _ method: HTTPMethod, _ path: String, body: String? = nil,
      contentType: HTTPMediaType? = .json, running: Bool = false
    ) {
      self.method = method
      self.path = path
      self.body = body.map { ByteBuffer(string: $0) }
      self.contentType = contentType
      self.running = running
    }

    init(
      _ method: HTTPMethod, _ path: String, bytes: [UInt8],
      contentType: HTTPMediaType? = .json, running: Bool = false
    ) {
      self.method = method
      self.path = path
      self.body = ByteBuffer(bytes: bytes)
      self.contentType = contentType
      self.running = running
    }
  }

  enum VaporTwin {
    /// The reply to `request` from an application set up by `routes`, with `coders`
    /// registered globally for the request's lifetime (Vapor's defaults restored after).
    static func reply(
      _ coders: Coders, _ request: TwinRequest,
      routes: (Application, Coders) throws -> Void,
      beforeRequest: (inout TestingHTTPRequest) async throws -> Void = { _ in }
    ) async throws -> Reply {
      ContentConfiguration.global = coders.configuration
      defer { ContentConfiguration.global = .default() }
      return try await withApp { app in
        try routes(app, coders)
        var headers = HTTPHeaders()
        if let contentType = request.contentType { headers.contentType = contentType }
        if request.running {
          return try await runningReply(app, request, headers: headers, beforeRequest)
        }
        let tester = try app.testing(method: .inMemory)
        let response = try await tester.sendRequest(
          request.method, request.path, headers: headers, body: request.body,
          beforeRequest: beforeRequest)
        return Reply(response)
      }
    }

    /// How long the client waits for a reply from the running server: a hang, not a deadline.
    ///
    /// VaporTesting's `.running` mode gives a request 30 s, which a large body can need on a
    /// loaded machine (two whole test runs at once; Hummingbird's 20 s equivalent timed out
    /// there while its server was still reading). So running requests are sent here, through
    /// the same AsyncHTTPClient, with this limit instead.
    static let runningLimit: TimeAmount = .seconds(900)

    /// The reply from `app` started on 127.0.0.1 (a port the kernel picks), sent through
    /// AsyncHTTPClient as VaporTesting's `.running` mode sends it.
    static func runningReply(
      _ app: Application, _ request: TwinRequest, headers: HTTPHeaders,
      _ beforeRequest: (inout TestingHTTPRequest) async throws -> Void
    ) async throws -> Reply {
      var outgoing = TestingHTTPRequest(
        method: request.method, url: URI(path: request.path), headers: headers,
        body: request.body ?? ByteBuffer())
      try await beforeRequest(&outgoing)
      try await app.server.start(address: .hostname("127.0.0.1", port: 0))
      let client = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton)
      do {
        let port = try #require(app.http.server.shared.localAddress?.port)
        let path = outgoing.url.path.hasPrefix("/") ? outgoing.url.path : "/" + outgoing.url.path
        let query = outgoing.url.query.map { "?" + $0 } ?? ""
        let sent = try HTTPClient.Request(
          url: "http://127.0.0.1:\(port)\(path)\(query)", method: outgoing.method,
          headers: outgoing.headers, body: .byteBuffer(outgoing.body))
        let response = try await client.execute(request: sent, deadline: .now() + runningLimit)
          .get()
        try await client.shutdown()
        await app.server.shutdown()
        return Reply(
          status: response.status.code, contentType: response.headers.first(name: .contentType),
          body: response.body.map { String(buffer: $0) } ?? "")
      } catch {
        try? await client.shutdown()
        await app.server.shutdown()
        throw error
      }
    }

    /// The replies with Vapor's coders and with JSONKit's, in that order.
    static func replies(
      _ request: TwinRequest, routes: (Application, Coders) throws -> Void,
      beforeRequest: (inout TestingHTTPRequest) async throws -> Void = { _ in }
    ) async throws -> (vapor: Reply, jsonKit: Reply) {
      let vapor = try await reply(.vapor, request, routes: routes, beforeRequest: beforeRequest)
      let jsonKit = try await reply(
        .jsonKit, request, routes: routes, beforeRequest: beforeRequest)
      return (vapor, jsonKit)
    }
  }
#endif
