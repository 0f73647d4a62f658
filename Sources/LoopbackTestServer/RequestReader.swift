/// Reads HTTP/1.x requests off a connection, one after the other.
///
/// It buffers, so bytes past the end of one request (a pipelined next request) stay for the
/// next call.
struct RequestReader {
  enum Failure: Error, Equatable {
    /// The client closed cleanly between requests: the normal end of a keep-alive connection.
    case closedBetweenRequests
    /// The client went away, or the server stopped, in the middle of a request.
    case connectionLost
    /// The request line and headers exceed ``RequestReader/maxHeaderBytes``: answer 431.
    case headersTooLarge
    /// Not HTTP/1.x as this server understands it: answer 400.
    case malformed
    /// An HTTP version other than 1.0 and 1.1: answer 505.
    case unsupportedVersion
  }

  /// Cap on the request line plus headers, and separately on the trailers of a chunked body.
  static let maxHeaderBytes = 64 * 1024
  /// Cap on one chunk-size line; real ones are a few hex digits and maybe an extension.
  static let maxChunkLineBytes = 4 * 1024

  private let connection: Connection
  private var buffer: [UInt8] = []
  /// Bytes before this index are consumed; compacted away lazily to avoid quadratic shifting.
  private var start = 0
  private var scratch = [UInt8](repeating: 0, count: 64 * 1024)

  init(connection: Connection) {
    self.connection = connection
  }

  /// Reads the next request.
  ///
  /// `sendContinue` runs after the headers and before the body when the
  /// client sent `Expect: 100-continue` (libcurl waits for it before sending large bodies).
  mutating func readRequest(connectionID: Int, sendContinue: () throws -> Void) throws
    -> ServerRequest
  {
    var budget = Self.maxHeaderBytes
    var requestLine: [UInt8] = []
    // RFC 9112 §2.2: ignore empty lines before the request line (a stray CRLF after a body).
    while requestLine.isEmpty {
      requestLine = try readLine(budget: &budget, atRequestStart: true)
    }
    let parts = requestLine.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else { throw Failure.malformed }
    let version = String(decoding: parts[2], as: UTF8.self)
    guard version.hasPrefix("HTTP/") else { throw Failure.malformed }
    guard version == "HTTP/1.1" || version == "HTTP/1.0" else { throw Failure.unsupportedVersion }

    let headers = try readFields(budget: &budget)
    var request = ServerRequest(
      method: String(decoding: parts[0], as: UTF8.self),
      target: String(decoding: parts[1], as: UTF8.self),
      version: version, headers: headers, connectionID: connectionID)

    let framing = try BodyFraming(of: request)
    if framing != .none, version == "HTTP/1.1",
      request.header("Expect")?.lowercased() == "100-continue"
    {
      try sendContinue()
    }
    switch framing {
    case .none: break
    case .length(let count): request.body = try readExactly(count)
    case .chunked: request.body = try readChunkedBody()
    }
    return request
  }

  /// How the request says its body ends (RFC 9112 §6.3).
  private enum BodyFraming: Equatable {
    case none
    case length(Int)
    case chunked

    init(of request: ServerRequest) throws {
      let fields = request.headers
      if let encoding = fields.last(where: { $0.name.lowercased() == "transfer-encoding" }) {
        // Only a body whose last coding is chunked has a knowable end.
        let last = encoding.value.split(separator: ",").last?.trimmingSpaces.lowercased()
        guard last == "chunked" else { throw Failure.malformed }
        self = .chunked
        return
      }
      let lengths = fields.filter { $0.name.lowercased() == "content-length" }.flatMap {
        $0.value.split(separator: ",").map(\.trimmingSpaces)
      }
      guard let first = lengths.first else {
        self = .none
        return
      }
      // Differing lengths are a request-smuggling smell; refuse rather than guess.
      guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.count <= 18,
        first.allSatisfy(\.isASCIIDigit), let count = Int(first)
      else { throw Failure.malformed }
      self = count == 0 ? .none : .length(count)
    }
  }

  /// Header (or trailer) fields up to the empty line.
  private mutating func readFields(budget: inout Int) throws -> [(name: String, value: String)] {
    var fields: [(name: String, value: String)] = []
    while true {
      let line = try readLine(budget: &budget)
      if line.isEmpty { return fields }
      // Obsolete line folding and whitespace before the colon are both rejected by RFC 9112.
      guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > 0,
        !line[..<colon].contains(where: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
      else { throw Failure.malformed }
      let name = String(decoding: line[..<colon], as: UTF8.self)
      let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingSpaces
      fields.append((name: name, value: value))
    }
  }

  private mutating func readChunkedBody() throws -> [UInt8] {
    var body: [UInt8] = []
    while true {
      var lineBudget = Self.maxChunkLineBytes
      let line = try readLine(budget: &lineBudget, tooLong: .malformed)
      let sizeText = String(decoding: line, as: UTF8.self)
        .split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0].trimmingSpaces
      // 15 hex digits keep the size below Int.max; more is an attack, not a test.
      guard !sizeText.isEmpty, sizeText.count <= 15, let size = Int(sizeText, radix: 16) else {
        throw Failure.malformed
      }
      if size == 0 {
        var trailerBudget = Self.maxHeaderBytes
        _ = try readFields(budget: &trailerBudget)
        return body
      }
      body += try readExactly(size)
      var endBudget = 2
      guard try readLine(budget: &endBudget, tooLong: .malformed).isEmpty else {
        throw Failure.malformed
      }
    }
  }

  /// The next line without its line ending (CRLF, or a bare LF from a lenient client).
  ///
  /// A line longer than `budget` throws `tooLong`.
  private mutating func readLine(
    budget: inout Int, atRequestStart: Bool = false, tooLong: Failure = .headersTooLarge
  ) throws -> [UInt8] {
    // Counted from `start`, because fill() may move the unread bytes to the front.
    var scanned = 0
    while true {
      if let newline = buffer[(start + scanned)...].firstIndex(of: UInt8(ascii: "\n")) {
        let length = newline + 1 - start
        guard length <= budget else { throw tooLong }
        budget -= length
        var end = newline
        if end > start && buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let line = Array(buffer[start..<end])
        start = newline + 1
        return line
      }
      scanned = buffer.count - start
      guard scanned <= budget else { throw tooLong }
      guard try fill() else {
        throw atRequestStart && scanned == 0
          ? Failure.closedBetweenRequests : Failure.connectionLost
      }
    }
  }

  private mutating func readExactly(_ count: Int) throws -> [UInt8] {
    while buffer.count - start < count {
      guard try fill() else { throw Failure.connectionLost }
    }
    let bytes = Array(buffer[start..<start + count])
    start += count
    return bytes
  }

  /// Appends what the socket has; false at end of stream (or when the server stops).
  ///
  /// A failed socket throws its ``Connection/Failure``, so that the server can tell why it
  /// dropped the connection (and not close a descriptor number it lost).
  private mutating func fill() throws -> Bool {
    if start > 0 && start >= buffer.count / 2 {
      buffer.removeSubrange(0..<start)
      start = 0
    }
    let count: Int
    do {
      count = try scratch.withUnsafeMutableBytes { try connection.receive(into: $0) }
    } catch Connection.Failure.stopped {
      return false
    }
    buffer += scratch[0..<count]
    return count > 0
  }
}

extension StringProtocol {
  /// Without leading and trailing spaces and tabs (HTTP's optional whitespace).
  var trimmingSpaces: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }) else { return "" }
    let last = lastIndex(where: { !isSpace($0) })!
    return String(self[first...last])
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
