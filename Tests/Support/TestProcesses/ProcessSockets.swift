import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Open descriptors of this process that are TCP sockets with `port` at either end: a server's
/// listening socket and connections, and clients connected to it.
///
/// Tests run in parallel in one process, and several test runs at once on one machine, so
/// counting every descriptor of the process is no test of one server; sockets are matched by
/// inode between /proc/self/fd and the kernel's TCP tables. A socket in TIME_WAIT belongs to the
/// kernel, not to the process (inode 0), and is not counted.
///
/// Only while the server listens is every socket on its port the server's or its clients': a
/// freed port may be bound at once by a test running alongside. After `stop()`, check the
/// sockets seen before it by kernel object (``socketDescriptors(onPort:localOnly:)``, ``stillOpen(_:)``).
///
/// - Parameter port: The TCP port.
/// - Returns: How many of this process's descriptors are sockets on `port`.
///
/// ```swift
/// #expect(socketsOnPort(server.port) == 13)   // listener, 6 connections, 6 clients
/// ```
public func socketsOnPort(_ port: Int) -> Int {
  socketDescriptors(onPort: port).count
}

/// The descriptors of this process that are TCP sockets with `port` at either end, each with
/// the kernel object it names (`socket:[81234]`).
///
/// Taken while a server listens, the list names that server's sockets and its clients';
/// ``stillOpen(_:)`` later tells which of them are still open, however many sockets tests
/// running alongside have opened on the same port number since.
///
/// - Parameters:
///   - port: The TCP port.
///   - localOnly: Only sockets whose own end is on `port`: a server's listener and the
///     connections it accepted, not clients (another test's client may reach the server
///     once the port is reused, and close when that test pleases).
/// - Returns: Each socket's descriptor and kernel object.
///
/// ```swift
/// let sockets = socketDescriptors(onPort: server.port, localOnly: true)
/// server.stop()
/// #expect(stillOpen(sockets).isEmpty)
/// ```
public func socketDescriptors(onPort port: Int, localOnly: Bool = false)
  -> [(fd: Int32, target: String)]
{
  let hexPort = String(format: ":%04X", port)
  var inodes = Set<String>()
  for table in ["/proc/self/net/tcp", "/proc/self/net/tcp6"] {
    guard let text = wholeProcFile(table) else { continue }
    for line in text.split(separator: "\n").dropFirst() {
      // sl local_address rem_address st queues tr retrnsmt uid timeout inode …
      let fields = line.split(separator: " ")
      guard fields.count > 9,
        fields[1].hasSuffix(hexPort) || (!localOnly && fields[2].hasSuffix(hexPort))
      else { continue }
      inodes.insert(String(fields[9]))
    }
  }
  inodes.remove("0")
  let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
  return descriptors.compactMap { name in
    guard let fd = Int32(name), let target = descriptorTarget(fd), target.hasPrefix("socket:["),
      inodes.contains(String(target.dropFirst(8).dropLast()))
    else { return nil }
    return (fd: fd, target: target)
  }
}

/// The kernel objects of `descriptors` that are still open behind the same descriptor.
///
/// A descriptor number may be reused at once by a test running alongside; the object's name
/// (`pipe:[81234]`, `socket:[81235]`) is unique while it is open, so a descriptor that still
/// names it means the object was never closed.
///
/// - Parameter descriptors: Descriptors and the objects they named when taken.
/// - Returns: The names of the objects still open.
///
/// ```swift
/// #expect(stillOpen(sockets).isEmpty)
/// ```
public func stillOpen(_ descriptors: [(fd: Int32, target: String)]) -> [String] {
  descriptors.filter { descriptorTarget($0.fd) == $0.target }.map(\.target)
}

/// What descriptor `fd` of this process refers to, such as `pipe:[81234]`; nil when it is
/// closed.
///
/// The kernel names each open object uniquely, so a name taken while a server ran and
/// still behind the same descriptor later means the server left that object open (the number
/// alone may have been reused by a test running alongside).
public func descriptorTarget(_ fd: Int32) -> String? {
  guard fd >= 0,
    let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)")
  else { return nil }
  return target
}

/// A `/proc` file read to its end.
///
/// Foundation's `String(contentsOfFile:)` trusts the size that
/// `stat` reports, 0 for these files, and stops after the first read: one page, the first 26
/// sockets of the table. With more TCP sockets on the machine (the suite's own closed
/// connections waiting in TIME_WAIT, other processes' servers), a port's lines come later.
public func wholeProcFile(_ path: String) -> String? {
  let descriptor = open(path, O_RDONLY)
  guard descriptor >= 0 else { return nil }
  defer { close(descriptor) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 64 * 1024)
  while true {
    let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
    if count < 0 && errno == EINTR { continue }
    guard count >= 0 else { return nil }
    if count == 0 { return String(decoding: bytes, as: UTF8.self) }
    bytes += buffer[0..<count]
  }
}
