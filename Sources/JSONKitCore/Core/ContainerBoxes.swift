/// The storage of an array built or modified in code.
///
/// `@unchecked Sendable`: a box is shared between `JSON` copies and mutated only after
/// `isKnownUniquelyReferenced` proved it is not shared (copy-on-write), exactly as
/// `Array`'s own buffer is.
@usableFromInline
final class ArrayBox: @unchecked Sendable {
  // Safe: copy-on-write (above): written only where `isKnownUniquelyReferenced` proved the box
  // unshared.
  /// Unchecked for the reason `ObjectBox.members` gives.
  @usableFromInline @exclusivity(unchecked) var elements: [JSON]

  @usableFromInline
  init(_ elements: [JSON]) { self.elements = elements }

  deinit { Teardown.dismantle(&elements) }
}

/// The storage of an object built or modified in code: keys in insertion order, with a hash
/// index once the object has more than `indexThreshold` members.
///
/// `@unchecked Sendable`: copy-on-write, as `ArrayBox`. The index is maintained eagerly by
/// every mutation, never built lazily by a read, so concurrent reads never write.
@usableFromInline
final class ObjectBox: @unchecked Sendable {
  // Safe: copy-on-write (above): written only where `isKnownUniquelyReferenced` proved the box
  // unshared.
  /// Keys, values and index in one stored property: each access to a class's stored property
  /// is checked for exclusivity at run time, so an insert paid one check, not five.
  ///
  /// Now
  /// unchecked: a box is changed only where `isKnownUniquelyReferenced` proved it unshared,
  /// as `Array`'s own buffer (whose accesses are not checked either), and the checks cost
  /// about 130 instructions per access (a tenth of freeing a small array).
  @usableFromInline @exclusivity(unchecked) var members: ObjectMembers

  static let indexThreshold = ObjectMembers.indexThreshold

  @usableFromInline
  init() { members = ObjectMembers() }

  @usableFromInline
  init(copying other: ObjectBox) { members = other.members }

  deinit { Teardown.dismantle(&members.values) }

  /// The keys, in insertion order.
  @usableFromInline
  var keys: [String] {
    get { members.keys }
    _modify { yield &members.keys }
  }

  /// The values, in the keys' order.
  @usableFromInline
  var values: [JSON] {
    get { members.values }
    _modify { yield &members.values }
  }

  @usableFromInline
  var count: Int { members.keys.count }

  @usableFromInline
  func find(_ key: String) -> Int? { members.find(key) }

  /// Sets `key` to `value`, appending the key when it is new.
  @usableFromInline
  func set(_ key: String, _ value: JSON) { members.set(key, value) }

  /// Removes `key`; returns its value, or `nil` when absent.
  @usableFromInline
  func remove(_ key: String) -> JSON? { members.remove(key) }

  func rebuildIndex() { members.rebuildIndex() }
}

/// The members of an `ObjectBox`: keys in insertion order, their values, and, past
/// `indexThreshold` members, an open-addressing index.
///
/// The index is not a `Dictionary`: it stores positions (`Int32`, 0 = empty) in a table of
/// a power-of-two size at least twice the member count, and keeps each key's `hashValue`
/// (seeded per process, so crafted keys cannot be made to collide) in `hashes`. An insert
/// hashes its key once, and growing the table re-places positions from the kept hashes
/// instead of hashing every key again as a `Dictionary` does when it grows.
@usableFromInline
struct ObjectMembers {
  @usableFromInline var keys: [String] = []
  @usableFromInline var values: [JSON] = []
  /// Each key's `hashValue`, by position; empty while the object is not indexed.
  private var hashes: [Int] = []
  /// Position + 1 of the key in each slot, 0 for an empty slot; empty while not indexed.
  private var table: [Int32] = []

  static let indexThreshold = 8

  @usableFromInline
  init() {}

  /// Members with `keys`, which are distinct, and `values` in their order: the index is
  /// built once, not looked up and grown key by key.
  init(distinctKeys keys: [String], values: [JSON]) {
    assert(keys.count == values.count && Set(keys).count == keys.count)
    self.keys = keys
    self.values = values
    rebuildIndex()
  }

  /// Room for `count` members without growing the key and value arrays.
  mutating func reserveCapacity(_ count: Int) {
    keys.reserveCapacity(count)
    values.reserveCapacity(count)
  }

  /// These members' keys (and index) with other `values`, one for each key in order.
  func replacingValues(_ values: [JSON]) -> ObjectMembers {
    assert(values.count == keys.count)
    var copy = self
    copy.values = values
    return copy
  }

  func find(_ key: String) -> Int? {
    if table.isEmpty { return keys.firstIndex(of: key) }
    let hash = key.hashValue
    let mask = table.count &- 1
    var i = hash & mask
    while true {
      let entry = Int(table[i])
      if entry == 0 { return nil }
      let position = entry &- 1
      if hashes[position] == hash && keys[position] == key { return position }
      i = (i &+ 1) & mask
    }
  }

  mutating func set(_ key: String, _ value: JSON) {
    let n = keys.count
    if table.isEmpty {
      if let i = keys.firstIndex(of: key) {
        values[i] = value
        return
      }
      keys.append(key)
      values.append(value)
      if n &+ 1 > Self.indexThreshold { rebuildIndex() }
      return
    }
    // One hash: find the key, or the empty slot where it goes.
    let hash = key.hashValue
    let mask = table.count &- 1
    var i = hash & mask
    while true {
      let entry = Int(table[i])
      if entry == 0 { break }
      let position = entry &- 1
      if hashes[position] == hash && keys[position] == key {
        values[position] = value
        return
      }
      i = (i &+ 1) & mask
    }
    assert(n < Int(Int32.max), "too many members for the index")
    table[i] = Int32(truncatingIfNeeded: n &+ 1)
    keys.append(key)
    values.append(value)
    hashes.append(hash)
    if (n &+ 1) &* 2 > table.count { placeAll(tableSize: table.count &* 2) }
  }

  mutating func remove(_ key: String) -> JSON? {
    guard let i = find(key) else { return nil }
    keys.remove(at: i)
    let value = values.remove(at: i)
    if table.isEmpty { return value }
    if keys.count <= Self.indexThreshold {
      hashes = []
      table = []
      return value
    }
    // The positions after `i` moved down by one: re-placed from the kept hashes, not by
    // hashing every key again (`delpaths` of k members of an n-member object hashed k × n
    // keys).
    hashes.remove(at: i)
    placeAll(tableSize: table.count)
    return value
  }

  /// Builds the index from the keys (or drops it when there are too few).
  mutating func rebuildIndex() {
    if keys.count <= Self.indexThreshold {
      hashes = []
      table = []
      return
    }
    hashes = keys.map(\.hashValue)
    var size = 16
    while size < 2 &* keys.count { size &*= 2 }
    placeAll(tableSize: size)
  }

  /// A new table of `tableSize` slots with every position placed by its kept hash.
  private mutating func placeAll(tableSize: Int) {
    // Safe: `mask = tableSize - 1` with `tableSize` a power of two (asserted) and
    // `fresh.count == tableSize`, so `i & mask` is in `slots`; the table is at least twice the
    // keys, so a free slot exists.
    assert(tableSize & (tableSize &- 1) == 0 && tableSize >= 2 &* keys.count)
    // A table of the same size is cleared and refilled where it is.
    var fresh: [Int32] = []
    if table.count == tableSize {
      swap(&fresh, &table)
      fresh.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
    } else {
      fresh = [Int32](repeating: 0, count: tableSize)
    }
    let mask = tableSize &- 1
    fresh.withUnsafeMutableBufferPointer { slots in
      for (position, hash) in hashes.enumerated() {
        var i = hash & mask
        while slots[i] != 0 { i = (i &+ 1) & mask }
        slots[i] = Int32(truncatingIfNeeded: position &+ 1)
      }
    }
    table = fresh
  }
}

/// Releases nested containers without recursion.
///
/// Swift releases an array of arrays recursively: a value a million levels deep, built in
/// code, would overflow the stack when freed. Each box's `deinit` instead moves the children
/// it uniquely owns onto one explicit work list, so no `deinit` ever frees a nested box that
/// still has children.
enum Teardown {
  @usableFromInline
  static func dismantle(_ values: inout [JSON]) {
    // Freeing two levels recursively is harmless; only deeper values need the work list
    // (and its allocation): small values such as `[["a", 0], 1]` are freed as they are.
    guard holdsNestedContainer(values) else { return }
    var pending: [JSON] = []
    swap(&pending, &values)
    while var value = pending.popLast() {
      if var box = value.takeArrayBox() {
        if isKnownUniquelyReferenced(&box) {
          pending.append(contentsOf: box.elements)
          box.elements = []
        }
      } else if var box = value.takeObjectBox() {
        if isKnownUniquelyReferenced(&box) {
          pending.append(contentsOf: box.values)
          box.values = []
        }
      }
    }
  }
}

extension Teardown {
  /// Whether a value of `values` is a materialized container with a materialized container
  /// inside: then freeing `values` could recurse deeper than two levels.
  ///
  /// Plain loops over the storages, run at every box's `deinit`:
  /// `contains(where: \.holdsMaterializedContainer)` made a key-path call per value, which a
  /// debug build runs through the runtime's key-path machinery (with the check of
  /// `detachedArray`, `[paths]` of a value 10,001 levels deep, 50 million path components,
  /// took 16.9 s of CPU in a debug build, 5.9 s now).
  static func holdsNestedContainer(_ values: [JSON]) -> Bool {
    for value in values {
      switch value.storage {
      case .array(let box): if holdsContainer(box.elements) { return true }
      case .object(let box): if holdsContainer(box.values) { return true }
      default: continue
      }
    }
    return false
  }

  /// Whether a value of `values` is a materialized array or object.
  private static func holdsContainer(_ values: [JSON]) -> Bool {
    for value in values {
      switch value.storage {
      case .array, .object: return true
      default: continue
      }
    }
    return false
  }
}

extension JSON {

  /// Moves the array box out of this value (which becomes `null`).
  mutating func takeArrayBox() -> ArrayBox? {
    guard case .array(let box) = storage else { return nil }
    storage = .null
    return box
  }

  /// Moves the object box out of this value (which becomes `null`).
  mutating func takeObjectBox() -> ObjectBox? {
    guard case .object(let box) = storage else { return nil }
    storage = .null
    return box
  }
}
