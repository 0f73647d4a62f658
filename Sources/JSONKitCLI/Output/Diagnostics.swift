import CSystemShims

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes error messages to standard error, all with the same `jsonkit: error…` prefix.
///
/// As jq's: standard error is written at once, while standard output into a pipe or a file
/// waits in its buffer, so with `2>&1` the messages come before the results still buffered.
/// On a terminal, where jq's output is line-buffered, the results are flushed first.
struct Diagnostics {
  let output: OutputWriter
  /// Where messages go instead of standard error: a parallel run's batch keeps them, in
  /// order with its output, until the batch's turn comes.
  var sink: ((String) -> Void)? = nil

  /// Reports `message` as `jsonkit: error: <message>`.
  func error(_ message: String) {
    raw("jsonkit: error: \(message)\n")
  }

  /// Reports `message` as `jsonkit: error (at <location>): <message>`, jq's shape, where
  /// `location` is `FILE` or `FILE:LINE`.
  func error(at location: String, _ message: String) {
    raw("jsonkit: error (at \(location)): \(message)\n")
  }

  /// Writes `text` as it is (after flushing standard output when it is a terminal): the
  /// messages above, and `debug`, `stderr` and `halt_error` output.
  func raw(_ text: String) {
    if Self.outputIsTerminal { output.flush() }
    if let sink { return sink(text) }
    ProgressMeter.current?.clear()
    Self.writeToStandardError(text)
  }

  /// Whether standard output is a terminal (where stdio gives jq line buffering).
  static let outputIsTerminal = isatty(1) != 0

  /// The C library's text for an `errno` value ("No such file or directory").
  static func describe(errno code: Int32) -> String {
    String(cString: strerror(code))
  }

  /// Writes `text` to standard output directly (`--help`, `--version`).
  static func writeToStandardOutput(_ text: String) {
    write(text, to: 1)
  }

  /// Writes `text` to file descriptor 2 directly: standard error is unbuffered, and going
  /// through `write(2)` keeps it independent of Foundation and of stdio's buffers.
  static func writeToStandardError(_ text: String) {
    write(text, to: 2)
  }

  private static func write(_ text: String, to fileDescriptor: Int32) {
    // Safe: `offset < bytes.count` makes the buffer non-empty, so `baseAddress` is set, and `write`
    // gets the `bytes.count - offset` bytes left.
    var text = text
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = csystemshims_write(
          fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }  // Nowhere left to complain to.
        offset += written
      }
    }
  }
}
