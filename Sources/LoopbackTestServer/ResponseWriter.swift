#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Puts a ``ServerResponse`` on the wire, faults included.
struct ResponseWriter {
  /// What the writer needs to know about the request being answered.
  struct Exchange {
    var isHead: Bool
    /// HTTP/1.0, or `Connection: close`: the connection ends after this response either way.
    var clientCloses: Bool
    var clientIsHTTP10: Bool

    init(_ request: ServerRequest) {
      isHead = request.method == "HEAD"
      clientIsHTTP10 = request.version == "HTTP/1.0"
      clientCloses = clientIsHTTP10 || request.header("Connection").map(Self.saysClose) == true
    }

    private init(isHead: Bool, clientCloses: Bool, clientIsHTTP10: Bool) {
      self.isHead = isHead
      self.clientCloses = clientCloses
      self.clientIsHTTP10 = clientIsHTTP10
    }

    /// For error answers to requests that could not be parsed: nothing after them can be
    /// trusted to start at a request boundary, so the connection closes.
    static let unparsedRequest = Exchange(isHead: false, clientCloses: true, clientIsHTTP10: false)

    static func saysClose(_ value: String) -> Bool {
      value.split(separator: ",").contains { $0.trimmingSpaces.lowercased() == "close" }
    }
  }

  /// Writes are gathered up to this size: fewer syscalls for many small chunks, bounded memory
  /// for big bodies.
  static let flushThreshold = 64 * 1024
  /// Chunk size for `truncateChunked` when the response did not ask for chunked framing.
  static let defaultFaultChunkSize = 1024

  let connection: Connection
  let stopSignal: StopSignal

  /// Sends `response`; returns whether the connection may carry another request.
  func write(_ response: ServerResponse, for exchange: Exchange) throws -> Bool {
    if let delay = response.delayBeforeHeaders, !stopSignal.sleep(for: delay) { return false }

    switch response.fault {
    case .closeWithoutResponse?:
      return false
    case .raw(let bytes)?:
      try connection.send(bytes)
      return false
    default:
      break
    }

    let response = Self.padded(response)
    let body = encodedBody(of: response)
    let framing = effectiveFraming(of: response, for: exchange)
    let userClosing = response.headers.contains {
      $0.name.lowercased() == "connection" && Exchange.saysClose($0.value)
    }
    let keepAlive =
      !exchange.clientCloses && !userClosing && (response.fault?.promisesKeepAlive ?? true)
      && framing != .closeDelimited
    let noBody = StatusReason.forbidsBody(response.status)

    var output = head(
      of: response, framing: noBody ? nil : framing,
      bodyCount: response.fault?.declaredLength(of: body.count) ?? body.count,
      keepAlive: keepAlive)
    if noBody || exchange.isHead {
      try connection.send(output)
      if response.fault == .stallAfterHeaders { connection.waitForPeerToLeave() }
      return keepAlive && response.fault == nil
    }

    if let fault = response.fault, let reusable = try writeWireFault(fault, body, after: output) {
      return reusable
    }
    switch (response.fault, framing) {
    case (.stallAfterHeaders?, _):
      try connection.send(output)
      connection.waitForPeerToLeave()
      return false
    case (.closeMidBody(let afterBytes)?, _):
      output += body.prefix(max(0, afterBytes))
      try connection.send(output)
      return false
    case (.truncateChunked(let afterChunks)?, .chunked(let chunkSize)):
      try writeChunks(
        of: body, size: chunkSize, limit: afterChunks, delay: response.delayBetweenChunks,
        after: output)
      return false
    case (_, .chunked(let chunkSize)):
      try writeChunks(
        of: body, size: chunkSize, limit: nil, delay: response.delayBetweenChunks, after: output)
      return keepAlive
    case (_, .contentLength), (_, .closeDelimited):
      if body.count <= Self.flushThreshold {
        try connection.send(output + body)
      } else {
        // A large body goes out as it is rather than copied behind the head.
        try connection.send(output)
        try connection.send(body)
      }
      return keepAlive
    }
  }

  /// The body as sent: gzip-encoded, or deliberately not gzip for the `invalidGzip` fault.
  private func encodedBody(of response: ServerResponse) -> [UInt8] {
    if response.fault == .invalidGzip {
      // Anything but gzip's magic number makes every decoder fail at the first byte.
      let plain = response.body.starts(with: [0x1F, 0x8B]) ? [] : response.body
      return plain.isEmpty ? Array("this is not gzip".utf8) : plain
    }
    return response.gzip ? Gzip.encode(response.body) : response.body
  }

  private func effectiveFraming(of response: ServerResponse, for exchange: Exchange)
    -> ServerResponse.Framing
  {
    switch response.fault {
    case .stallAfterHeaders?, .closeMidBody?, .resetMidBody?, .stallMidBody?,
      .overstateContentLength?, .understateContentLength?:
      // These faults are defined by a Content-Length that the body does not match.
      return .contentLength
    case .oversizeHeaders?, .closeAfterResponse?:
      // Sent whole after the head (writeWireFault), so framed by their length.
      return .contentLength
    case .truncateChunked?:
      if case .chunked = response.framing { return response.framing }
      return .chunked(chunkSize: Self.defaultFaultChunkSize)
    default:
      // An HTTP/1.0 client does not know chunked encoding (RFC 9112 §7.1).
      if case .chunked = response.framing, exchange.clientIsHTTP10 { return .closeDelimited }
      return response.framing
    }
  }

  /// Writes `head` then `body` as chunks of `size` bytes, stopping after `limit` chunks without
  /// the final 0-chunk if a limit is given.
  private func writeChunks(
    of body: [UInt8], size: Int, limit: Int?, delay: Duration?, after head: [UInt8]
  ) throws {
    let size = size > 0 ? size : max(1, body.count)
    var output = head
    var sent = 0
    var offset = 0
    while offset < body.count, sent < limit ?? Int.max {
      if sent > 0, let delay {
        // Flush first, so the client sees each chunk arrive on its own.
        try connection.send(output)
        output.removeAll(keepingCapacity: true)
        guard stopSignal.sleep(for: delay) else { throw Connection.Failure.stopped }
      }
      let end = min(offset + size, body.count)
      output += Array("\(String(end - offset, radix: 16))\r\n".utf8)
      output += body[offset..<end]
      output += [0x0D, 0x0A]
      offset = end
      sent += 1
      if output.count >= Self.flushThreshold {
        try connection.send(output)
        output.removeAll(keepingCapacity: true)
      }
    }
    if limit == nil { output += Array("0\r\n\r\n".utf8) }
    try connection.send(output)
  }

  /// Status line and header fields.
  ///
  /// `framing` is nil for a status that has no body at all.
  private func head(
    of response: ServerResponse, framing: ServerResponse.Framing?, bodyCount: Int,
    keepAlive: Bool
  ) -> [UInt8] {
    let reason = response.reason ?? StatusReason.phrase(for: response.status)
    var head = "HTTP/1.1 \(response.status) \(reason)\r\n"
    let names = Set(response.headers.map { $0.name.lowercased() })
    if !names.contains("date") { head += dateField() }
    let gzipped = response.gzip || response.fault == .invalidGzip
    for field in response.headers {
      switch field.name.lowercased() {
      case "content-length", "transfer-encoding": continue
      case "content-encoding" where gzipped: continue
      default: head += "\(field.name): \(field.value)\r\n"
      }
    }
    if gzipped { head += "Content-Encoding: gzip\r\n" }
    switch framing {
    case .contentLength?: head += "Content-Length: \(bodyCount)\r\n"
    case .chunked?: head += "Transfer-Encoding: chunked\r\n"
    case .closeDelimited?, nil: break
    }
    if !keepAlive && !names.contains("connection") { head += "Connection: close\r\n" }
    return Array((head + "\r\n").utf8)
  }

  /// RFC 9110 asks origin servers with a clock to send `Date`; clients' caches read it.
  private func dateField() -> String {
    var now = time(nil)
    var parts = tm()
    gmtime_r(&now, &parts)
    var text = [CChar](repeating: 0, count: 64)
    let count = strftime(&text, text.count, "%a, %d %b %Y %H:%M:%S GMT", &parts)
    let date = String(decoding: text[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return "Date: \(date)\r\n"
  }
}
