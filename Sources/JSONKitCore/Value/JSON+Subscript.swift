// Subscripts: O(1) reads that never copy the tree, failed reads that say where, and writes
// that change only the containers on the path (SwiftyJSON's contract: a write past an
// array's end, or into a value that is not a container, does nothing).

extension JSON {
  /// The element at `index`, or a value whose `error` says why there is none.
  ///
  /// ```swift
  /// let json: JSON = [10, 20]
  /// json[1].int       // 20
  /// json[5].error     // Array index 5 is out of bounds (count 2) at [5]
  /// ```
  /// Setting replaces an existing element; out-of-range indexes and non-arrays are ignored.
  public subscript(index: Int) -> JSON {
    get {
      switch storage {
      case .invalid: return self
      case .array(let box):
        guard index >= 0 && index < box.elements.count else {
          return outOfBounds(index, box.elements.count)
        }
        return child(box.elements[index], .index(index))
      case .node(let document, let slot) where Slot.tag(slot) == Slot.arrayTag:
        let count = document.count(slot)
        guard index >= 0 && index < count else { return outOfBounds(index, count) }
        let position = Int(Slot.payload(slot)) &+ 1 &+ index
        return located(document, position, .index(index))
      default:
        return wrongType(expected: .array)
      }
    }
    set {
      guard newValue.exists(), let box = uniqueArrayBox(), index >= 0, index < box.elements.count
      else {
        return
      }
      box.replace(at: index, with: newValue.detached)
    }
    _modify {
      guard let box = uniqueArrayBox(), index >= 0, index < box.elements.count else {
        // Nothing to change: let the caller modify a throwaway value.
        var scratch = self[index]
        yield &scratch
        return
      }
      var element = box.take(at: index)
      defer { box.replace(at: index, with: element.exists() ? element.detached : .null) }
      yield &element
    }
  }

  /// The value for `key`, or a value whose `error` says why there is none.
  ///
  /// ```swift
  /// var json: JSON = ["user": ["name": "Ada"]]
  /// json["user"]["name"].string          // "Ada"
  /// json["user"]["age"] = 36             // adds the key
  /// json["user"]["address"].error        // Dictionary key 'address' does not exist at .user.address
  /// ```
  /// Setting adds or replaces the member of an object; on anything else it does nothing.
  public subscript(key: String) -> JSON {
    get {
      switch storage {
      case .invalid: return self
      case .object(let box):
        guard let i = box.find(key) else { return notFound(key) }
        return child(box.values[i], .key(key))
      case .node(let document, let slot) where Slot.tag(slot) == Slot.objectTag:
        guard let position = document.lookupPosition(slot, key) else { return notFound(key) }
        return located(document, position, .key(key))
      default:
        return wrongType(expected: .dictionary)
      }
    }
    set {
      guard newValue.exists(), let box = uniqueObjectBox() else { return }
      box.set(key, newValue.detached)
    }
    _modify {
      guard let box = uniqueObjectBox() else {
        var scratch = self[key]
        yield &scratch
        return
      }
      var value: JSON
      let existing = box.find(key)
      if let existing {
        value = box.takeValue(at: existing)
      } else {
        value = notFound(key)
      }
      defer {
        if let existing {
          box.replaceValue(at: existing, with: value.exists() ? value.detached : .null)
        } else if value.exists() {
          box.set(key, value.detached)
        }
      }
      yield &value
    }
  }

  /// The value at the end of `path`: `json[["users", 0, "name"]]`.
  public subscript(path: [JSONSubscriptType]) -> JSON {
    get {
      var value = self
      for step in path {
        switch step.jsonKey {
        case .index(let i): value = value[i]
        case .key(let k): value = value[k]
        }
        if !value.exists() { return value }
      }
      return value
    }
    set {
      guard let first = path.first else {
        self = newValue
        return
      }
      let rest = Array(path.dropFirst())
      switch first.jsonKey {
      case .index(let i):
        if rest.isEmpty { self[i] = newValue } else { self[i][rest] = newValue }
      case .key(let k):
        guard rest.isEmpty || self[k].exists() else { return }
        if rest.isEmpty { self[k] = newValue } else { self[k][rest] = newValue }
      }
    }
  }

  /// The value at the end of a path: `json[1, "list", 2, "name"]`;
  /// `json["list", 3, "what"] = "that"` writes through it.
  public subscript(path: JSONSubscriptType...) -> JSON {
    get { self[path] }
    set { self[path] = newValue }
  }

  // MARK: Helpers

  /// An element or member of a container built in code (or reached through one): it
  /// remembers the step in an allocated path node.
  @inline(__always)
  func child(_ value: JSON, _ component: JSONPathComponent) -> JSON {
    var value = value
    let parent: PathNode?
    if case .steps(let node) = trail { parent = node } else { parent = stepsFromDocument() }
    value.trail = .steps(PathNode(parent: parent, component: component))
    return value
  }

  /// The value whose slot is the tape word at `position` of `document`, this value's own
  /// document: it remembers only the position, and the document works out its path when
  /// one is needed, so that reading through subscripts allocates nothing.
  @inline(__always)
  func located(
    _ document: JSONDocument, _ position: Int, _ component: @autoclosure () -> JSONPathComponent
  ) -> JSON {
    let slot = document.tape[position]
    guard hasNoTrail, position < Int(UInt32.max) else {
      // Reached through a built container, or a tape beyond 2³² words: remember the step.
      return child(JSON(document: document, slot: slot), component())
    }
    var value = JSON(document: document, slot: slot)
    value.location = UInt32(truncatingIfNeeded: position &+ 1)
    // Nulls, booleans and inline integers do not hold their document: the trail does.
    if Slot.tag(slot) <= Slot.intTag { value.trail = .document(document) }
    return value
  }

  /// Whether `trail` is `nil`, tested without copying it.
  @inline(__always)
  var hasNoTrail: Bool {
    if case .none = trail { return true }
    return false
  }

  /// This value's path as path nodes, for a child that must remember its steps although
  /// this value remembers its place in a document (rare: a tape beyond 2³² words).
  private func stepsFromDocument() -> PathNode? {
    var node: PathNode?
    for component in path { node = PathNode(parent: node, component: component) }
    return node
  }

  func outOfBounds(_ index: Int, _ count: Int) -> JSON {
    JSON(failure: .indexOutOfBounds(parent: self, index: index, count: count))
  }

  func notFound(_ key: String) -> JSON {
    if case .node(let document, let slot) = storage, hasNoTrail,
      Slot.payload(slot) < UInt64(UInt32.max)
    {
      // An object of a document, at its place in it: no allocation (see `FailedAccess`).
      var missing = JSON(storage: .invalid(.missingKey(key)))
      missing.trail = .document(document)
      missing.location = UInt32(truncatingIfNeeded: Slot.payload(slot) &+ 1)
      return missing
    }
    return JSON(failure: .keyNotFound(parent: self, key: key))
  }

  func wrongType(expected: JSONType) -> JSON {
    JSON(failure: .wrongType(value: self, expected: expected))
  }

  /// Compact JSON text of this value, cut to about 40 characters, for error messages.
  var preview: String {
    let text = JSONWriter().string(detached)
    guard text.count > 40 else { return text }
    return String(text.prefix(37)) + "..."
  }

  /// This value's array storage, materialized from a document if needed and unshared, so
  /// that it can be changed in place; `nil` when this is not an array.
  mutating func uniqueArrayBox() -> ArrayBox? {
    if holdsArrayBox {
      // Moved out of `storage` before the test, as in `uniqueObjectBox`.
      guard case .array(var box) = takeStorage() else { return nil }
      if !isKnownUniquelyReferenced(&box) { box = ArrayBox(copying: box) }
      storage = .array(box)
      return box
    }
    switch storage {
    case .node(let document, let slot) where Slot.tag(slot) == Slot.arrayTag:
      keepPathWithoutDocument()
      let count = document.count(slot)
      var elements: [JSON] = []
      elements.reserveCapacity(count)
      for i in 0..<count {
        elements.append(JSON(document: document, slot: document.element(slot, i)))
      }
      // A document's values are scalars or document nodes, never boxes.
      let box = ArrayBox(withoutContainers: elements)
      storage = .array(box)
      return box
    default:
      return nil
    }
  }

  /// Before a document value becomes a built container: its path, which its place in the
  /// document gave, is kept as steps.
  private mutating func keepPathWithoutDocument() {
    guard location != 0, hasNoTrail else { return }
    if let node = stepsFromDocument() { trail = .steps(node) }
    location = 0
  }

  /// This value's storage, leaving `.null` in its place: the caller holds the only
  /// reference this value had.
  private mutating func takeStorage() -> Storage {
    var taken = Storage.null
    swap(&taken, &storage)
    return taken
  }

  /// Whether `storage` is a materialized object.
  ///
  /// A plain test, so that no copy of
  /// `storage` is alive when `uniqueObjectBox` checks the box's uniqueness.
  private var holdsObjectBox: Bool {
    if case .object = storage { return true }
    return false
  }

  /// Whether `storage` is a materialized array (see `holdsObjectBox`).
  private var holdsArrayBox: Bool {
    if case .array = storage { return true }
    return false
  }

  /// This value's object storage, materialized and unshared; `nil` when not an object.
  mutating func uniqueObjectBox() -> ObjectBox? {
    if holdsObjectBox {
      // Move the box out of `storage` before testing it. Bound by a `switch` over
      // `storage`, the box had a second reference (the switch's copy of `storage`) during
      // the test, which then always failed: every insert copied the whole object, and
      // 100,000 inserts took 16 s.
      guard case .object(var box) = takeStorage() else { return nil }
      if !isKnownUniquelyReferenced(&box) { box = ObjectBox(copying: box) }
      storage = .object(box)
      return box
    }
    switch storage {
    case .node(let document, let slot) where Slot.tag(slot) == Slot.objectTag:
      keepPathWithoutDocument()
      let box = ObjectBox()
      let count = document.count(slot)
      box.reserveCapacity(count)
      for i in 0..<count {
        box.appendUnindexed(
          document.keyString(document.memberKey(slot, i)),
          JSON(document: document, slot: document.memberValue(slot, i)))
      }
      box.rebuildIndex()
      storage = .object(box)
      return box
    default:
      return nil
    }
  }
}
