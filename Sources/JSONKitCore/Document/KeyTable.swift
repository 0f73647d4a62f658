#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Interns object keys while a document is built, and finds them again when it is read.
///
/// A document as shaped as twitter.json has 13,000 keys but a few hundred distinct ones; each
/// distinct key is stored once in the document's bytes and every object refers to it by a
/// small integer id. That makes key comparisons integer comparisons, lets the parser detect
/// duplicate keys in O(1) per key, and keeps the value small.
///
/// Layout: `entries` holds three words per key (byte offset, length, hash); `table` is an
/// open-addressing hash table of `id + 1` (0 means empty) whose size is a power of two and
/// at least twice the number of keys.
@usableFromInline
struct KeyTable {
  @usableFromInline var entries: GrowableBuffer<Int>
  @usableFromInline var table: UnsafeMutablePointer<UInt32>
  @usableFromInline var mask: Int
  @usableFromInline var count: Int

  init() {
    // Safe: `table` was just allocated for 64 entries, and is initialized once here.
    entries = GrowableBuffer(capacity: 64)
    mask = 63
    table = .allocate(capacity: 64)
    table.initialize(repeating: 0, count: 64)
    count = 0
  }

  /// The hash used for keys, both while parsing and when looking a key up.
  @inlinable
  static func hash(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
    // Safe: `p` has `n` readable bytes; each word read lies in `0..<n` (`n >= 8` or `n >= 4` for a
    // word of that size, `n >= 1` for the bytes).
    var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: n)
    let raw = UnsafeRawPointer(p)
    @inline(__always) func mix(_ w: UInt64) {
      h = (h ^ w) &* 0xFF51_AFD7_ED55_8CCD
      h ^= h >> 32
    }
    if n >= 8 {
      var i = 0
      while i &+ 8 <= n {
        mix(raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
        i &+= 8
      }
      // The last, overlapping word covers the tail without a byte loop (safe: n >= 8, so
      // it starts inside the key).
      if i < n { mix(raw.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)) }
    } else if n >= 4 {
      let a = UInt64(raw.loadUnaligned(as: UInt32.self))
      let b = UInt64(raw.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self))
      mix(a << 32 | b)
    } else if n > 0 {
      mix(UInt64(p[0]) << 16 | UInt64(p[n >> 1]) << 8 | UInt64(p[n &- 1]))
    }
    h ^= h >> 29
    return Int(truncatingIfNeeded: h)
  }

  /// Whether `a[0..<n]` and `b[0..<n]` are equal.
  ///
  /// Keys are short: comparing them here, eight
  /// bytes at a time, costs less than a call to `memcmp`.
  @inlinable @inline(__always)
  static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    // Safe: `a` and `b` have `n` readable bytes; each word read lies in `0..<n` (`n >= 8` or
    // `n >= 4` for a word of that size; the byte loop stays below `n`).
    let ra = UnsafeRawPointer(a)
    let rb = UnsafeRawPointer(b)
    if n >= 8 {
      var i = 0
      while i &+ 8 <= n {
        if ra.loadUnaligned(fromByteOffset: i, as: UInt64.self)
          != rb.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        {
          return false
        }
        i &+= 8
      }
      // The last, overlapping word covers the tail.
      return i == n
        || ra.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
          == rb.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)
    }
    if n >= 4 {
      return ra.loadUnaligned(as: UInt32.self) == rb.loadUnaligned(as: UInt32.self)
        && ra.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self)
          == rb.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self)
    }
    var i = 0
    while i < n {
      if a[i] != b[i] { return false }
      i &+= 1
    }
    return true
  }

  /// Returns the id of the key `p[0..<n]` whose text is already stored at `bytes`,
  /// or `nil` when the document has no such key.
  ///
  /// While a one-shot parse runs, key texts live in two buffers: offsets below `split` are
  /// in `bytes` (the input copy), the others at `offset - split` in `side` (decoded text).
  @inlinable
  func find(
    _ p: UnsafePointer<UInt8>, _ n: Int, hash: Int, bytes: UnsafePointer<UInt8>,
    split: Int = .max, side: UnsafePointer<UInt8>? = nil
  ) -> Int? {
    // Safe: `mask + 1` is the table's size (a power of two, at least twice the keys, so a slot is
    // free); an entry is a key's id plus one, with three words in `entries`; offsets at or above
    // `split` are only made when `side` is given.
    var i = hash & mask
    while true {
      let entry = Int(table[i])
      if entry == 0 { return nil }
      let id = entry &- 1
      if entries[3 &* id &+ 1] == n {
        let offset = entries[3 &* id]
        let text = offset < split ? bytes + offset : side.unsafelyUnwrapped + (offset &- split)
        if KeyTable.equal(text, p, n) { return id }
      }
      i = (i &+ 1) & mask
    }
  }

  /// Adds a key whose text is stored at `offset` in the document's bytes; the key must not
  /// be present yet.
  ///
  /// Returns its id.
  @usableFromInline
  mutating func insert(offset: Int, length: Int, hash: Int) -> Int {
    let id = count
    entries.append(offset)
    entries.append(length)
    entries.append(hash)
    count += 1
    if count &* 2 > mask { grow() } else { place(id: id, hash: hash) }
    return id
  }

  @inlinable @inline(__always)
  func place(id: Int, hash: Int) {
    // Safe: `mask` keeps `i` in the table, which has a free slot (at least twice the keys).
    var i = hash & mask
    while table[i] != 0 { i = (i &+ 1) & mask }
    table[i] = UInt32(truncatingIfNeeded: id &+ 1)
  }

  /// Doubles the table and places every key again (including the one just added).
  @usableFromInline
  mutating func grow() {
    // Safe: `table` was just allocated for `newSize` entries, and is initialized once here.
    let newSize = (mask &+ 1) &* 2
    table.deallocate()
    table = .allocate(capacity: newSize)
    table.initialize(repeating: 0, count: newSize)
    mask = newSize &- 1
    for id in 0..<count { place(id: id, hash: entries[3 &* id &+ 2]) }
  }

  @inlinable @inline(__always)
  func offset(of id: Int) -> Int { entries[3 &* id] }

  @inlinable @inline(__always)
  func length(of id: Int) -> Int { entries[3 &* id &+ 1] }

  func deallocate() {
    entries.deallocate()
    table.deallocate()
  }
}
