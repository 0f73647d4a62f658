/// A real HTTP/1.1 server on 127.0.0.1, for testing and benchmarking HTTP clients.
///
/// Test support, not a production server: one thread per connection, no TLS, no limits
/// meant for the open internet. That is why its product is named `LoopbackTestServer`.
///
/// It binds a free port, accepts on a background thread and serves each connection on its own
/// thread with keep-alive, chunked bodies, `Expect: 100-continue`, gzip, and deliberate faults
/// (see ``ServerResponse/Fault``). The handler runs on the connection's thread and may block.
///
/// ```swift
/// let server = try LoopbackServer { request in
///   switch request.path {
///   case "/user": return .json(#"{"id":\#(request.query["id"] ?? "0")}"#)
///   default: return .empty(status: 404)
///   }
/// }
/// defer { server.stop() }
/// let body = try fetch(server.url("/user?id=7"))   // {"id":7}
/// ```
public final class LoopbackServer: Sendable {
  let core: ServerCore

  /// Binds 127.0.0.1 on a free port (port 0) and starts accepting on a background thread.
  ///
  /// ```swift
  /// let server = try LoopbackServer { _ in .text("hello") }
  /// ```
  ///
  /// - Throws: ``LoopbackServerError`` if a socket, pipe or thread cannot be created.
  public init(handler: @escaping @Sendable (ServerRequest) -> ServerResponse) throws {
    core = try ServerCore(handler: handler)
    try core.start()
  }

  deinit {
    core.stop()
  }

  /// The port the server listens on.
  ///
  /// ```swift
  /// let address = "127.0.0.1:\(server.port)"
  /// ```
  public var port: Int { core.port }

  /// `"http://127.0.0.1:<port>"`, without a trailing slash.
  ///
  /// ```swift
  /// let root = server.baseURL + "/"
  /// ```
  public var baseURL: String { "http://127.0.0.1:\(port)" }

  /// ``baseURL`` followed by `path`, which should start with `/`.
  ///
  /// ```swift
  /// let address = server.url("/search?q=json")   // "http://127.0.0.1:<port>/search?q=json"
  /// ```
  public func url(_ path: String) -> String { baseURL + path }

  /// TCP connections accepted so far; with keep-alive, fewer than ``requestsServed``.
  ///
  /// ```swift
  /// #expect(server.connectionsAccepted == 1)   // both requests shared one connection
  /// ```
  public var connectionsAccepted: Int { core.connectionsAccepted }

  /// Requests handed to the handler so far (counted when the handler returns, before the
  /// response is written; requests that failed to parse are not counted).
  ///
  /// ```swift
  /// #expect(server.requestsServed == 2)
  /// ```
  public var requestsServed: Int { core.requestsServed }

  /// Closes the listener and every open connection, wakes stalled responses, joins the threads.
  ///
  /// Idempotent; also called from deinit. Must never hang.
  ///
  /// Waiting responses (``ServerResponse/Fault/stallAfterHeaders``, delays) end at once; a
  /// handler that is still running is waited for, since a thread cannot be interrupted. When
  /// `stop()` returns, every descriptor the server opened is closed and its threads have exited
  /// (except, if a handler itself calls `stop()`, that handler's thread, which exits on return).
  ///
  /// ```swift
  /// let server = try LoopbackServer { _ in .text("ok") }
  /// defer { server.stop() }
  /// ```
  public func stop() {
    core.stop()
  }
}
