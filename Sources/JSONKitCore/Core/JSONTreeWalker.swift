/// Walks a value depth first, each value before its children (jq's `recurse` order), and
/// keeps the path of the value it is at as one growing array of components.
///
/// For `paths`, `paths(f)`, `tostream` and the like. The path is changed in place as the walk
/// moves (one component replaced or appended per step) and copied only when a caller asks
/// for it as a value (`pathValue()`); children are read from their container where they
/// are (the document's tape or a box), not copied into arrays first, and a child becomes a
/// `JSON` only when `value` is asked for. Keys of a parsed document are made into strings
/// once per distinct key (a document interns its keys: twitter.json has 13,000 keys, a few
/// hundred distinct), so a path component costs a reference, not a copy of the key's text.
///
/// ```swift
/// let walker = JSONTreeWalker(["a": [1, 2]], closings: false)
/// while walker.next() != nil {
///   print(walker.pathValue())   // [], ["a"], ["a",0], ["a",1]
/// }
/// ```
///
/// A class, so that a caller keeping it between steps (a generator's state) does not copy
/// it to call a method. Containers are held unretained: everything under `root` is
/// immutable while `root` holds it (a box that is shared is copied, never changed, by
/// whoever changes a value that shares it), and the walk holds `root`.
package final class JSONTreeWalker {
  /// What a step of the walk reached.
  package enum Event {
    /// A value (`value`); `path` is its path and `hasChildren` says whether its children
    /// come next.
    case value
    /// Every child of a non-empty container was walked (only with `closings`); `path` is
    /// the path of its last child.
    case close
  }

  // Safe: unretained: `root` holds every container of the walk (and so each one here) until the
  // walk ends.
  /// A container, unretained (see the type's note).
  private enum Container {
    case node(Unmanaged<JSONDocument>, UInt64)
    case array(Unmanaged<ArrayBox>)
    case object(Unmanaged<ObjectBox>)
  }

  /// A container whose children are being walked.
  private struct Level {
    let container: Container
    let count: Int
    var next = 0
  }

  private let root: JSON
  private let closings: Bool
  // Unchecked: each access to a class's stored property is otherwise checked for
  // exclusivity at run time, and the walk is used by one thread at a time.
  @exclusivity(unchecked) private var levels: [Level] = []
  @exclusivity(unchecked) private var components: [JSON] = []
  /// The value reached last: a child of `current`'s container, or the root.
  @exclusivity(unchecked) private var current: Container?
  @exclusivity(unchecked) private var currentIndex = 0
  @exclusivity(unchecked) private var started = false
  /// Whether the last `.value` event reached a non-empty array or object (its children
  /// follow).
  @exclusivity(unchecked) package private(set) var hasChildren = false
  /// The key strings of `keyDocument`, by key id, made on first use (`.null`: not yet).
  @exclusivity(unchecked) private var keyStrings: [JSON] = []
  @exclusivity(unchecked) private var keyDocument: JSONDocument?

  /// A walk of `root`; `closings` asks for a `.close` event after the last child of each
  /// non-empty container.
  package init(_ root: JSON, closings: Bool) {
    self.root = root.detached
    self.closings = closings
  }

  /// The path of the value reached (or, after `.close`, of the closed container's last
  /// child), as components.
  package var path: [JSON] { components }

  /// The number of components of `path`.
  package var depth: Int { components.count }

  /// The value reached by the last `.value` event.
  package var value: JSON {
    guard let current else { return root }
    switch current {
    case .node(let document, let slot):
      let document = document.takeUnretainedValue()
      let i = currentIndex
      return JSON(
        document: document,
        slot: Slot.tag(slot) == Slot.objectTag
          ? document.memberValue(slot, i) : document.element(slot, i))
    case .array(let box): return box.takeUnretainedValue().elements[currentIndex]
    case .object(let box): return box.takeUnretainedValue().members.values[currentIndex]
    }
  }

  /// Moves to the next value (or closing), or returns `nil` when the walk is over.
  package func next() -> Event? {
    if !started {
      started = true
      enter(root.storage)
      return .value
    }
    while let top = levels.indices.last {
      let i = levels[top].next
      if i < levels[top].count {
        levels[top].next = i &+ 1
        let container = levels[top].container
        current = container
        currentIndex = i
        // The parent's own path is `components[0..<top]`; a deeper walk may have left more.
        while components.count > top { components.removeLast() }
        switch container {
        case .node(let unmanaged, let slot):
          let document = unmanaged.takeUnretainedValue()
          if Slot.tag(slot) == Slot.objectTag {
            components.append(key(document, document.memberKey(slot, i)))
            enter(document, document.memberValue(slot, i))
          } else {
            components.append(JSON(storage: .number(.int(Int64(i)))))
            enter(document, document.element(slot, i))
          }
        case .array(let box):
          components.append(JSON(storage: .number(.int(Int64(i)))))
          enter(box.takeUnretainedValue().elements[i].storage)
        case .object(let box):
          let members = box.takeUnretainedValue()
          components.append(JSON(storage: .string(members.members.keys[i])))
          enter(members.members.values[i].storage)
        }
        return .value
      }
      levels.removeLast()
      if closings {
        while components.count > top &+ 1 { components.removeLast() }
        return .close
      }
    }
    return nil
  }

  /// The path as an array value: a copy of exactly its length, so the walk's own array
  /// stays unshared and keeps being changed in place.
  package func pathValue() -> JSON {
    // Keys and indexes: no component is a container, so the box need not look at them.
    JSON(storage: .array(ArrayBox(withoutContainers: JSON.detachedCopy(components))))
  }

  /// Reached a slot of `document`: its children come next if it is a non-empty container.
  private func enter(_ document: JSONDocument, _ slot: UInt64) {
    let tag = Slot.tag(slot)
    guard tag == Slot.arrayTag || tag == Slot.objectTag else {
      hasChildren = false
      return
    }
    let count = document.count(slot)
    hasChildren = count > 0
    if hasChildren {
      // Safe: `root` holds every container of the walk until it ends.
      levels.append(Level(container: .node(Unmanaged.passUnretained(document), slot), count: count))
    }
  }

  /// Reached a value stored as `storage`: its children come next if it is a non-empty
  /// container.
  private func enter(_ storage: JSON.Storage) {
    // Safe: `root` holds every container of the walk until it ends.
    switch storage {
    case .node(let document, let slot):
      enter(document, slot)
    case .array(let box):
      let count = box.elements.count
      hasChildren = count > 0
      if hasChildren {
        levels.append(Level(container: .array(Unmanaged.passUnretained(box)), count: count))
      }
    case .object(let box):
      let count = box.count
      hasChildren = count > 0
      if hasChildren {
        levels.append(Level(container: .object(Unmanaged.passUnretained(box)), count: count))
      }
    default:
      hasChildren = false
    }
  }

  /// Key `id` of `document` as a string value, made once per distinct key.
  private func key(_ document: JSONDocument, _ id: Int) -> JSON {
    if keyDocument !== document {
      keyDocument = document
      keyStrings = Array(repeating: .null, count: document.keys.count)
    }
    assert(id >= 0 && id < keyStrings.count, "key id outside the document's key table")
    if case .null = keyStrings[id].storage {
      keyStrings[id] = JSON(storage: .string(document.keyString(id)))
    }
    return keyStrings[id]
  }
}

extension JSON {
  /// An array of values that carry no path (`detached`), in a buffer of their count.
  ///
  /// `init(array:)` strips each element's path first, which costs an array copy; values
  /// that come out of containers or were built in code have none to strip.
  ///
  /// Only the last element is checked (in debug builds): a walk's path grows by one
  /// component at a time, each the last when it is added, and checking them all cost the
  /// path's length per path: the paths of a value 10,001 levels deep checked 50 million
  /// components (see `Teardown.holdsNestedContainer` for the time).
  package static func detachedArray(_ elements: [JSON]) -> JSON {
    JSON(storage: .array(ArrayBox(detachedCopy(elements))))
  }

  /// A copy of `elements`, values that carry no path, in a buffer of their count (see
  /// `detachedArray(_:)`).
  static func detachedCopy(_ elements: [JSON]) -> [JSON] {
    assert(elements.last?.isDetached ?? true, "element with a path")
    var copy: [JSON] = []
    copy.reserveCapacity(elements.count)
    // One by one: `append(contentsOf:)` copies through the runtime's generic
    // `swift_arrayInitWithCopy`, a value-witness call per element (twice the instructions).
    for element in elements { copy.append(element) }
    return copy
  }
}
