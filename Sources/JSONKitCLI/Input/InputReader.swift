#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file that could not be opened or read, with jq's wording (`jq_util_input_read_more`):
/// `Could not open file NAME: REASON`, and a failed read only as its reason (`Is a
/// directory`).
struct InputError: Error, CustomStringConvertible {
  let description: String

  init(_ verb: String, _ name: String, errno code: Int32) {
    let reason = Diagnostics.describe(errno: code)
    description = verb == "open" ? "Could not open file \(name): \(reason)" : reason
  }
}

/// Reads one input, a file or standard input, with `read(2)` in 64 KiB chunks into one
/// reused buffer, so that memory stays flat however large the input is, and a pipe's data is
/// handed on as soon as it arrives (a `read` returns what is there, it does not wait for a
/// full chunk).
final class InputReader {
  /// The size of one `read(2)`: large enough that system calls cost nothing measurable,
  /// small enough to stay in cache.
  static let chunkSize = 64 * 1024

  /// How errors name this input: the path, or `<stdin>` as jq says.
  let name: String
  private let fileDescriptor: Int32
  private let ownsFileDescriptor: Bool
  private let buffer: UnsafeMutableRawBufferPointer
  /// Bytes already taken from the file by someone else, handed out before the file's next
  /// bytes (see `replay(_:)`); freed on the next call.
  private var replayed: UnsafeMutableRawBufferPointer?
  private var replayPending = false

  /// Opens `path`; `-` means standard input.
  init(path: String) throws(InputError) {
    if path == "-" {
      name = "<stdin>"
      fileDescriptor = 0
      ownsFileDescriptor = false
    } else {
      var descriptor: Int32
      repeat {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
      } while descriptor < 0 && errno == EINTR
      guard descriptor >= 0 else { throw InputError("open", path, errno: errno) }
      name = path
      fileDescriptor = descriptor
      ownsFileDescriptor = true
    }
    buffer = .allocate(byteCount: Self.chunkSize, alignment: 16)
  }

  deinit {
    if ownsFileDescriptor { close(fileDescriptor) }
    buffer.deallocate()
    replayed?.deallocate()
  }

  /// Makes `bytes`, read from this input before, its next chunk: a reader handed from one
  /// runner to another keeps its place.
  ///
  /// They were counted by the progress meter already.
  func replay(_ bytes: [UInt8]) {
    assert(replayed == nil, "one replay per reader")
    let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 16)
    copy.copyBytes(from: bytes)
    replayed = copy
    replayPending = true
  }

  /// Reads the next bytes into `buffer`, in place: at most `chunkSize`, fewer when that
  /// is what the input had (a pipe whose writer paused); 0 at the end of the input.
  ///
  /// Bytes
  /// replayed come first, all at once.
  func readChunk(into buffer: ReadBuffer) throws(InputError) -> Int {
    if let replayed {
      self.replayed = nil
      defer { replayed.deallocate() }
      if replayPending {
        replayPending = false
        buffer.append(UnsafeRawBufferPointer(replayed))
        return replayed.count
      }
    }
    return try buffer.fill(atLeast: Self.chunkSize) { (room) throws(InputError) -> Int in
      while true {
        let count = read(fileDescriptor, room.baseAddress, Self.chunkSize)
        if count >= 0 {
          ProgressMeter.current?.advance(by: count)
          return count
        }
        // A directory fails here (EISDIR), not in `open`.
        if errno != EINTR { throw InputError("read", name, errno: errno) }
      }
    }
  }

  /// The next chunk, valid until the next call; `nil` at the end of the input.
  func nextChunk() throws(InputError) -> UnsafeRawBufferPointer? {
    if let replayed {
      if replayPending {
        replayPending = false
        return UnsafeRawBufferPointer(replayed)
      }
      replayed.deallocate()
      self.replayed = nil
    }
    while true {
      let count = read(fileDescriptor, buffer.baseAddress, buffer.count)
      if count > 0 {
        ProgressMeter.current?.advance(by: count)
        // Safe: `read` returned `count > 0`, at most the `buffer.count` asked for.
        return UnsafeRawBufferPointer(rebasing: buffer[0..<count])
      }
      if count == 0 { return nil }
      // A directory fails here (EISDIR), not in `open`.
      if errno != EINTR { throw InputError("read", name, errno: errno) }
    }
  }
}
