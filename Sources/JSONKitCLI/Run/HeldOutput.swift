import JSONKitCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Output held back until the document it comes from is known to be valid JSON: jq prints
/// nothing of a document that turns out to be invalid, only the parse error, so a large
/// array run in pieces (`BigArrayRunner`) cannot print its first pieces' output before its
/// last byte is read.
///
/// Up to `memoryLimit` bytes stay in memory; past that, everything held goes to a file
/// made and unlinked at once in `$TMPDIR` (or /tmp), so memory stays bounded whatever the
/// output's size. The file's pages are the kernel's page cache, not the process's.
final class HeldOutput {
  /// The most output held in memory.
  static let memoryLimit = 8 << 20

  /// What is held in memory: a copy of the blocks' bytes (a block's buffer is larger than
  /// what a piece printed, often by far: holding the blocks themselves held their capacity).
  private var memory = OutputBuffer(capacity: 1 << 16)
  private var spill: Int32 = -1
  /// Writes to the spill file, once there is one (a writer: it knows `write(2)`'s ways).
  private var spillWriter: OutputWriter?
  /// A write to the spill file failed (a full disk): the output is incomplete.
  var failed: Bool { spillWriter?.isClosed ?? false }

  deinit {
    memory.deallocate()
    if spill >= 0 { close(spill) }
  }

  /// Holds a copy of `bytes`.
  func append(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { append($0) }
  }

  /// Holds a copy of `bytes`.
  func append(_ bytes: UnsafeRawBufferPointer) {
    // Safe: the bytes of a raw buffer are `UInt8`s (nothing binds them to another type).
    guard !failed else { return }
    if let spillWriter {
      spillWriter.append(bytes)
      return
    }
    memory.append(bytes.assumingMemoryBound(to: UInt8.self))
    guard memory.count > Self.memoryLimit, let file = Self.makeSpillFile() else { return }
    spill = file
    let writer = OutputWriter(format: OutputFormat(), fileDescriptor: file)
    writer.append(memory.bytes)
    spillWriter = writer
    memory.deallocate()
    memory = OutputBuffer(capacity: 1)
  }

  /// Writes everything held to `output`, in order.
  func flush(into output: OutputWriter) {
    // Safe: `pread` returned `0 < count <= chunk.count`.
    if let spillWriter, spill >= 0 {
      spillWriter.flush()
      let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
      defer { chunk.deallocate() }
      var offset: off_t = 0
      while !output.isClosed {
        let count = pread(spill, chunk.baseAddress, chunk.count, offset)
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        output.append(UnsafeRawBufferPointer(rebasing: chunk[..<count]))
        offset += off_t(count)
      }
    }
    output.append(memory.bytes)
  }

  /// A new file no other process can see (unlinked once made), or `nil`.
  private static func makeSpillFile() -> Int32? {
    // Safe: `template` is a non-empty array (the path and its NUL), so its base address is set.
    let folder = getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    var template = Array((folder + "/jsonkit-held-XXXXXX").utf8CString)
    let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard file >= 0 else { return nil }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    return file
  }
}
