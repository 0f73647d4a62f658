#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The files a command line names for the scanner to read (`-f FILE`, `--slurpfile NAME FILE`,
/// `--rawfile NAME FILE`): `disk` for the command, a table of names in a fuzzer or a test.
enum CommandLineFiles {
  /// Reads the file at a path: its bytes, or why it cannot be read.
  typealias Reader = (String) -> Result<[UInt8], Unreadable>

  /// A file that cannot be read, with the C library's words for why ("No such file or
  /// directory").
  struct Unreadable: Error, Equatable, Sendable {
    let reason: String
  }

  /// Everything the file at `path` holds, read to its end.
  ///
  /// Pipes too, as jq reads them: `-f /dev/stdin`, `--slurpfile x <(cmd)`
  /// (FoundationEssentials' `contents(atPath:)` refused a pipe, as if it could not open it).
  static func disk(_ path: String) -> Result<[UInt8], Unreadable> {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(Unreadable(errno: errno)) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { return .success(bytes) }
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(Unreadable(errno: errno))
      }
      bytes.append(contentsOf: chunk[..<count])
    }
  }
}

extension CommandLineFiles.Unreadable {
  /// The C library's text for `errno`.
  init(errno code: Int32) {
    reason = String(cString: strerror(code))
  }
}
