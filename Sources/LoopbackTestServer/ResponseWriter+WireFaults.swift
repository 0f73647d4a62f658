#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The faults of a server that breaks the connection or its framing: a reset or a stall in
/// the middle of the body, a `Content-Length` that does not match the body, oversize headers,
/// a kept-alive connection closed after the response.
extension ResponseWriter {
  /// The length of one padding header line of ``ServerResponse/Fault/oversizeHeaders(bytes:)``.
  static let paddingLineLength = 8 * 1024

  /// `response` with the padding fields of `oversizeHeaders` added to its headers.
  static func padded(_ response: ServerResponse) -> ServerResponse {
    guard case .oversizeHeaders(let bytes)? = response.fault else { return response }
    var padded = response
    let value = String(repeating: "x", count: paddingLineLength)
    for index in 0..<max(1, bytes / paddingLineLength) {
      padded.headers.append((name: "X-Padding-\(index)", value: value))
    }
    return padded
  }

  /// Writes `head` and what `fault` sends of `body`; returns whether the connection may carry
  /// another request, or nil for a fault this extension does not handle.
  func writeWireFault(_ fault: ServerResponse.Fault, _ body: [UInt8], after head: [UInt8])
    throws -> Bool?
  {
    switch fault {
    case .resetMidBody(let afterBytes):
      try connection.send(head + body.prefix(max(0, afterBytes)))
      connection.resetOnClose()
    case .stallMidBody(let afterBytes):
      try connection.send(head + body.prefix(max(0, afterBytes)))
      connection.waitForPeerToLeave()
    case .overstateContentLength, .understateContentLength, .oversizeHeaders,
      .closeAfterResponse:
      try connection.send(head + body)
    default:
      return nil
    }
    return false
  }
}

extension ServerResponse.Fault {
  /// Whether the response's head says the connection stays open, although it will not.
  var promisesKeepAlive: Bool { self == .closeAfterResponse }

  /// The `Content-Length` the head declares for a body of `count` bytes, if not `count`.
  func declaredLength(of count: Int) -> Int? {
    switch self {
    case .overstateContentLength(let extra): count + max(0, extra)
    case .understateContentLength(let missing): max(0, count - missing)
    default: nil
    }
  }
}

extension Connection {
  /// Makes ``close(linger:)`` reset the connection: `SO_LINGER` with a zero timeout turns
  /// `close` into a TCP RST, which the client reads as "connection reset by peer".
  func resetOnClose() {
    var option = linger(l_onoff: 1, l_linger: 0)
    _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
  }

  /// Whether ``resetOnClose()`` was called: then the orderly shutdown and drain of
  /// ``close(linger:)`` are skipped (a shutdown would send a FIN before the reset).
  var resetsOnClose: Bool {
    var option = linger()
    var length = socklen_t(MemoryLayout<linger>.size)
    guard getsockopt(fd, SOL_SOCKET, SO_LINGER, &option, &length) == 0 else { return false }
    return option.l_onoff != 0 && option.l_linger == 0
  }
}
