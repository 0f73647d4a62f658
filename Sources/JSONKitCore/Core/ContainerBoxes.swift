/// The storage of an array built or modified in code.
///
/// `@unchecked Sendable`: a box is shared between `JSON` copies and mutated only after
/// `isKnownUniquelyReferenced` proved it is not shared (copy-on-write), exactly as
/// `Array`'s own buffer is.
@usableFromInline
final class ArrayBox: @unchecked Sendable {
  // Safe: copy-on-write (above): written only where `isKnownUniquelyReferenced` proved the box
  // unshared.
  /// The elements; written only in this file, by the methods that keep `mayHoldContainer`.
  ///
  /// Unchecked for the reason `ObjectBox.members` gives.
  @usableFromInline @exclusivity(unchecked) fileprivate(set) var items: [JSON]

  /// `false` only when no element is a materialized array or object (see `Teardown`).
  ///
  /// Set by every store of a container and never cleared while the box lives, so it may be
  /// stale (`true` with no container left), never wrong. It makes the instance 25 bytes
  /// instead of 24 (see `Teardown`).
  @usableFromInline @exclusivity(unchecked) fileprivate(set) var mayHoldContainer: Bool

  @usableFromInline
  init(_ elements: [JSON]) {
    items = elements
    mayHoldContainer = Teardown.holdsContainer(elements[...])
  }

  /// A box of `elements`, none of which is a materialized array or object (a path's keys and
  /// indexes, a document's values): no look at them.
  init(withoutContainers elements: [JSON]) {
    assert(!(elements.last?.isMaterializedContainer ?? false), "a container among scalars")
    items = elements
    mayHoldContainer = false
  }

  /// A copy of `other`'s elements, for copy-on-write.
  init(copying other: ArrayBox) {
    items = other.items
    mayHoldContainer = other.mayHoldContainer
  }

  deinit {
    if mayHoldContainer { Teardown.dismantle(&items) }
  }

  /// The elements.
  ///
  /// A change through this accessor may store anything, so it counts as storing a
  /// container; the methods below look at what they store instead.
  @usableFromInline
  var elements: [JSON] {
    _read { yield items }
    _modify {
      mayHoldContainer = true
      yield &items
    }
  }

  /// Appends `value`.
  func append(_ value: JSON) {
    if value.isMaterializedContainer { mayHoldContainer = true }
    items.append(value)
  }

  /// Appends every value of `values`.
  func append<S: Sequence<JSON>>(contentsOf values: S) {
    let start = items.count
    items.append(contentsOf: values)
    if !mayHoldContainer { mayHoldContainer = Teardown.holdsContainer(items[start...]) }
  }

  /// Inserts `value` at `index`.
  func insert(_ value: JSON, at index: Int) {
    if value.isMaterializedContainer { mayHoldContainer = true }
    items.insert(value, at: index)
  }

  /// Replaces the element at `index` with `value`.
  func replace(at index: Int, with value: JSON) {
    if value.isMaterializedContainer { mayHoldContainer = true }
    items[index] = value
  }

  /// Removes the element at `index` and returns it.
  func remove(at index: Int) -> JSON { items.remove(at: index) }

  /// The element at `index`, moved out (`null` is left in its place, so that the element's
  /// own storage stays unshared while the caller changes it; `replace(at:with:)` puts it
  /// back).
  func take(at index: Int) -> JSON {
    var element = JSON.null
    swap(&element, &items[index])
    return element
  }
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
  ///
  /// Written only in this file, by the methods that keep `mayHoldContainer`.
  @usableFromInline @exclusivity(unchecked) fileprivate(set) var members: ObjectMembers

  /// `false` only when no value is a materialized array or object: as
  /// `ArrayBox.mayHoldContainer`, stored in the allocation's padding (the box's 48 bytes
  /// are rounded up to 64 by the allocator, so the byte costs no memory).
  @usableFromInline @exclusivity(unchecked) fileprivate(set) var mayHoldContainer = false

  static let indexThreshold = ObjectMembers.indexThreshold

  @usableFromInline
  init() { members = ObjectMembers() }

  @usableFromInline
  init(copying other: ObjectBox) {
    members = other.members
    mayHoldContainer = other.mayHoldContainer
  }

  /// A box of `members`, whose values are looked at once.
  init(_ members: ObjectMembers) {
    self.members = members
    mayHoldContainer = Teardown.holdsContainer(members.values[...])
  }

  deinit {
    if mayHoldContainer { Teardown.dismantle(&members.values) }
  }

  /// The keys, in insertion order.
  @usableFromInline
  var keys: [String] {
    get { members.keys }
    _modify { yield &members.keys }
  }

  /// The values, in the keys' order.
  ///
  /// A change through this accessor may store anything, so it counts as storing a
  /// container, as `ArrayBox.elements`.
  @usableFromInline
  var values: [JSON] {
    get { members.values }
    _modify {
      mayHoldContainer = true
      yield &members.values
    }
  }

  @usableFromInline
  var count: Int { members.keys.count }

  @usableFromInline
  func find(_ key: String) -> Int? { members.find(key) }

  /// Sets `key` to `value`, appending the key when it is new.
  @usableFromInline
  func set(_ key: String, _ value: JSON) {
    if value.isMaterializedContainer { mayHoldContainer = true }
    members.set(key, value)
  }

  /// Appends the member `key`, which is new, with the value `value`, without an index:
  /// for filling a box from a document, whose `rebuildIndex()` follows.
  func appendUnindexed(_ key: String, _ value: JSON) {
    if value.isMaterializedContainer { mayHoldContainer = true }
    members.keys.append(key)
    members.values.append(value)
  }

  /// Replaces the value at position `index` with `value`.
  func replaceValue(at index: Int, with value: JSON) {
    if value.isMaterializedContainer { mayHoldContainer = true }
    members.values[index] = value
  }

  /// The value at position `index`, moved out (`null` is left in its place, as
  /// `ArrayBox.take(at:)`; `replaceValue(at:with:)` puts it back).
  func takeValue(at index: Int) -> JSON {
    var value = JSON.null
    swap(&value, &members.values[index])
    return value
  }

  /// Removes `key`; returns its value, or `nil` when absent.
  @usableFromInline
  func remove(_ key: String) -> JSON? { members.remove(key) }

  /// Room for `count` members without growing the key and value arrays.
  func reserveCapacity(_ count: Int) { members.reserveCapacity(count) }

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
///
/// Freeing two levels recursively is harmless, and most boxes hold no container at all, so
/// the work list is decided by flags, not by a look at every value: each box keeps
/// `mayHoldContainer`, which every store of a materialized array or object into it sets (the
/// box's own methods look at the value stored; a change through `elements` or `values`,
/// which may store anything, sets it outright). A box whose flag is clear frees its values
/// at once; one whose flag is set looks at its values' boxes' flags, one read each, and
/// needs the work list only when one of them is set too (a grandchild may be a container).
///
/// Only a box's own contents are flagged, and a child's flag is read when the parent is
/// freed, not copied into the parent when the child is stored: a child can gain a container
/// after it was stored (changed in place through the parent, or, in the encoder, a box kept
/// and filled after it was stored), and its own flag records that where the parent's copy
/// would not. A flag is never cleared: a set flag with no container left costs only the look
/// at the values' flags.
///
/// `ObjectBox`'s flag costs no memory: its 48 bytes already take 64 from the allocator.
/// `ArrayBox`'s takes its 24 bytes to 25, and so 48 from the allocator instead of 32.
enum Teardown {
  @usableFromInline
  static func dismantle(_ values: inout [JSON]) {
    guard holdsNestedContainer(values) else { return }
    var pending: [JSON] = []
    swap(&pending, &values)
    while var value = pending.popLast() {
      if var box = value.takeArrayBox() {
        if isKnownUniquelyReferenced(&box) {
          pending.append(contentsOf: box.items)
          box.items = []
        }
      } else if var box = value.takeObjectBox() {
        if isKnownUniquelyReferenced(&box) {
          pending.append(contentsOf: box.members.values)
          box.members.values = []
        }
      }
    }
  }
}

extension Teardown {
  /// Whether a value of `values` is a materialized container that may hold a materialized
  /// container: then freeing `values` could recurse deeper than two levels.
  ///
  /// One flag read per container of `values`: the contents of each are not looked at. They
  /// were, at every box's `deinit`: freeing the paths of a value 10,001 levels deep looked at
  /// each of their 50 million components twice, and `[paths]` of it took 6.2 s of CPU in a
  /// debug build, 2.4 s now.
  static func holdsNestedContainer(_ values: [JSON]) -> Bool {
    for value in values {
      switch value.storage {
      case .array(let box): if box.mayHoldContainer { return true }
      case .object(let box): if box.mayHoldContainer { return true }
      default: continue
      }
    }
    return false
  }

  /// Whether a value of `values` is a materialized array or object.
  static func holdsContainer(_ values: ArraySlice<JSON>) -> Bool {
    for value in values where value.isMaterializedContainer { return true }
    return false
  }
}

extension JSON {
  /// Whether this value is an array or object built in code (a box, which holds its values),
  /// not one of a parsed document (which holds no `JSON`).
  @inline(__always)
  var isMaterializedContainer: Bool {
    switch storage {
    case .array, .object: return true
    default: return false
    }
  }

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
