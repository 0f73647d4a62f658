/// The hash index of one large object of a `JSONDocument`: key id → member number.
///
/// A raw block, so that a document can publish it with one atomic pointer swap and readers
/// need neither a lock nor a dictionary: a word holding the table's mask, then an
/// open-addressing table of `member + 1` (0 = empty), sized to a power of two at least twice
/// the member count. Keys are the document's interned key ids, so probing compares integers.
@usableFromInline
enum MemberIndex {
  /// Builds the index of the `count` members at `members` (key id, value, key id, …).
  static func build(members: UnsafePointer<UInt64>, count: Int) -> UnsafeMutableRawPointer {
    // Safe: the block holds the mask word and then `size >= 2 * count` `UInt32`s, bound and
    // initialized here, so `mask` keeps `i` in the table and a slot is free; `members` holds
    // `count` pairs.
    var size = 16
    while size < 2 &* count { size &*= 2 }
    let block = UnsafeMutableRawPointer.allocate(
      byteCount: MemoryLayout<Int>.stride &+ size &* MemoryLayout<UInt32>.stride,
      alignment: MemoryLayout<Int>.alignment)
    block.storeBytes(of: size &- 1, as: Int.self)
    let table = (block + MemoryLayout<Int>.stride).bindMemory(to: UInt32.self, capacity: size)
    table.initialize(repeating: 0, count: size)
    let mask = size &- 1
    for member in 0..<count {
      var i = slot(forKeyID: Int(members[2 &* member])) & mask
      while table[i] != 0 { i = (i &+ 1) & mask }
      table[i] = UInt32(truncatingIfNeeded: member &+ 1)
    }
    return block
  }

  /// The member number whose key id is `id`, or `nil`.
  @inline(__always)
  static func find(
    _ block: UnsafeMutableRawPointer, keyID id: Int, in members: UnsafePointer<UInt64>
  ) -> Int? {
    // Safe: `block` is one `build` made (mask word, then the bound table), and each entry names a
    // member below the `members` count it was built from.
    let mask = block.load(as: Int.self)
    let table = (block + MemoryLayout<Int>.stride).assumingMemoryBound(to: UInt32.self)
    let key = UInt64(id)
    var i = slot(forKeyID: id) & mask
    while true {
      let entry = Int(table[i])
      if entry == 0 { return nil }
      if members[2 &* (entry &- 1)] == key { return entry &- 1 }
      i = (i &+ 1) & mask
    }
  }

  static func release(_ block: UnsafeMutableRawPointer) { block.deallocate() }

  /// Key ids are small consecutive integers: multiplying spreads them over the table.
  @inline(__always)
  private static func slot(forKeyID id: Int) -> Int {
    Int(truncatingIfNeeded: (UInt64(id) &* 0x9E37_79B9_7F4A_7C15) >> 32)
  }
}
