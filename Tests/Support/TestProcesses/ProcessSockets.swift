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
/// ```swift
/// #expect(socketsOnPort(server.port) == 0)   // after stop()
/// ```
public func socketsOnPort(_ port: Int) -> Int {
  let hexPort = String(format: ":%04X", port)
  var inodes = Set<String>()
  for table in ["/proc/self/net/tcp", "/proc/self/net/tcp6"] {
    guard let text = wholeProcFile(table) else { continue }
    for line in text.split(separator: "\n").dropFirst() {
      // sl local_address rem_address st queues tr retrnsmt uid timeout inode …
      let fields = line.split(separator: " ")
      guard fields.count > 9, fields[1].hasSuffix(hexPort) || fields[2].hasSuffix(hexPort) else {
        continue
      }
      inodes.insert(String(fields[9]))
    }
  }
  inodes.remove("0")
  let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
  return descriptors.filter { descriptor in
    guard let target = descriptorTarget(Int32(descriptor) ?? -1), target.hasPrefix("socket:[")
    else { return false }
    return inodes.contains(String(target.dropFirst(8).dropLast()))
  }.count
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
