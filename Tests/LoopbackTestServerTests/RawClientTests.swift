import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

extension LoopbackServerTests {
  /// The tests' own raw TCP client: what it does with its socket affects every test running
  /// alongside in this process.
  @Suite("Raw client")
  struct RawClientTests {
    // A refused connect used to close the socket in the initializer and again in deinit (a
    // class's deinit runs when its initializer throws after setting every property); the
    // second close, EBADF here, is what `closeOwned` records.
    @Test("A refused connection closes the client's socket once")
    func aRefusedConnectionClosesTheClientsSocketOnce() throws {
      let port = try BoundPort()
      #expect(throws: RawClient.Failure.self) { try RawClient(port: port.number) }
    }
  }
}

/// A port bound on 127.0.0.1 and not listening, so a connection to it is refused; no other
/// socket can take it while this holds it.
private final class BoundPort {
  let number: Int
  private let fd: Int32

  init() throws {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw RawClient.Failure(description: "socket: errno \(errno)") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
      }
    }
    guard bound else {
      let code = errno
      closeOwned(fd)
      throw RawClient.Failure(description: "bind: errno \(code)")
    }
    self.fd = fd
    number = Int(UInt16(bigEndian: address.sin_port))
  }

  deinit { closeOwned(fd) }
}
