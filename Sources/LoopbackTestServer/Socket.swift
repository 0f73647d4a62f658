import CSystemShims

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few socket calls the server makes, with the Glibc type juggling kept in one place.
enum Socket {
  /// A non-blocking TCP listener on 127.0.0.1 with a port the kernel picks.
  ///
  /// Non-blocking so the accept loop can poll it together with the stop pipe; close-on-exec so
  /// the `curl` children that tests spawn do not inherit (and keep open) the server's sockets.
  static func makeListener(backlog: Int32) throws(LoopbackServerError) -> (fd: Int32, port: Int) {
    // Safe: a `sockaddr_in` is read as the `sockaddr` it starts with, with its true length, as the
    // socket calls expect.
    let type =
      Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
      | Int32(SOCK_NONBLOCK.rawValue)
    let fd = socket(AF_INET, type, 0)
    guard fd >= 0 else { throw LoopbackServerError("socket") }
    do throws(LoopbackServerError) {
      // Without SO_REUSEADDR a run right after a crashed one can hit ports still in TIME_WAIT.
      var one: Int32 = 1
      guard setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size)) == 0
      else { throw LoopbackServerError("setsockopt(SO_REUSEADDR)") }

      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = 0
      address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard bound == 0 else { throw LoopbackServerError("bind") }
      guard listen(fd, backlog) == 0 else { throw LoopbackServerError("listen") }

      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let named = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
      }
      guard named == 0 else { throw LoopbackServerError("getsockname") }
      return (fd, Int(UInt16(bigEndian: address.sin_port)))
    } catch {
      close(fd)
      throw error
    }
  }

  enum AcceptResult {
    case connection(Int32)
    /// Nothing (more) is waiting; go back to polling.
    case drained
    /// Out of descriptors: the pending connection stays queued, so back off instead of spinning.
    case exhausted
    /// Any other error (errno): go back to polling, as for `drained`.
    case failed(Int32)
  }

  /// Takes one pending connection, made non-blocking and close-on-exec like the listener.
  ///
  /// accept4 would set both flags atomically, but Swift's Glibc module hides it (it needs
  /// _GNU_SOURCE). The window before FD_CLOEXEC is harmless here: Foundation's Process closes
  /// inherited descriptors in the child anyway.
  static func accept(from listener: Int32) -> AcceptResult {
    while true {
      let fd = csystemshims_accept(listener)
      if fd >= 0 {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        // Chunked and delayed responses go out in small writes; Nagle plus the client's delayed
        // ACK would hold each one back ~40 ms and distort benchmarks.
        var one: Int32 = 1
        _ = setsockopt(
          fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        return .connection(fd)
      }
      switch errno {
      case EINTR, ECONNABORTED, EPROTO: continue
      case EMFILE, ENFILE, ENOBUFS, ENOMEM: return .exhausted
      case EAGAIN, EWOULDBLOCK: return .drained
      case let code: return .failed(code)
      }
    }
  }
}
