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
/// indexes of large objects, is behind a `Mutex`.
@usableFromInline
final class JSONDocument: @unchecked Sendable {
  @usableFromInline let tape: UnsafeMutablePointer<UInt64>
  @usableFromInline let tapeCount: Int
  @usableFromInline let storage: ByteStorage
  @usableFromInline let keys: KeyTable
  @usableFromInline let root: UInt64

  /// Objects with more members than this get a hash index on their first lookup.
  @usableFromInline static let indexThreshold = 24
  /// Objects with at most this many members are searched by key text instead of key id.
  @usableFromInline static let scanThreshold = 12

  /// Member indexes of large objects, keyed by the object's tape index: key id → member index.
  private let memberIndexes = Mutex<[Int: [Int: Int]]>([:])

  init(
    tape: UnsafeMutablePointer<UInt64>, tapeCount: Int,
    storage: ByteStorage, keys: KeyTable, root: UInt64
  ) {
    self.tape = tape
    self.tapeCount = tapeCount
    self.storage = storage
    self.keys = keys
    self.root = root
  }

  deinit {
    // From `GrowableBuffer.take()`, which may have mapped it itself (see `LargeAllocation`).
    GrowableBuffer<UInt64>.release(tape)
    keys.deallocate()
  }

  /// The document's text (see `ByteStorage`).
  @inlinable
  var bytes: UnsafeMutablePointer<UInt8> { storage.base }

  // MARK: Containers

  @inlinable @inline(__always)
  func count(_ container: UInt64) -> Int { Int(tape[Int(Slot.payload(container))]) }

  @inlinable @inline(__always)
  func element(_ array: UInt64, _ i: Int) -> UInt64 {
    tape[Int(Slot.payload(array)) &+ 1 &+ i]
  }

  @inlinable @inline(__always)
  func memberKey(_ object: UInt64, _ i: Int) -> Int {
    Int(tape[Int(Slot.payload(object)) &+ 1 &+ 2 &* i])
  }

  @inlinable @inline(__always)
  func memberValue(_ object: UInt64, _ i: Int) -> UInt64 {
    tape[Int(Slot.payload(object)) &+ 2 &+ 2 &* i]
  }

  /// The value of `key` in `object`, or `nil`.
  @usableFromInline
  func lookup(_ object: UInt64, _ key: String) -> UInt64? {
    var key = key
    return key.withUTF8 { utf8 -> UInt64? in
      guard let base = utf8.baseAddress ?? UnsafePointer(bitPattern: 1) else { return nil }
      return lookup(object, base, utf8.count)
    }
  }

  /// The value of the key `base[0..<length]` in `object`, or `nil`.
  @usableFromInline
  func lookup(_ object: UInt64, _ base: UnsafePointer<UInt8>, _ length: Int) -> UInt64? {
    let n = count(object)
    if n <= Self.scanThreshold {
      // A small object: comparing its keys' lengths (and then bytes) is cheaper than
      // hashing the key to find its id. First match, as the id scan below.
      var i = 0
      while i < n {
        let id = memberKey(object, i)
        if keys.length(of: id) == length
          && KeyTable.equal(bytes + keys.offset(of: id), base, length)
        {
          return memberValue(object, i)
        }
        i &+= 1
      }
      return nil
    }
    let hash = KeyTable.hash(base, length)
    guard let id = keys.find(base, length, hash: hash, bytes: bytes) else { return nil }
    return lookup(object, keyID: id)
  }

  @usableFromInline
  func lookup(_ object: UInt64, keyID id: Int) -> UInt64? {
    let n = count(object)
    if n > Self.indexThreshold {
      let position = Int(Slot.payload(object))
      let member = memberIndexes.withLock { indexes -> Int? in
        if let index = indexes[position] { return index[id] }
        var index = [Int: Int](minimumCapacity: n)
        for i in 0..<n { index[memberKey(object, i)] = i }
        indexes[position] = index
        return index[id]
      }
      return member.map { memberValue(object, $0) }
    }
    var i = 0
    while i < n {
      if memberKey(object, i) == id { return memberValue(object, i) }
      i &+= 1
    }
    return nil
  }

  // MARK: Text

  /// The bytes of a string or number slot.
  @inlinable @inline(__always)
  func text(_ slot: UInt64) -> UnsafeBufferPointer<UInt8> {
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
    UnsafeBufferPointer(start: bytes + keys.offset(of: id), count: keys.length(of: id))
  }

  @inlinable
  func keyString(_ id: Int) -> String {
    String(decoding: keyText(id), as: UTF8.self)
  }
}
