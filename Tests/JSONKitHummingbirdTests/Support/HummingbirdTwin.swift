#if Hummingbird
  import Foundation
  import Hummingbird
  import HummingbirdTesting
  import JSONKit
  import JSONKitHummingbird
  import Testing

  /// What a client sees of a reply, compared between the two contexts: status, content type,
  /// and the body up to the order of object members.
  ///
  /// (Foundation's `JSONEncoder` on Linux
  /// writes members in its dictionary's hash order, which changes from run to run; JSONKit
  /// writes them in declaration order. So bodies are compared as their text with members
  /// sorted, and by length, which catches any difference in escaping.)
  struct Reply: Equatable, CustomStringConvertible, Sendable {
    var status: Int
    var contentType: String?
    var body: String

    init(_ response: TestResponse) {
      status = response.status.code
      contentType = response.headers[.contentType]
      body = String(buffer: response.body)
    }

    init(_ response: TestClient.Response) {
      status = response.status.code
      contentType = response.headers[.contentType]
      body = String(buffer: response.body ?? ByteBuffer())
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

  /// A request for `HummingbirdTwin.reply`.
  struct TwinRequest: Sendable {
    var method: HTTPRequest.Method
    var uri: String
    var body: ByteBuffer?
    /// Whether to serve on 127.0.0.1 (a real server and client) instead of the router alone.
    var live: Bool

    init(_ uri: String, body: String, live: Bool = false) {
      self.init(.post, uri, bytes: Array(body.utf8), live: live)
    }

    init(_ uri: String, bytes: [UInt8], live: Bool = false) {
      self.init(.post, uri, bytes: bytes, live: live)
    }

    init(_ method: HTTPRequest.Method, _ uri: String, bytes: [UInt8]? = nil, live: Bool = false) {
      self.method = method
      self.uri = uri
      self.body = bytes.map { ByteBuffer(bytes: $0) }
      self.live = live
    }
  }

  enum HummingbirdTwin {
    /// The reply to `request` from a router of `Context` set up by `routes`.
    static func reply<Context: RequestContext>(
      _ context: Context.Type, _ request: TwinRequest,
      routes: (Router<Context>) -> Void
    ) async throws -> Reply where Context.Source == ApplicationRequestContextSource {
      let router = Router(context: Context.self)
      routes(router)
      if request.live { return try await liveReply(router, request) }
      let app = Application(router: router)
      return try await app.test(.router) { client in
        try await client.execute(uri: request.uri, method: request.method, body: request.body) {
          Reply($0)
        }
      }
    }

    /// How long the live client waits for a read before it gives up: a hang, not a deadline.
    ///
    /// `app.test(.live)` reads with HummingbirdTesting's fixed 20 s timeout, which a large
    /// streamed body overran on a loaded machine (two whole test runs at once, load average
    /// over 30): the server was still reading, not hung. So live requests use the framework's
    /// own `TestClient` against a server of ours, with this limit instead.
    static let liveReadLimit = Duration.seconds(900)

    /// The reply from `router` served on 127.0.0.1 (a port the kernel picks), read through
    /// HummingbirdTesting's `TestClient`.
    static func liveReply<Context: RequestContext>(
      _ router: Router<Context>, _ request: TwinRequest
    ) async throws -> Reply where Context.Source == ApplicationRequestContextSource {
      let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
      let app = Application(
        router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in portSink.yield(channel.localAddress?.port ?? 0) })
      return try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await app.runService(gracefulShutdownSignals: []) }
        defer { group.cancelAll() }
        var listening = ports.makeAsyncIterator()
        let port = try #require(await listening.next())
        let client = TestClient(
          host: "127.0.0.1", port: port, configuration: .init(timeout: liveReadLimit))
        client.connect()
        do {
          let response = try await client.execute(
            .init(
              request.uri, method: request.method, authority: "localhost",
              headers: [.connection: "keep-alive"], body: request.body))
          try await client.shutdown()
          return Reply(response)
        } catch {
          try? await client.shutdown()
          throw error
        }
      }
    }

    /// The replies with Hummingbird's default coders (`BasicRequestContext`) and with
    /// JSONKit's (`JSONKitRequestContext`), in that order.
    static func replies(
      _ request: TwinRequest, routes: (Router<BasicRequestContext>) -> Void,
      _ jsonKitRoutes: (Router<JSONKitRequestContext>) -> Void
    ) async throws -> (hummingbird: Reply, jsonKit: Reply) {
      let hummingbird = try await reply(BasicRequestContext.self, request, routes: routes)
      let jsonKit = try await reply(JSONKitRequestContext.self, request, routes: jsonKitRoutes)
      return (hummingbird, jsonKit)
    }
  }
#endif
