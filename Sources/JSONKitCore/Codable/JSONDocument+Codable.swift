// Key lookups and text reads for the Codable containers' hot path.
//
// The containers read `bytes` (the document's text, a `var` of its `ByteStorage`) once and
// pass it along: every read of a class's `var` pays a dynamic exclusivity check, which
// cost about 4% of a decode when paid per member.

extension JSONDocument {
  /// The value slot of the member named `name` in `object`, or `nil`.
  ///
  /// Unlike `lookup(_:_:)`, objects of up to 64 members are scanned without building (or
  /// locking) a member index: a decoder asks each object for a handful of keys once, so
  /// building a hash index for twitter.json's 40-member user objects would cost more than
  /// it saves. The name is resolved to a key id through the interned key table (one hash,
  /// one compare), and the scan compares integers.
  @inline(__always)
  func codableMember(_ object: UInt64, _ name: String, bytes: UnsafePointer<UInt8>) -> UInt64? {
    // Safe: an object's block holds `count(object)` key and value words after its count word, and
    // `i < n` reads within them.
    var name = name
    let found = name.withUTF8 { utf8 -> Int? in
      // An empty string may have no storage; its bytes are never read.
      let base = utf8.baseAddress ?? UnsafePointer(bitPattern: 1).unsafelyUnwrapped
      return codableKeyID(base, utf8.count, bytes: bytes)
    }
    guard let id = found else { return nil }
    let n = count(object)
    if n > 64 { return lookup(object, keyID: id) }
    let members = tape + (Int(Slot.payload(object)) &+ 1)
    let key = UInt64(id)
    var i = 0
    while i < n {
      if members[2 &* i] == key { return members[2 &* i &+ 1] }
      i &+= 1
    }
    return nil
  }

  /// The id of the key `p[0..<n]`, or `nil` when no object of the document has it.
  ///
  /// `KeyTable.find` with the byte comparison inlined (keys are short: a call to `memcmp`
  /// cost more than the comparison).
  @inline(__always)
  func codableKeyID(_ p: UnsafePointer<UInt8>, _ n: Int, bytes: UnsafePointer<UInt8>) -> Int? {
    // Safe: the key table's size is a power of two with a free slot (`mask` keeps `i` in it), and
    // each entry it names is an id below the key count, with three words in `entries`.
    let hash = KeyTable.hash(p, n)
    let table = keys.table
    let entries = keys.entries.base
    let mask = keys.mask
    var i = hash & mask
    while true {
      let entry = Int(table[i])
      if entry == 0 { return nil }
      let id = entry &- 1
      if entries[3 &* id &+ 2] == hash && entries[3 &* id &+ 1] == n
        && KeyTable.equal(bytes + entries[3 &* id], p, n)
      {
        return id
      }
      i = (i &+ 1) & mask
    }
  }

  /// The bytes of a string or number slot, with `bytes` read by the caller.
  @inline(__always)
  func codableText(_ slot: UInt64, bytes: UnsafePointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    // Safe: a string or number slot names an offset and a length inside the document's text,
    // directly or through its two tape words.
    let tag = Slot.tag(slot)
    if tag == Slot.stringTag || tag == Slot.numberTag {
      return UnsafeBufferPointer(start: bytes + Slot.textOffset(slot), count: Slot.textLength(slot))
    }
    let position = Int(Slot.payload(slot))
    return UnsafeBufferPointer(start: bytes + Int(tape[position]), count: Int(tape[position &+ 1]))
  }
}
