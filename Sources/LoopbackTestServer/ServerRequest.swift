/// One parsed HTTP request, as handed to the server's handler.
///
/// ```swift
/// let server = try LoopbackServer { request in
///   guard request.method == "POST", request.path == "/echo" else { return .empty(status: 404) }
///   let type = request.header("content-type") ?? "application/octet-stream"
///   return .bytes(request.body, contentType: type)
/// }
/// ```
public struct ServerRequest: Sendable {
  /// The request method as sent, such as `"GET"`.
  public var method: String
  /// The raw request target, such as `"/path?x=1&y=%20"`.
  public var target: String
  /// The percent-decoded path of ``target``, such as `"/path"`.
  public var path: String
  /// The decoded query items; for a repeated name the last one wins (see ``queryItems``).
  public var query: [String: String]
  /// The decoded query items in order, repeats included.
  public var queryItems: [(name: String, value: String)]
  /// `"HTTP/1.1"` or `"HTTP/1.0"`.
  public var version: String
  /// The header fields in the order received, names as the client spelled them.
  public var headers: [(name: String, value: String)]
  /// The body, already de-chunked when it came with `Transfer-Encoding: chunked`.
  public var body: [UInt8]
  /// Which accepted connection carried the request: 0 for the first, 1 for the next, and so on.
  public var connectionID: Int

  /// Builds a request by hand, for example to unit-test a handler without a socket.
  ///
  /// ```swift
  /// let request = ServerRequest(method: "GET", target: "/items?id=7")
  /// #expect(request.query["id"] == "7")
  /// ```
  public init(
    method: String, target: String, version: String = "HTTP/1.1",
    headers: [(name: String, value: String)] = [], body: [UInt8] = [], connectionID: Int = 0
  ) {
    let parsed = RequestTarget(target)
    self.method = method
    self.target = target
    self.path = parsed.path
    self.queryItems = parsed.queryItems
    self.query = Dictionary(parsed.queryItems, uniquingKeysWith: { _, last in last })
    self.version = version
    self.headers = headers
    self.body = body
    self.connectionID = connectionID
  }

  /// The value of the first header named `name`, compared case-insensitively.
  ///
  /// ```swift
  /// let length = request.header("Content-Length").flatMap { Int($0) }
  /// ```
  public func header(_ name: String) -> String? {
    headers.first { $0.name.lowercased() == name.lowercased() }?.value
  }
}
