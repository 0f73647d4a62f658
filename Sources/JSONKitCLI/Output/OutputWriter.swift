import JSONKitCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How results are formatted: jq's options, turned into one `JSONWriter` and the bytes
/// around each value.
struct OutputFormat: Sendable, Equatable {
  /// `-c`: everything on one line.
  var compact = false
  /// `--tab`: one tab per level.
  var tab = false
  /// `--indent N`: N spaces per level, 0–7; 0 means new lines without indentation, as in
  /// jq 1.8.
  var indent = 2
  /// `-S`: object keys in code point order.
  var sortKeys = false
  /// `-a`: non-ASCII characters as `\u` escapes.
  var ascii = false
  /// `-r`: a string result is written as its text, without quotes or escapes.
  var raw = false
  /// What follows each value: a newline, nothing (`-j`) or a NUL (`--raw-output0`).
  var separator: [UInt8] = [0x0A]
  /// `--seq`: an ASCII RS (0x1E) before each value.
  var seq = false
  /// `--unbuffered`: flush after every output.
  var unbuffered = false
  /// `-C`: jq's colors (`JQ_COLORS`).
  var colors: ColorScheme?

  /// The writer for these options.
  ///
  /// `-c` wins over `--tab`, which wins over `--indent`.
  var writer: JSONWriter {
    var options: JSONWritingOptions = sortKeys ? [.sortedKeys] : []
    if ascii { options.insert(.asciiOnly) }
    var writer: JSONWriter
    if compact {
      writer = JSONWriter(options: options)
    } else {
      options.insert(.prettyPrinted)
      writer = JSONWriter(options: options, indentation: tab ? .tab : .spaces(indent))
    }
    // As jq's printer: past 10,000 levels a value is written as `<skipped: too deep>`.
    writer.depthLimit = 10_000  // jq's MAX_PRINT_DEPTH
    writer.canonicalNumbers = true  // literals as jq 1.8 prints them: 1E+2, 1.00
    return writer
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

  private let format: OutputFormat
  private let writer: JSONWriter
  private let fileDescriptor: Int32
  /// Output not yet written; JSON text is written straight into it (see `emit`).
  private var buffer = OutputBuffer(capacity: OutputWriter.blockSize * 2)
  /// `true` once standard output is gone: the reader closed the pipe (`closedByReader`), or
  /// another write error happened (`writeError` says which).
  private(set) var isClosed = false
  /// `true` when the output was closed by its reader (EPIPE), which is not an error.
  private(set) var closedByReader = false
  /// The `errno` of a failed write other than EPIPE (a full disk, say).
  private(set) var writeError: Int32?

  /// Where blocks go instead of the file descriptor (see `init(format:collector:)`).
  private let collector: ((OutputBlock) -> Void)?

  init(format: OutputFormat, fileDescriptor: Int32 = 1) {
    self.format = format
    self.writer = format.writer
    self.fileDescriptor = fileDescriptor
    self.collector = nil
  }

  /// A writer that hands its blocks to `collector` instead of writing them: a parallel
  /// run's batch, printed later in input order.
  ///
  /// Each block is the buffer it was written in
  /// (at least `blockSize` bytes, or what was written before a flush), and a value is never
  /// split between blocks.
  init(format: OutputFormat, collector: @escaping (OutputBlock) -> Void) {
    self.format = format
    self.writer = format.writer
    self.fileDescriptor = -1
    self.collector = collector
  }

  /// Appends text another writer made (a parallel batch's output), as it is.
  func append(_ bytes: UnsafeRawBufferPointer) {
    // Safe: the bytes of a raw buffer are `UInt8`s (nothing binds them to another type).
    guard !isClosed else { return }
    if bytes.count >= Self.blockSize {
      // A large block goes out as it is, after what is buffered.
      flush()
      writeOut(bytes)
      return
    }
    buffer.append(bytes.assumingMemoryBound(to: UInt8.self))
    if buffer.count >= Self.blockSize { flush() }
  }

  deinit { buffer.deallocate() }

  /// A string that `--raw-output0` cannot write: it holds a NUL, which would end it early.
  struct NULInRawString: Error {}

  /// Appends `value` as the options say (JSON text, or a raw string), then the separator.
  func emit(_ value: JSON) throws(NULInRawString) {
    guard !isClosed else { return }
    // As jq's `main`: a raw string is written as it is (no RS before it); with `-a` too it is
    // written as ASCII JSON text, quoted, without colours.
    if format.raw, let text = value.string, !format.ascii {
      if format.separator == [0] && text.utf8.contains(0) { throw NULInRawString() }
      var text = text
      text.withUTF8 { buffer.append($0) }
    } else if format.raw, value.type == .string {
      writer.write(value, into: &buffer)
    } else if let colors = format.colors {
      if format.seq { buffer.append(0x1E) }
      ColorWriter(scheme: colors, format: format).write(value, into: &buffer)
    } else if collector != nil {
      // A batch's output is held until it is printed anyway: the value goes whole into the
      // buffer, which becomes a block of its own (see `flush`).
      if format.seq { buffer.append(0x1E) }
      writer.write(value, into: &buffer)
    } else {
      if format.seq { buffer.append(0x1E) }
      // A large value is written out as it is produced, so output memory stays bounded.
      // The writer works on a copy of `buffer` (the same memory) and hands it back; each
      // full block goes straight to `write(2)`.
      var pending = buffer
      writer.write(value, into: &pending, flushingAt: Self.blockSize) { chunk in
        self.writeOut(chunk)
      }
      buffer = pending
    }
    buffer.append(contentsOf: format.separator)
    if buffer.count >= Self.blockSize || format.unbuffered { flush() }
  }

  /// Writes everything buffered.
  ///
  /// Called after each input chunk, so that values read from an
  /// interactive pipe show up as soon as they are complete, not 64 KiB later.
  func flush() {
    if let collector {
      guard buffer.count > 0 else { return }
      collector(OutputBlock(taking: buffer))
      buffer = OutputBuffer(capacity: Self.blockSize * 2)
      return
    }
    writeOut(buffer.bytes)
    buffer.removeAll()
  }

  /// Writes `bytes` to the file descriptor unless the output is closed.
  private func writeOut(_ bytes: UnsafeRawBufferPointer) {
    // Safe: `offset < bytes.count`, and `write` gets the `bytes.count - offset` bytes left.
    guard !isClosed, let base = bytes.baseAddress, !bytes.isEmpty else { return }
    var offset = 0
    while offset < bytes.count {
      let written = write(fileDescriptor, base + offset, bytes.count - offset)
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
