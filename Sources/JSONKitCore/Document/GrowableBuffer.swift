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
/// `count` of which are initialized. The subscript reaches any of the `capacity` elements: a
/// stack pops by lowering `count` and then reads the element it popped. The owner must call `deallocate()` or `take()` exactly once.
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
    // Safe: `grow` made room when `count == capacity`, so `count < capacity`.
    if count == capacity { grow(minimumCapacity: count + 1) }
    base[count] = value
    count += 1
  }

  @inlinable @inline(__always)
  mutating func append(_ source: UnsafePointer<Element>, count n: Int) {
    // Safe: `grow` made room when `count + n > capacity`, so the `n` elements fit.
    assert(n >= 0, "negative element count")
    if count + n > capacity { grow(minimumCapacity: count + n) }
    (base + count).update(from: source, count: n)
    count += n
  }

  /// Makes room for `n` more elements and returns a pointer to them; the caller initializes
  /// them and then calls `commit(n)`.
  @inlinable @inline(__always)
  mutating func reserve(_ n: Int) -> UnsafeMutablePointer<Element> {
    // Safe: `grow` made room when `count + n > capacity`, so the `n` elements fit.
    if count + n > capacity { grow(minimumCapacity: count + n) }
    return base + count
  }

  @inlinable @inline(__always)
  mutating func commit(_ n: Int) {
    assert(n >= 0 && count + n <= capacity, "committed more than was reserved")
    count += n
  }

  @inlinable @inline(__always)
  subscript(i: Int) -> Element {
    // Safe: callers index below `capacity` (asserted), memory this buffer allocated.
    get {
      assert(i >= 0 && i < capacity, "GrowableBuffer index outside its memory")
      return base[i]
    }
    nonmutating set {
      assert(i >= 0 && i < capacity, "GrowableBuffer index outside its memory")
      base[i] = newValue
    }
  }

  @usableFromInline @inline(never)
  mutating func grow(minimumCapacity: Int) {
    var newCapacity = capacity &* 2
    if newCapacity < minimumCapacity { newCapacity = minimumCapacity }
    base = Self.reallocate(base, capacity: newCapacity, oldCapacity: capacity)
    capacity = newCapacity
  }

  /// Gives up ownership of the memory, shrunk to fit when much of it is unused, and leaves
  /// this buffer empty with fresh storage.
  @usableFromInline
  mutating func take() -> UnsafeMutablePointer<Element> {
    let result: UnsafeMutablePointer<Element>
    if capacity - count > 4096 && capacity > count + count / 4 {
      // realloc shrinks in place: the parsed value should not hold the parser's slack.
      result = Self.reallocate(base, capacity: Swift.max(count, 1))
    } else {
      // A large buffer gives back its room to grow even when little of it is unused.
      result = Self.settle(base, capacity: capacity)
    }
    base = Self.reallocate(nil, capacity: 16)
    capacity = 16
    count = 0
    return result
  }

  @usableFromInline
  func deallocate() { Self.release(base) }

  /// Frees memory from `reallocate`, `settle` or `take()`.
  @usableFromInline
  static func release(_ pointer: UnsafeMutablePointer<Element>) {
    #if os(Linux) && canImport(Glibc)
      if LargeAllocation.release(UnsafeMutableRawPointer(pointer)) { return }
    #endif
    free(pointer)
  }

  /// `realloc` for `capacity` elements: allocates when `pointer` is `nil`, keeps the first
  /// `min(old, new)` elements.
  ///
  /// On Linux, buffers of `LargeAllocation.threshold` bytes or more
  /// live in huge-page regions (see `LargeAllocation`), which keep room to grow in place
  /// until `settle` or a shrinking `reallocate` says the buffer has its final size. A malloc
  /// buffer moves to a region only when the caller passes its `oldCapacity` (glibc would
  /// tell us the size only through `malloc_usable_size`, which Swift does not import).
  @usableFromInline
  static func reallocate(
    _ pointer: UnsafeMutablePointer<Element>?, capacity: Int, oldCapacity: Int? = nil
  ) -> UnsafeMutablePointer<Element> {
    // Safe: the memory comes untyped from `realloc` or a region and holds only `Element`s, which
    // are `BitwiseCopyable`; the copy takes the old buffer's `min(oldCapacity, capacity)` elements.
    let bytes = capacity * MemoryLayout<Element>.stride
    #if os(Linux) && canImport(Glibc)
      if let pointer,
        let resized = LargeAllocation.reallocate(UnsafeMutableRawPointer(pointer), bytes: bytes)
      {
        return resized.assumingMemoryBound(to: Element.self)
      }
      if bytes >= LargeAllocation.threshold, pointer == nil || oldCapacity != nil,
        let region = LargeAllocation.allocate(bytes: bytes)
      {
        let result = region.assumingMemoryBound(to: Element.self)
        if let pointer, let oldCapacity {
          // Crossing the threshold: the one copy a growing buffer pays (less than `threshold`).
          result.update(from: pointer, count: Swift.min(oldCapacity, capacity))
          free(pointer)
        }
        return result
      }
    #endif
    guard let raw = realloc(pointer, bytes) else {
      fatalError("JSONKit: out of memory allocating \(bytes) bytes")
    }
    return raw.assumingMemoryBound(to: Element.self)
  }

  /// Declares memory from `reallocate` to have its final size, `capacity` elements (no more
  /// than it has): a large region gives back the address space it kept for growing, in
  /// place.
  ///
  /// Other memory is returned as is.
  @usableFromInline
  static func settle(_ pointer: UnsafeMutablePointer<Element>, capacity: Int)
    -> UnsafeMutablePointer<Element>
  {
    // Safe: as in `reallocate`: this memory holds only `Element`s, and a region resizes in place.
    #if os(Linux) && canImport(Glibc)
      let bytes = capacity * MemoryLayout<Element>.stride
      if let settled = LargeAllocation.reallocate(UnsafeMutableRawPointer(pointer), bytes: bytes) {
        return settled.assumingMemoryBound(to: Element.self)
      }
    #endif
    return pointer
  }
}
