/// What the handler wants sent back, including deliberate misbehaviour for client tests.
///
/// The server owns the framing headers: `Content-Length` and `Transfer-Encoding` in ``headers``
/// are ignored and replaced by what ``framing`` (and ``fault``) call for, so they cannot
/// disagree with the bytes on the wire by accident. A `Connection: close` header is honoured.
///
/// ```swift
/// var response = ServerResponse.json(#"{"ok":true}"#)
/// response.framing = .chunked(chunkSize: 4)
/// response.gzip = true
/// response.headers.append((name: "X-Trace", value: "abc"))
/// ```
public struct ServerResponse: Sendable {
  /// The status code, such as 200.
  public var status: Int
  /// The reason phrase; nil sends the standard one for ``status`` ("OK", "Not Found", …).
  public var reason: String?
  /// Extra header fields, sent in this order after `Date`.
  public var headers: [(name: String, value: String)]
  /// The body as the handler means it (before ``gzip``).
  public var body: [UInt8]
  /// How the end of the body is marked.
  public var framing: Framing
  /// Sends the body gzip-compressed with `Content-Encoding: gzip`.
  public var gzip: Bool
  /// A deliberate protocol error instead of a well-formed response.
  public var fault: Fault?
  /// Sleep this long before writing anything, for example to trip a client's timeout.
  ///
  /// `stop()` cuts it short.
  public var delayBeforeHeaders: Duration?
  /// With ``Framing/chunked(chunkSize:)``: sleep this long between chunks (a slow download).
  public var delayBetweenChunks: Duration?

  /// A response with `Content-Length` framing and no fault.
  ///
  /// ```swift
  /// let response = ServerResponse(status: 201, headers: [(name: "Location", value: "/items/7")])
  /// ```
  public init(status: Int = 200, headers: [(name: String, value: String)] = [], body: [UInt8] = [])
  {
    self.status = status
    self.reason = nil
    self.headers = headers
    self.body = body
    self.framing = .contentLength
    self.gzip = false
    self.fault = nil
    self.delayBeforeHeaders = nil
    self.delayBetweenChunks = nil
  }

  /// How the response marks the end of its body.
  ///
  /// ```swift
  /// response.framing = .chunked(chunkSize: 1024)
  /// ```
  public enum Framing: Sendable, Equatable {
    /// `Content-Length: n`; the connection can be reused.
    case contentLength
    /// `Transfer-Encoding: chunked`, the body cut into chunks of `chunkSize` bytes (the whole
    /// body in one chunk if it is not positive). HTTP/1.0 clients, which cannot decode chunks,
    /// get ``closeDelimited`` instead.
    case chunked(chunkSize: Int)
    /// No length at all: the body ends when the server closes the connection.
    case closeDelimited
  }

  /// A deliberate misbehaviour, for testing how a client copes.
  ///
  /// Every fault closes the
  /// connection afterwards.
  ///
  /// ```swift
  /// var response = ServerResponse.text("0123456789")
  /// response.fault = .closeMidBody(afterBytes: 4)   // curl exits with 18 (partial file)
  /// ```
  public enum Fault: Sendable, Equatable {
    /// Sends the headers, with the `Content-Length` of the full body, then nothing until
    /// `stop()` or until the client hangs up.
    case stallAfterHeaders
    /// Declares the full `Content-Length`, sends only `afterBytes` bytes of body, closes.
    case closeMidBody(afterBytes: Int)
    /// Sends the body chunked, but closes after `afterChunks` chunks without the final 0-chunk.
    /// Uses the chunk size of ``Framing/chunked(chunkSize:)`` if set, else 1024 bytes.
    case truncateChunked(afterChunks: Int)
    /// Sends `Content-Encoding: gzip` with a body that is not gzip.
    case invalidGzip
    /// Writes exactly these bytes instead of a response (say, a broken status line), closes.
    case raw([UInt8])
    /// Reads the request, then closes without sending a byte.
    case closeWithoutResponse
    /// Declares the full `Content-Length`, sends only `afterBytes` bytes of body, then resets
    /// the connection (`SO_LINGER` 0: a TCP RST instead of an orderly close).
    case resetMidBody(afterBytes: Int)
    /// Declares the full `Content-Length`, sends `afterBytes` bytes of body, then nothing until
    /// `stop()` or until the client hangs up.
    case stallMidBody(afterBytes: Int)
    /// Declares a `Content-Length` `by` bytes longer than the body, sends the body, closes.
    case overstateContentLength(by: Int)
    /// Declares a `Content-Length` `by` bytes shorter than the body, sends the whole body
    /// (the surplus lands where the next response would start), closes.
    case understateContentLength(by: Int)
    /// Adds header fields of about `bytes` bytes in all (8 KiB lines) before the body.
    case oversizeHeaders(bytes: Int)
    /// A well-formed response that promises a kept-alive connection, then closes it: the
    /// client finds the connection gone when it sends its next request there.
    case closeAfterResponse
  }

  // MARK: Conveniences

  /// A JSON body with `Content-Type: application/json`.
  ///
  /// ```swift
  /// let server = try LoopbackServer { _ in .json(#"{"name":"jsonkit"}"#) }
  /// ```
  public static func json(_ text: String, status: Int = 200) -> ServerResponse {
    bytes(Array(text.utf8), contentType: "application/json", status: status)
  }

  /// A text body, UTF-8 plain text unless `contentType` says otherwise.
  ///
  /// ```swift
  /// return .text("no such item", status: 404)
  /// ```
  public static func text(
    _ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8"
  ) -> ServerResponse {
    bytes(Array(text.utf8), contentType: contentType, status: status)
  }

  /// Any body with the given `Content-Type`.
  ///
  /// ```swift
  /// return .bytes([0x00, 0xFF], contentType: "application/octet-stream")
  /// ```
  public static func bytes(_ body: [UInt8], contentType: String, status: Int = 200)
    -> ServerResponse
  {
    ServerResponse(
      status: status, headers: [(name: "Content-Type", value: contentType)], body: body)
  }

  /// A redirect (302 unless told otherwise) to `location`, with an empty body.
  ///
  /// ```swift
  /// if request.path == "/old" { return .redirect(to: "/new", status: 301) }
  /// ```
  public static func redirect(to location: String, status: Int = 302) -> ServerResponse {
    ServerResponse(status: status, headers: [(name: "Location", value: location)])
  }

  /// A response with no body, such as `.empty(status: 204)`.
  ///
  /// ```swift
  /// return .empty(status: 404)
  /// ```
  public static func empty(status: Int) -> ServerResponse {
    ServerResponse(status: status)
  }
}
