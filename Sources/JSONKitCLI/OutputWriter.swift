import JSONKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How results are formatted: jq's options, turned into one `JSONWriter`.
struct OutputFormat: Sendable, Equatable {
  /// `-c`: everything on one line.
  var compact = false
  /// `--tab`: one tab per level.
  var tab = false
  /// `--indent N`: N spaces per level, 0–7; 0 means compact, as in jq.
  var indent = 2
  /// `-S`: object keys in code point order.
  var sortKeys = false

  /// The writer for these options. `-c` wins over `--tab`, which wins over `--indent`.
  var writer: JSONWriter {
    var options: JSONWritingOptions = sortKeys ? [.sortedKeys] : []
    if compact || (!tab && indent == 0) {
      return JSONWriter(options: options)
    }
    options.insert(.prettyPrinted)
    return JSONWriter(options: options, indentation: tab ? .tab : .spaces(indent))
  }
}

/// Collects JSON text for standard output in one byte buffer and writes it with `write(2)`
/// in large blocks: one system call per 64 KiB of output rather than one per value.
///
/// When the reader goes away (`jsonkit … | head -1`), `write` fails with `EPIPE` (SIGPIPE is
/// ignored, see `JSONKitCommand.main`); the writer then marks itself closed, drops what it
/// holds, and the run stops quietly: nobody is left to read the output or an error about it.
final class OutputWriter {
  /// Output is written once this many bytes are buffered.
  static let blockSize = 64 * 1024

  private let writer: JSONWriter
  private let fileDescriptor: Int32
  private var buffer: [UInt8] = []
  /// `true` once standard output is gone: the reader closed the pipe (`closedByReader`), or
  /// another write error happened (`writeError` says which).
  private(set) var isClosed = false
  /// `true` when the output was closed by its reader (EPIPE), which is not an error.
  private(set) var closedByReader = false
  /// The `errno` of a failed write other than EPIPE (a full disk, say).
  private(set) var writeError: Int32?

  init(format: OutputFormat, fileDescriptor: Int32 = 1) {
    self.writer = format.writer
    self.fileDescriptor = fileDescriptor
    buffer.reserveCapacity(Self.blockSize * 2)
  }

  /// Appends `value` as JSON text and a newline (jq's one value per line).
  func emit(_ value: JSON) {
    guard !isClosed else { return }
    // A large value is written out as it is produced, so output memory stays bounded.
    var pending: [UInt8] = []
    swap(&pending, &buffer)
    writer.write(value, into: &pending, flushingAt: Self.blockSize) { [unowned self] chunk in
      self.writeOut(chunk)
      chunk.removeAll(keepingCapacity: true)
    }
    swap(&pending, &buffer)
    buffer.append(0x0A)
    if buffer.count >= Self.blockSize { flush() }
  }

  /// Writes everything buffered. Called after each input chunk, so that values read from an
  /// interactive pipe show up as soon as they are complete, not 64 KiB later.
  func flush() {
    writeOut(buffer)
    buffer.removeAll(keepingCapacity: true)
  }

  /// Writes `output` to the file descriptor unless the output is closed.
  private func writeOut(_ output: [UInt8]) {
    guard !isClosed, !output.isEmpty else { return }
    output.withUnsafeBytes { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = write(fileDescriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if written >= 0 {
          offset += written
        } else if errno != EINTR {
          isClosed = true
          if errno == EPIPE { closedByReader = true } else { writeError = errno }
          return
        }
      }
    }
  }
}
