#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library calls whose Swift names are shadowed by members of this module's types
/// (`Connection.send`, `StopSignal.close`, `Socket.accept`), reached through one place that
/// names the platform's C module, so that no other file does.
enum SystemCall {
  /// `send(2)`.
  static func send(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
    #if canImport(Glibc)
      Glibc.send(fd, bytes, count, flags)
    #elseif canImport(Musl)
      Musl.send(fd, bytes, count, flags)
    #else
      Darwin.send(fd, bytes, count, flags)
    #endif
  }

  /// `close(2)`.
  @discardableResult
  static func close(_ fd: Int32) -> Int32 {
    #if canImport(Glibc)
      Glibc.close(fd)
    #elseif canImport(Musl)
      Musl.close(fd)
    #else
      Darwin.close(fd)
    #endif
  }

  /// `accept(2)` without the peer's address.
  static func accept(_ listener: Int32) -> Int32 {
    #if canImport(Glibc)
      Glibc.accept(listener, nil, nil)
    #elseif canImport(Musl)
      Musl.accept(listener, nil, nil)
    #else
      Darwin.accept(listener, nil, nil)
    #endif
  }
}

#if os(Linux)
  /// `MSG_NOSIGNAL`: a peer hanging up mid-write must not raise SIGPIPE. (Darwin has no such
  /// flag; there `SO_NOSIGPIPE` on the socket does the same.)
  let sendFlagsNoSignal = Int32(MSG_NOSIGNAL)
#else
  let sendFlagsNoSignal: Int32 = 0
#endif
