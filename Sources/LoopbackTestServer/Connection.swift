import CSystemShims

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// One accepted socket, with reads and writes that give up as soon as the server stops.
struct Connection {
  enum Failure: Error {
    /// `stop()` was called while waiting.
    case stopped
    /// The peer reset or the socket failed; the connection is over either way.
    case broken(Int32)

    /// Whether the descriptor no longer names this connection's socket.
    ///
    /// EBADF: something else in the process closed the number; ENOTSOCK: and opened a file
    /// or pipe under it since. The number may be another owner's by now: never close it.
    var descriptorLost: Bool {
      guard case .broken(let code) = self else { return false }
      return code == EBADF || code == ENOTSOCK
    }
  }

  let fd: Int32
  let stopSignal: StopSignal

  /// Writes all of `bytes`, waiting for room as needed.
  func send(_ bytes: [UInt8]) throws(Failure) {
    var offset = 0
    while offset < bytes.count {
      // No SIGPIPE: a client hanging up mid-response must not kill the test process.
      let written = bytes.withUnsafeBytes {
        // Safe: `offset < bytes.count`, so the buffer is not empty and `count - offset` bytes are
        // left.
        csystemshims_send_nosignal(fd, $0.baseAddress! + offset, $0.count - offset)
      }
      if written >= 0 {
        offset += written
      } else {
        try prepareRetry(waitingFor: Int32(POLLOUT))
      }
    }
  }

  /// Reads what is available (at least one byte) into `buffer`; returns 0 at end of stream.
  func receive(into buffer: UnsafeMutableRawBufferPointer) throws(Failure) -> Int {
    while true {
      let count = recv(fd, buffer.baseAddress, buffer.count, 0)
      if count >= 0 { return count }
      try prepareRetry(waitingFor: Int32(POLLIN))
    }
  }

  /// After a failed send or recv: returns when the call is worth retrying (interrupted, or the
  /// socket is now ready for `events`), throws when it is not.
  private func prepareRetry(waitingFor events: Int32) throws(Failure) {
    switch errno {
    case EINTR:
      return
    case EAGAIN, EWOULDBLOCK:
      if stopSignal.wait(for: fd, events: events, milliseconds: -1) == .stopped { throw .stopped }
    case let code:
      throw .broken(code)
    }
  }

  /// Blocks until the client closes (or resets) the connection or the server stops, discarding
  /// anything the client sends meanwhile.
  ///
  /// Used by the stalled-response fault.
  func waitForPeerToLeave() {
    var scratch = [UInt8](repeating: 0, count: 4096)
    scratch.withUnsafeMutableBytes { buffer in
      while true {
        guard let count = try? receive(into: buffer), count > 0 else { return }
      }
    }
  }

  /// Closes the socket, first letting the client read what was sent.
  ///
  /// Closing a socket with unread input makes the kernel send a reset, and a reset can make the
  /// client discard response bytes it has not read yet: a 431 for a request still being sent,
  /// say, would be lost. So the write side is shut down first (the client sees the end of the
  /// response) and input is drained until the client closes too, for at most `linger`.
  ///
  /// - Returns: `close`'s errno if it failed (EBADF: the number was closed elsewhere), else nil.
  @discardableResult
  func close(linger: Duration = .seconds(1)) -> Int32? {
    if !stopSignal.isFired && !resetsOnClose {
      _ = shutdown(fd, Int32(SHUT_WR))
      let clock = ContinuousClock()
      let deadline = clock.now.advanced(by: linger)
      var scratch = [UInt8](repeating: 0, count: 4096)
      draining: while case let left = clock.now.duration(to: deadline), left > .zero {
        let milliseconds = Int32(left.wholeMilliseconds + 1)
        guard stopSignal.wait(for: fd, events: Int32(POLLIN), milliseconds: milliseconds) == .ready
        else { break }
        let count = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) { break draining }
      }
    }
    return csystemshims_close(fd) == 0 ? nil : errno
  }
}
