/// Bytes read from an input for a parallel run's batch, read in place: `read(2)` fills the
/// buffer's free room (`InputReader.readChunk(into:)`) rather than a chunk that is then copied,
/// which was a sixth of the reading thread's time.
///
/// Once a batch holds it, it is not written
/// again, so the workers read it without locks.
final class ReadBuffer: @unchecked Sendable {
  // Safe: written only by the reading thread before the batch is queued (the queue's lock orders
  // those writes before the worker's reads), read-only after.
  private var storage: UnsafeMutableRawBufferPointer
  /// The bytes filled.
  private(set) var count = 0

  /// An empty buffer with room for `capacity` bytes.
  init(capacity: Int) {
    storage = .allocate(byteCount: max(capacity, 1), alignment: 16)
  }

  deinit { storage.deallocate() }

  // Safe: `count <= storage.count` always: `reserve` makes room before each write.
  /// The bytes filled.
  var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: storage[..<count]) }

  /// Room for `more` bytes after the filled ones, made by moving to a larger allocation
  /// when there is too little (twice the size, so a long value costs amortized copies).
  func reserve(_ more: Int) {
    // Safe: `larger` has room for `count` bytes and more; `bytes` is the `count` bytes filled.
    guard storage.count - count < more else { return }
    let larger = UnsafeMutableRawBufferPointer.allocate(
      byteCount: max(storage.count * 2, count + more), alignment: 16)
    larger.copyMemory(from: bytes)
    storage.deallocate()
    storage = larger
  }

  /// Fills bytes with `fill`, which writes into the free room it is given (at least
  /// `minimum` bytes: see `reserve`) and returns how many it wrote.
  func fill<E: Error>(
    atLeast minimum: Int, _ fill: (UnsafeMutableRawBufferPointer) throws(E) -> Int
  ) throws(E) -> Int {
    // Safe: `reserve(minimum)` leaves `count <= storage.count`, so the room slice is in the buffer.
    reserve(minimum)
    let written = try fill(UnsafeMutableRawBufferPointer(rebasing: storage[count...]))
    assert(written >= 0 && written <= storage.count - count, "at most the room given")
    count += written
    return written
  }

  /// Appends a copy of `other`.
  func append(_ other: UnsafeRawBufferPointer) {
    // Safe: `reserve(other.count)` made room for `other` after the `count` bytes filled.
    reserve(other.count)
    UnsafeMutableRawBufferPointer(rebasing: storage[count...]).copyMemory(from: other)
    count += other.count
  }

  /// Keeps the bytes before `index`; the rest goes to a new buffer, returned, with room for
  /// at least `capacity` bytes.
  func split(at index: Int, capacity: Int) -> ReadBuffer {
    // Safe: `index <= count` (asserted: callers split at a cut found in `bytes`).
    assert(index <= count, "a split inside the bytes")
    let rest = ReadBuffer(capacity: max(capacity, count - index))
    rest.append(UnsafeRawBufferPointer(rebasing: bytes[index...]))
    count = index
    return rest
  }
}
