#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A manually managed, growable buffer of trivial values used while building a document.
///
/// The parser appends millions of words and bytes; `Array.append` pays for a uniqueness
/// check and a non-inlined growth path on every call. This buffer is owned by exactly one
/// builder (never copied while in use), grows geometrically, and hands its memory to a
/// `JSONDocument` without copying when parsing finishes.
///
/// Invariants: `count <= capacity`; `base` points at `capacity` allocated elements, the first
/// `count` of which are initialized. The owner must call `deallocate()` or `take()` exactly once.
@usableFromInline
struct GrowableBuffer<Element: BitwiseCopyable> {
  @usableFromInline var base: UnsafeMutablePointer<Element>
  @usableFromInline var count: Int
  @usableFromInline var capacity: Int

  @usableFromInline
  init(capacity: Int) {
    let capacity = Swift.max(capacity, 16)
    self.base = Self.reallocate(nil, capacity: capacity)
    self.count = 0
    self.capacity = capacity
  }

  @inlinable @inline(__always)
  mutating func append(_ value: Element) {
    if count == capacity { grow(minimumCapacity: count + 1) }
    base[count] = value
    count += 1
  }

  @inlinable @inline(__always)
  mutating func append(_ source: UnsafePointer<Element>, count n: Int) {
    if count + n > capacity { grow(minimumCapacity: count + n) }
    (base + count).update(from: source, count: n)
    count += n
  }

  /// Makes room for `n` more elements and returns a pointer to them; the caller initializes
  /// them and then calls `commit(n)`.
  @inlinable @inline(__always)
  mutating func reserve(_ n: Int) -> UnsafeMutablePointer<Element> {
    if count + n > capacity { grow(minimumCapacity: count + n) }
    return base + count
  }

  @inlinable @inline(__always)
  mutating func commit(_ n: Int) { count += n }

  @inlinable @inline(__always)
  subscript(i: Int) -> Element {
    get { base[i] }
    nonmutating set { base[i] = newValue }
  }

  @usableFromInline @inline(never)
  mutating func grow(minimumCapacity: Int) {
    var newCapacity = capacity &* 2
    if newCapacity < minimumCapacity { newCapacity = minimumCapacity }
    base = Self.reallocate(base, capacity: newCapacity)
    capacity = newCapacity
  }

  /// Gives up ownership of the memory, shrunk to fit when much of it is unused, and leaves
  /// this buffer empty with fresh storage.
  @usableFromInline
  mutating func take() -> UnsafeMutablePointer<Element> {
    var result = base
    if capacity - count > 4096 && capacity > count + count / 4 {
      // realloc shrinks in place: the parsed value should not hold the parser's slack.
      result = Self.reallocate(base, capacity: Swift.max(count, 1))
    }
    base = Self.reallocate(nil, capacity: 16)
    capacity = 16
    count = 0
    return result
  }

  @usableFromInline
  func deallocate() { Self.release(base) }

  /// Frees memory handed out by `take()`.
  @usableFromInline
  static func release(_ pointer: UnsafeMutablePointer<Element>) {
    free(pointer)
  }

  @usableFromInline
  static func reallocate(_ pointer: UnsafeMutablePointer<Element>?, capacity: Int)
    -> UnsafeMutablePointer<Element>
  {
    let bytes = capacity * MemoryLayout<Element>.stride
    guard let raw = realloc(pointer, bytes) else {
      fatalError("JSONKit: out of memory allocating \(bytes) bytes")
    }
    return raw.assumingMemoryBound(to: Element.self)
  }
}
