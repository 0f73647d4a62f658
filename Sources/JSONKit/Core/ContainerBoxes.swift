/// The storage of an array built or modified in code.
///
/// `@unchecked Sendable`: a box is shared between `JSON` copies and mutated only after
/// `isKnownUniquelyReferenced` proved it is not shared (copy-on-write), exactly as
/// `Array`'s own buffer is.
@usableFromInline
final class ArrayBox: @unchecked Sendable {
  @usableFromInline var elements: [JSON]

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
  @usableFromInline var keys: [String]
  @usableFromInline var values: [JSON]
  @usableFromInline var index: [String: Int]?

  static let indexThreshold = 8

  @usableFromInline
  init() {
    keys = []
    values = []
    index = nil
  }

  @usableFromInline
  init(copying other: ObjectBox) {
    keys = other.keys
    values = other.values
    index = other.index
  }

  deinit { Teardown.dismantle(&values) }

  @usableFromInline
  var count: Int { keys.count }

  @usableFromInline
  func find(_ key: String) -> Int? {
    if let index { return index[key] }
    return keys.firstIndex(of: key)
  }

  /// Sets `key` to `value`, appending the key when it is new.
  @usableFromInline
  func set(_ key: String, _ value: JSON) {
    if let i = find(key) {
      values[i] = value
      return
    }
    keys.append(key)
    values.append(value)
    if index != nil {
      index![key] = keys.count - 1
    } else if keys.count > Self.indexThreshold {
      rebuildIndex()
    }
  }

  /// Removes `key`; returns its value, or `nil` when absent.
  @usableFromInline
  func remove(_ key: String) -> JSON? {
    guard let i = find(key) else { return nil }
    keys.remove(at: i)
    let value = values.remove(at: i)
    if index != nil { rebuildIndex() }
    return value
  }

  func rebuildIndex() {
    if keys.count <= Self.indexThreshold {
      index = nil
      return
    }
    var built = [String: Int](minimumCapacity: keys.count)
    for (i, key) in keys.enumerated() { built[key] = i }
    index = built
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
    guard values.contains(where: \.isMaterializedContainer) else { return }
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

extension JSON {
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
