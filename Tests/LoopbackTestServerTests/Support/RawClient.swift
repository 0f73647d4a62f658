import CSystemShims
import Foundation
import TestProcesses
import Testing

/// A TCP client for checking exact bytes on the wire, which curl hides.
///
/// Its reads block on the socket, so each runs on a thread of its own (`onOwnThread`) while
/// the test's task is suspended: a read blocked on the pool would hold one of the cooperative
/// pool's few threads (one per core) for as long as the server takes to answer, and on a
/// loaded machine the tests running alongside would wait for it. Connecting and sending do
/// not block: a loopback connection completes in the kernel while the listener's backlog (512)
/// has room, and a request fits in the socket's send buffer.
///
/// `@unchecked Sendable`: a read's thread uses the client (its buffer) while the task that
/// called it is suspended, awaiting that read, so one thread at a time uses it; a test uses
/// each client from one task.
final class RawClient: @unchecked Sendable {
  struct Response: Sendable {
    var statusLine: String
    var headers: [(name: String, value: String)]
    var body: [UInt8]

    var status: Int { Int(statusLine.split(separator: " ")[1]) ?? -1 }

    func header(_ name: String) -> String? {
      headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
  }

  struct Failure: Error, CustomStringConvertible, Sendable {
    var description: String
    var code: Int32 = 0
  }

  private let fd: Int32
  private var buffer: [UInt8] = []
  private var isClosed = false

  /// Connects to 127.0.0.1:`port`; reads give up after `timeoutSeconds` so a broken server fails
  /// the test instead of hanging it (a liveness bound: a loaded machine may take many seconds
  /// to run the server's thread, so it is far longer than any answer takes).
  init(port: Int, timeoutSeconds: Int = 300) throws {
    fd = try Self.connectedSocket(port: port, timeoutSeconds: timeoutSeconds)
  }

  /// A socket connected to 127.0.0.1:`port`, closed here if it cannot connect.
  ///
  /// Made before the client exists, so that one owner closes it on each path: a class whose
  /// stored properties are all set runs its deinit when its initializer throws, so an
  /// initializer that closed the socket on a refusal had the deinit close the number again,
  /// and in between another thread of the test process (a server's `accept`) could be handed
  /// that number. The second close then cut a connection of a test running alongside: the
  /// 200-connection test once read "EOF inside a line" that way.
  private static func connectedSocket(port: Int, timeoutSeconds: Int) throws -> Int32 {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
    var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(port).bigEndian
    address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      let code = errno
      closeOwned(fd)
      throw Failure(description: "connect: errno \(code)", code: code)
    }
    return fd
  }

  /// Connects and sends `request` right away, the start of most raw-socket tests.
  convenience init(port: Int, sending request: String) throws {
    try self.init(port: port)
    try send(request)
  }

  deinit { close() }

  func close() {
    guard !isClosed else { return }
    isClosed = true
    closeOwned(fd)
  }

  func send(_ text: String) throws {
    try send(Array(text.utf8))
  }

  func send(_ bytes: [UInt8]) throws {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes {
        csystemshims_send_nosignal(fd, $0.baseAddress, $0.count)
      }
      guard written > 0 else { throw Failure(description: "send: errno \(errno)") }
      offset += written
    }
  }

  /// Reads more bytes into the buffer; false at end of stream, throws on timeout or error.
  @discardableResult
  private func fill() throws -> Bool {
    var chunk = [UInt8](repeating: 0, count: 65_536)
    let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
    if count < 0 { throw Failure(description: "recv: errno \(errno)", code: errno) }
    buffer += chunk[0..<count]
    return count > 0
  }

  /// Runs `read`, which blocks on the socket, on a thread of its own.
  private func offPool<T: Sendable>(_ read: @escaping @Sendable (RawClient) throws -> T)
    async throws -> T
  {
    try await onOwnThread { try read(self) }
  }

  /// Everything until the server closes the connection.
  func readToEnd() async throws -> [UInt8] {
    try await offPool { try $0.blockingReadToEnd() }
  }

  /// Exactly `count` bytes.
  func read(count: Int) async throws -> [UInt8] {
    try await offPool { try $0.blockingRead(count: count) }
  }

  /// True if the server closed the connection: reading returns end of stream, or a reset
  /// (what a close with unread input, or of a connection still in the backlog, sends).
  func serverClosed() async throws -> Bool {
    try await offPool { try $0.blockingServerClosed() }
  }

  /// The head of the next response: status line and header fields.
  func readHead() async throws -> Response {
    try await offPool { try $0.blockingReadHead() }
  }

  /// The next complete response.
  ///
  /// `bodyless` for answers to HEAD (and 204/304).
  func readResponse(bodyless: Bool = false) async throws -> Response {
    try await offPool { try $0.blockingReadResponse(bodyless: bodyless) }
  }

  private func blockingReadToEnd() throws -> [UInt8] {
    while try fill() {}
    defer { buffer.removeAll() }
    return buffer
  }

  private func blockingRead(count: Int) throws -> [UInt8] {
    while buffer.count < count {
      guard try fill() else { throw Failure(description: "EOF after \(buffer.count) bytes") }
    }
    defer { buffer.removeFirst(count) }
    return Array(buffer[0..<count])
  }

  private func blockingServerClosed() throws -> Bool {
    guard buffer.isEmpty else { return false }
    do {
      return try !fill()
    } catch let failure as Failure where failure.code == ECONNRESET {
      return true
    }
  }

  private func readLine() throws -> String {
    while true {
      if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: buffer[..<newline], as: UTF8.self)
        buffer.removeFirst(newline + 1)
        return line.hasSuffix("\r") ? String(line.dropLast()) : line
      }
      guard try fill() else { throw Failure(description: "EOF inside a line") }
    }
  }

  private func blockingReadHead() throws -> Response {
    let statusLine = try readLine()
    var headers: [(name: String, value: String)] = []
    while case let line = try readLine(), !line.isEmpty {
      let parts = line.split(separator: ":", maxSplits: 1)
      headers.append(
        (String(parts[0]), parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""))
    }
    return Response(statusLine: statusLine, headers: headers, body: [])
  }

  private func blockingReadResponse(bodyless: Bool) throws -> Response {
    var response = try blockingReadHead()
    if bodyless { return response }
    if response.header("Transfer-Encoding")?.lowercased() == "chunked" {
      while true {
        let size = Int(try readLine().split(separator: ";")[0], radix: 16) ?? -1
        guard size >= 0 else { throw Failure(description: "bad chunk size") }
        if size == 0 {
          while try !readLine().isEmpty {}
          break
        }
        response.body += try blockingRead(count: size)
        guard try readLine().isEmpty else { throw Failure(description: "chunk without CRLF") }
      }
    } else if let length = response.header("Content-Length").flatMap({ Int($0) }) {
      response.body = try blockingRead(count: length)
    } else {
      response.body = try blockingReadToEnd()
    }
    return response
  }
}

/// Closes `fd`, which the caller owns, and records an issue if it was closed already.
///
/// EBADF from `close` means the number was closed twice; usually nothing took it in between,
/// and the second close is caught here. When something did, the second close cut that
/// owner's descriptor instead (another test's connection), which fails far away and rarely.
func closeOwned(_ fd: Int32) {
  guard csystemshims_close(fd) != 0, errno == EBADF else { return }
  Issue.record("descriptor \(fd) was closed already: closed twice, here or by another owner")
}

/// An HTTP/1.1 GET request as a client would send it; `headers` are extra CRLF-ended lines.
func get(_ path: String = "/", headers: String = "") -> String {
  "GET \(path) HTTP/1.1\r\nHost: h\r\n\(headers)\r\n"
}
