import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The immutable result of parsing one top-level JSON value: a tape of slots, the text of
/// its strings and numbers, and its interned keys (see `Slot` for the layout).
///
/// `JSON` values read from a document are (document, slot) pairs: taking `json["user"]`
/// copies two words and retains the document, never the subtree. A document is freed when
/// the last value referring to it goes away; freeing is a few `free` calls whatever the
/// nesting depth, so deep documents never recurse on deinit.
///
/// `@unchecked Sendable`: the tape, bytes and key table are written only by the parser,
/// before `init` returns, and never again; the only mutable state, the lazily built member
/// indexes of large objects, is published once per object by an atomic compare-and-swap
/// (see `MemberIndex`).
@usableFromInline
final class JSONDocument: @unchecked Sendable {
  // Safe: the tape, text and keys are written only before `init` returns; member indexes are
  // published once each by compare-and-swap (above).
  @usableFromInline let tape: UnsafeMutablePointer<UInt64>
  @usableFromInline let tapeCount: Int
  @usableFromInline let storage: ByteStorage
  @usableFromInline let keys: KeyTable
  @usableFromInline let root: UInt64

  /// Objects with more members than this get a hash index on their first lookup; the parser
  /// numbers them in their count word (see `largeObjectOrdinal`).
  @usableFromInline static let indexThreshold = 24
  /// Objects with at most this many members are searched by key text instead of key id.
  @usableFromInline static let scanThreshold = 12
  /// A container's count sits in the low 32 bits of its block's first word; a large object's
  /// ordinal plus one in the high 32 bits.
  @usableFromInline static let countMask: UInt64 = 0xFFFF_FFFF

  /// One lazily built `MemberIndex` per large object, by ordinal (`nil` until first needed).
  private let memberIndexes: UnsafeMutablePointer<Atomic<UnsafeMutableRawPointer?>>
  private let largeObjectCount: Int

  init(
    tape: UnsafeMutablePointer<UInt64>, tapeCount: Int,
    storage: ByteStorage, keys: KeyTable, root: UInt64, largeObjectCount: Int
  ) {
    // Safe: `memberIndexes` was just allocated for `largeObjectCount` atomics, each initialized
    // once here and deinitialized only in `deinit`.
    self.tape = tape
    self.tapeCount = tapeCount
    self.storage = storage
    self.keys = keys
    self.root = root
    self.largeObjectCount = largeObjectCount
    memberIndexes = .allocate(capacity: largeObjectCount)
    for i in 0..<largeObjectCount { (memberIndexes + i).initialize(to: Atomic(nil)) }
  }

  deinit {
    // Safe: `i < largeObjectCount`, the count allocated and initialized in `init`.
    // From `GrowableBuffer.take()`, which may have mapped it itself (see `LargeAllocation`).
    GrowableBuffer<UInt64>.release(tape)
    keys.deallocate()
    for i in 0..<largeObjectCount {
      if let index = memberIndexes[i].load(ordering: .acquiring) { MemberIndex.release(index) }
    }
    memberIndexes.deinitialize(count: largeObjectCount)
    memberIndexes.deallocate()
  }

  /// The document's text (see `ByteStorage`).
  @inlinable
  var bytes: UnsafeMutablePointer<UInt8> { storage.base }

  // MARK: Containers

  @inlinable @inline(__always)
  func count(_ container: UInt64) -> Int {
    // Safe: a container slot of this document names its block, whose first word is the count.
    Int(truncatingIfNeeded: tape[Int(Slot.payload(container))] & Self.countMask)
  }

  /// The parser's number for a large object (more than `indexThreshold` members), counted
  /// from 0 in the order the objects closed.
  @inlinable @inline(__always)
  func largeObjectOrdinal(_ object: UInt64) -> Int {
    // Safe: as in `count(_:)`.
    Int(truncatingIfNeeded: tape[Int(Slot.payload(object))] >> 32) &- 1
  }

  @inlinable @inline(__always)
  func element(_ array: UInt64, _ i: Int) -> UInt64 {
    // Safe: callers pass `i` below `count(array)`; the block's elements follow its count word.
    tape[Int(Slot.payload(array)) &+ 1 &+ i]
  }

  @inlinable @inline(__always)
  func memberKey(_ object: UInt64, _ i: Int) -> Int {
    // Safe: callers pass `i` below `count(object)`; key and value words follow the count word.
    Int(tape[Int(Slot.payload(object)) &+ 1 &+ 2 &* i])
  }

  @inlinable @inline(__always)
  func memberValue(_ object: UInt64, _ i: Int) -> UInt64 {
    // Safe: callers pass `i` below `count(object)`; key and value words follow the count word.
    tape[Int(Slot.payload(object)) &+ 2 &+ 2 &* i]
  }

  /// The value of `key` in `object`, or `nil`.
  @usableFromInline
  func lookup(_ object: UInt64, _ key: String) -> UInt64? {
    // Safe: `lookupPosition` returns a value's position in the object's block.
    lookupPosition(object, key).map { tape[$0] }
  }

  /// The tape position of the value of `key` in `object`, or `nil`.
  @inline(__always)
  func lookupPosition(_ object: UInt64, _ key: String) -> Int? {
    // Safe: an empty key has no base address; the stand-in is never read, as comparisons read
    // `utf8.count` (zero) bytes.
    var key = key
    return key.withUTF8 { utf8 -> Int? in
      guard let base = utf8.baseAddress ?? UnsafePointer(bitPattern: 1) else { return nil }
      return lookupPosition(object, base, utf8.count)
    }
  }

  /// The value of the key `base[0..<length]` in `object`, or `nil`.
  @usableFromInline
  func lookup(_ object: UInt64, _ base: UnsafePointer<UInt8>, _ length: Int) -> UInt64? {
    // Safe: `lookupPosition` returns a value's position in the object's block.
    lookupPosition(object, base, length).map { tape[$0] }
  }

  /// The tape position of the value of the key `base[0..<length]` in `object`, or `nil`.
  @usableFromInline
  func lookupPosition(_ object: UInt64, _ base: UnsafePointer<UInt8>, _ length: Int) -> Int? {
    // Safe: the object's block holds `n` key and value word pairs; key ids index `keys`, whose
    // texts are in `bytes`.
    let n = count(object)
    let members = Int(Slot.payload(object)) &+ 1
    if n <= Self.scanThreshold {
      // A small object: comparing its keys' lengths (and then bytes) is cheaper than
      // hashing the key to find its id. First match, as the id scan below.
      var i = 0
      while i < n {
        let id = Int(tape[members &+ 2 &* i])
        if keys.length(of: id) == length
          && KeyTable.equal(bytes + keys.offset(of: id), base, length)
        {
          return members &+ 2 &* i &+ 1
        }
        i &+= 1
      }
      return nil
    }
    let hash = KeyTable.hash(base, length)
    guard let id = keys.find(base, length, hash: hash, bytes: bytes) else { return nil }
    return memberNumber(object, keyID: id).map { members &+ 2 &* $0 &+ 1 }
  }

  @usableFromInline
  func lookup(_ object: UInt64, keyID id: Int) -> UInt64? {
    memberNumber(object, keyID: id).map { memberValue(object, $0) }
  }

  /// The index of the (first) member of `object` whose key is `id`, or `nil`.
  @inline(__always)
  func memberNumber(_ object: UInt64, keyID id: Int) -> Int? {
    // Safe: the object's block holds `n` key and value word pairs, and the parser gave each large
    // object an ordinal below `largeObjectCount` (asserted).
    let n = count(object)
    if n > Self.indexThreshold {
      let ordinal = largeObjectOrdinal(object)
      assert(ordinal >= 0 && ordinal < largeObjectCount, "large object without an ordinal")
      let slot = memberIndexes + ordinal
      let index =
        slot.pointee.load(ordering: .acquiring) ?? publishIndex(of: object, at: slot)
      return MemberIndex.find(index, keyID: id, in: tape + (Int(Slot.payload(object)) &+ 1))
    }
    let members = tape + (Int(Slot.payload(object)) &+ 1)
    let key = UInt64(id)
    var i = 0
    while i < n {
      if members[2 &* i] == key { return i }
      i &+= 1
    }
    return nil
  }

  /// Builds the member index of a large object and publishes it, or takes the one another
  /// thread published first.
  @inline(never)
  private func publishIndex(
    of object: UInt64, at slot: UnsafeMutablePointer<Atomic<UnsafeMutableRawPointer?>>
  ) -> UnsafeMutableRawPointer {
    // Safe: `compareExchange` failed only because another thread published an index first, so
    // `existing` is set.
    let built = MemberIndex.build(
      members: tape + (Int(Slot.payload(object)) &+ 1), count: count(object))
    let (won, existing) = slot.pointee.compareExchange(
      expected: nil, desired: built, ordering: .acquiringAndReleasing)
    if won { return built }
    MemberIndex.release(built)
    return existing.unsafelyUnwrapped
  }

  // MARK: Text

  /// The bytes of a string or number slot.
  @inlinable @inline(__always)
  func text(_ slot: UInt64) -> UnsafeBufferPointer<UInt8> {
    // Safe: a string or number slot names an offset and a length inside `bytes`, directly or
    // through its two tape words (asserted).
    let tag = Slot.tag(slot)
    if tag == Slot.stringTag || tag == Slot.numberTag {
      return UnsafeBufferPointer(start: bytes + Slot.textOffset(slot), count: Slot.textLength(slot))
    }
    let position = Int(Slot.payload(slot))
    assert(position >= 0 && position &+ 1 < tapeCount, "long-text slot points outside the tape")
    return UnsafeBufferPointer(start: bytes + Int(tape[position]), count: Int(tape[position &+ 1]))
  }

  @inlinable
  func string(_ slot: UInt64) -> String {
    String(decoding: text(slot), as: UTF8.self)
  }

  @inlinable
  func keyText(_ id: Int) -> UnsafeBufferPointer<UInt8> {
    // Safe: a key id from this document's tape indexes `keys`, whose text is in `bytes`.
    UnsafeBufferPointer(start: bytes + keys.offset(of: id), count: keys.length(of: id))
  }

  @inlinable
  func keyString(_ id: Int) -> String {
    String(decoding: keyText(id), as: UTF8.self)
  }
}
