#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A manually managed, growable byte buffer that JSON text is written into.
///
/// The writer appends tens of millions of short pieces (brackets, keys, numbers, strings);
/// `[UInt8].append(contentsOf:)` pays a uniqueness check and a generic copy for each, which
/// was about a third of the writer's time. Here a piece is one capacity check and a few
/// stores: `reserve(n)` hands out room for `n` bytes and `commit(k)` keeps the first `k`.
///
/// A value type over memory it does not manage automatically: exactly one owner uses it at a
/// time (a copy handed to the writer is handed back when the write returns), and that owner
/// calls `deallocate()` exactly once. The memory comes from `malloc`, so it can be given to
/// `Data(bytesNoCopy:count:deallocator: .free)`.
package struct OutputBuffer {
  var base: UnsafeMutablePointer<UInt8>
  /// The number of bytes written.
  package internal(set) var count: Int
  var capacity: Int

  /// An empty buffer with room for `capacity` bytes.
  package init(capacity: Int) {
    let capacity = Swift.max(capacity, 64)
    self.base = Self.reallocate(nil, capacity: capacity)
    self.count = 0
    self.capacity = capacity
  }

  /// Frees the memory; the buffer must not be used afterwards.
  package func deallocate() { free(base) }

  /// The bytes written so far, valid until the next append or `deallocate()`.
  package var bytes: UnsafeRawBufferPointer {
    // Safe: the buffer holds `count` bytes written at `base`.
    UnsafeRawBufferPointer(start: base, count: count)
  }

  /// Forgets the bytes written, keeping the memory.
  package mutating func removeAll() { count = 0 }

  /// Appends one byte.
  @inline(__always)
  package mutating func append(_ byte: UInt8) {
    // Safe: `grow` made room when `count == capacity`, so `count < capacity`.
    if count == capacity { grow(minimumCapacity: count &+ 1) }
    base[count] = byte
    count &+= 1
  }

  /// Appends the bytes of `bytes`.
  package mutating func append(contentsOf bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { append($0) }
  }

  /// Appends the bytes of `bytes`.
  @inline(__always)
  package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let source = bytes.baseAddress else { return }
    append(source, count: bytes.count)
  }

  /// Appends `n` bytes from `source` with one `memcpy`.
  @inline(__always)
  mutating func append(_ source: UnsafePointer<UInt8>, count n: Int) {
    assert(n >= 0, "negative byte count")
    let target = reserve(n)
    target.update(from: source, count: n)
    count &+= n
  }

  /// Makes room for `n` more bytes and returns where they go; the caller writes at most `n`
  /// bytes there and then calls `commit` with the number written.
  @inline(__always)
  mutating func reserve(_ n: Int) -> UnsafeMutablePointer<UInt8> {
    // Safe: `grow` made room for `n` more bytes when there was too little, so
    // `count + n <= capacity`.
    assert(n >= 0 && count <= capacity, "OutputBuffer: count <= capacity")
    if capacity &- count < n { grow(minimumCapacity: count &+ n) }
    return base + count
  }

  @inline(__always)
  mutating func commit(_ n: Int) {
    assert(n >= 0 && count &+ n <= capacity, "committed more than was reserved")
    count &+= n
  }

  @inline(never)
  mutating func grow(minimumCapacity: Int) {
    // `realloc` moves large blocks by remapping pages, so doubling stays cheap.
    let newCapacity = Swift.max(capacity &* 2, minimumCapacity)
    base = Self.reallocate(base, capacity: newCapacity)
    capacity = newCapacity
  }

  static func reallocate(_ pointer: UnsafeMutablePointer<UInt8>?, capacity: Int)
    -> UnsafeMutablePointer<UInt8>
  {
    // Safe: `realloc`'s memory is untyped and this buffer only ever holds `UInt8`s in it.
    guard let raw = realloc(pointer, capacity) else {
      fatalError("JSONKit: out of memory allocating \(capacity) bytes")
    }
    return raw.assumingMemoryBound(to: UInt8.self)
  }
}
