import JSONKitCore

extension Executor {
  /// Every path `ast` designates in `input` (jq's `path(f)`).
  func paths(_ node: Node, _ input: JSON, _ frame: Frame?) throws -> Generator {
    try evaluate(node, Item(value: input, path: []), frame).flatMap { item in
      guard let path = item.path else {
        throw QueryError.runtime(
          "Invalid path expression with result \(ValueOps.preview(item.value))")
      }
      return .one(Item(value: JSON(array: path), path: nil))
    }
  }

  /// `.[] |= f` (`map_values(f)`) on an array or object: each element or member replaced by
  /// the first output of `f`, and left out when there is none, as jq 1.8's `_modify` (which
  /// deletes those paths after the updates). Built as a new container in one pass instead of
  /// one path lookup and one `setpath` per element. `nil` for other values (the general
  /// path handles them and their errors).
  private func updateEach(_ root: JSON, _ f: Node, _ frame: Frame?) throws -> JSON? {
    func first(_ value: JSON) throws -> JSON? {
      let input = Item(value: value, path: nil)
      if f.single { return try evaluateSingle(f, input, frame).value }
      return try evaluate(f, input, frame).next()?.value
    }
    switch root.type {
    case .array:
      var elements: [JSON] = []
      elements.reserveCapacity(root.count)
      for element in ValueOps.elements(root) {
        try step()
        if let new = try first(element) { elements.append(new) }
      }
      return JSON(array: elements)
    case .dictionary:
      // The keys stay as they are: no lookup or hashing per member.
      return try root.mappingMemberValues { member in
        try step()
        return try first(member)
      }
    default:
      return nil
    }
  }

  /// The one path of `.a`, `.a.b`, `.[0]`, `."k"[1]` and other chains of constant keys
  /// (strings or numbers) from `.`; `nil` for any other path expression. Such a path
  /// expression fails on a value exactly where `PathOps.get` along its path fails.
  static func constantPath(_ node: Node) -> ArraySlice<JSON>? {
    switch node.op {
    case .identity:
      return []
    case .index(let target, let key):
      guard case .literal(let constant) = key.op,
        constant.type == .string || constant.type == .number,
        var path = constantPath(target)
      else { return nil }
      path.append(constant)
      return path
    default:
      return nil
    }
  }

  /// `lhs = rhs`, `lhs |= f`, `lhs += rhs`, `lhs //= rhs`.
  func assign(_ op: AssignOperator, _ lhs: Node, _ rhs: Node, _ input: Item, _ frame: Frame?) throws
    -> Generator
  {
    let root = input.value
    switch op {
    case .update:
      if case .iterate(let target) = lhs.op, case .identity = target.op,
        let updated = try updateEach(root, rhs, frame)
      {
        return .one(Item(value: updated, path: nil))
      }
      if rhs.single, let path = Self.constantPath(lhs) {
        // One path known without evaluating anything (`.value |= f` in `with_entries`):
        // no path generator, no path array made and read back.
        var result = root
        let new = try evaluateSingle(
          rhs, Item(value: try PathOps.get(root, path), path: nil), frame)
        try PathOps.set(&result, path, new.value)
        return .one(Item(value: result, path: nil))
      }
      var result = root
      var deletions: [JSON] = []
      let targets = try paths(lhs, root, frame)
      while let path = try targets.next() {
        let components = ValueOps.elements(path.value)
        let old = try PathOps.get(result, components[...])
        let new =
          rhs.single
          ? try evaluateSingle(rhs, Item(value: old, path: nil), frame)
          : try evaluate(rhs, Item(value: old, path: nil), frame).next()
        if let new {
          // In place: `result` alone holds the containers it changed before, so each
          // update costs the path's length, not the value's size.
          try PathOps.set(&result, components[...], new.value)
        } else {
          deletions.append(path.value)
        }
      }
      if !deletions.isEmpty { result = try PathOps.delete(result, deletions) }
      return .one(Item(value: result, path: nil))
    default:
      let constant = Self.constantPath(lhs)
      return try evaluateValues(rhs, input, frame).flatMap { r in
        var result = root
        if let constant {
          try Self.combine(op, at: constant, of: &result, with: r.value)
          return .one(Item(value: result, path: nil))
        }
        let targets = try self.paths(lhs, root, frame)
        while let path = try targets.next() {
          try Self.combine(op, at: ValueOps.elements(path.value)[...], of: &result, with: r.value)
        }
        return .one(Item(value: result, path: nil))
      }
    }
  }

  /// `=`, `//=` or an arithmetic update (`+=`, …) of the value at `path` in `result`
  /// (`assign`, and `assignInPlace` for `reduce`/`foreach` accumulators).
  static func combine(
    _ op: AssignOperator, at path: ArraySlice<JSON>, of result: inout JSON, with right: JSON
  ) throws {
    let new: JSON
    switch op {
    case .set: new = right
    case .alternative:
      let old = try PathOps.get(result, path)
      new = ValueOps.isTruthy(old) ? old : right
    default:
      let old = try PathOps.get(result, path)
      let binary = BinaryOperator(rawValue: String(op.rawValue.dropLast()))!
      new = try ValueOps.arithmetic(binary, old, right)
    }
    try PathOps.set(&result, path, new)
  }
}

/// `getpath`, `setpath`, `delpaths` over values.
enum PathOps {
  static func get(_ value: JSON, _ path: ArraySlice<JSON>) throws(QueryError) -> JSON {
    guard let first = path.first else { return value }
    // jq's `jv_get`: null has a null member at a key, an index or a slice, and no other.
    if value.type == .null {
      switch first.type {
      case .string, .number, .dictionary: return .null
      default: throw .runtime("Cannot index null with \(ValueOps.describe(first))")
      }
    }
    return try get(try ValueOps.index(value, first), path.dropFirst())
  }

  static func set(_ value: JSON, _ path: ArraySlice<JSON>, _ new: JSON) throws(QueryError) -> JSON {
    var result = value
    try set(&result, path, new)
    return result
  }

  /// `setpath` in place: the containers on the path are changed where `value` holds them
  /// alone, and copied (once) where they are shared, so setting one path of an accumulator
  /// costs the path's length, not the value's size.
  static func set(_ value: inout JSON, _ path: ArraySlice<JSON>, _ new: JSON) throws(QueryError) {
    guard let key = path.first else {
      value = new
      return
    }
    switch (value.type, key.type) {
    case (.dictionary, .string), (.null, .string):
      if value.type == .null { value = JSON([:]) }
      let rest = path.dropFirst()
      try value.withUniqueMember(key.stringValue) { (child: inout JSON) throws(QueryError) in
        try set(&child, rest, new)
      }
    case (.array, .number), (.null, .number):
      guard !key.jqDouble.isNaN else { throw .runtime("Cannot set array element at NaN index") }
      var i = ValueOps.clampedInt(key.jqDouble.rounded(.down))
      if value.type == .null { value = JSON(array: []) }
      if i < 0 {
        i += value.count
        if i < 0 { throw .runtime("Out of bounds negative array index") }
      }
      if i > 536_870_911 { throw .runtime("Array index too large") }
      let rest = path.dropFirst()
      try value.withUniqueElements { (items: inout [JSON]) throws(QueryError) in
        // One exact allocation for the padding (appending one by one doubled the buffer and
        // copied it: 55 bytes per null at 10 million, 16 now).
        if items.count <= i {
          items.append(contentsOf: repeatElement(JSON.null, count: i + 1 - items.count))
        }
        try set(&items[i], rest, new)
      }
    case (.array, .dictionary), (.null, .dictionary):
      var items = ValueOps.elements(value)
      let range = try ValueOps.sliceBounds(count: items.count, of: key)
      let replacement = try set(JSON(array: Array(items[range])), path.dropFirst(), new)
      guard replacement.type == .array else {
        throw .runtime("A slice of an array can only be assigned another array")
      }
      items.replaceSubrange(range, with: ValueOps.elements(replacement))
      value = JSON(array: items)
    case (.string, .dictionary):
      // jq reads the slice first (`jv_setpath`'s `jv_get`): a bad slice key says so.
      _ = try ValueOps.sliceMembers(key)
      throw .runtime("Cannot update string slices")
    case (.array, .array):
      throw .runtime("Cannot update field at array index of array")
    default:
      _ = try ValueOps.index(value, key)
      throw .runtime("Cannot update field at object index of \(ValueOps.typeName(value))")
    }
  }

  static func delete(_ value: JSON, _ paths: [JSON]) throws(QueryError) -> JSON {
    var result = value
    var spelled: [[JSON]] = []
    spelled.reserveCapacity(paths.count)
    for path in paths { spelledOut(ValueOps.elements(path), in: value, into: &spelled) }
    // Last first, so that deleting one element does not move those still to delete. Sorted
    // as their elements (`JSON.compare` of the arrays, without making them arrays again).
    spelled.sort { JSON.compareElements($0, $1) > 0 }
    // A path named twice (`[[0], [0]]`, `[[0], [-3]]` of 3 elements) is deleted once.
    var previous: [JSON]?
    do {
      for path in spelled {
        if let previous, JSON.compareElements(previous, path) == 0 { continue }
        previous = path
        try delete(&result, path[...])
      }
    } catch {
      // jq (`delpaths_sorted`) goes from the first path up and stops at the first that
      // fails: its error is the one to report, not that of the last path.
      for path in spelled.reversed() {
        var probe = value
        try delete(&probe, path[...])
      }
      throw error
    }
    return result
  }

  /// `path` against the value as it was before any deletion, as jq deletes: a negative
  /// index counted from the end of its array, and a final slice of an array written out as
  /// its indices, so that `del(.[1], .[-6], .[-3:9])` deletes exactly what each names in
  /// the original array, whatever order the deletions run in. Appends the components of
  /// each spelled-out path to `spelled`.
  static func spelledOut(_ path: [JSON], in value: JSON, into spelled: inout [[JSON]]) {
    // Keys and indexes from 0 up name the same thing before and after any deletion: such a
    // path (all that `paths(f)` gives) is its own spelling.
    if !path.contains(where: { $0.type != .string && !isPlainIndex($0) }) {
      spelled.append(path)
      return
    }
    var current: JSON? = value
    var prefix: [JSON] = []
    for (position, component) in path.enumerated() {
      guard let container = current, container.type == .array else {
        spelled.append(prefix + path[position...])
        return
      }
      if component.type == .dictionary, position == path.count - 1,
        let range = try? ValueOps.sliceBounds(count: container.count, of: component)
      {
        for index in range { spelled.append(prefix + [JSON(index)]) }
        return
      }
      var step = component
      if component.type == .number, component.jqDouble < 0, component.jqDouble.isFinite {
        let index = component.jqDouble.rounded(.down) + Double(container.count)
        if index >= 0 { step = JSON(Int(index)) }
      }
      prefix.append(step)
      current = try? ValueOps.index(container, step)
    }
    spelled.append(prefix)
  }

  /// A number that is not negative (or is NaN or infinite): the loop in `spelledOut` keeps
  /// it as it is.
  private static func isPlainIndex(_ component: JSON) -> Bool {
    guard component.type == .number else { return false }
    let index = component.jqDouble
    return !(index < 0 && index.isFinite)
  }

  @inline(never)
  private static func isNull(_ value: JSON, _ key: JSON) throws(QueryError) -> Bool {
    try ValueOps.index(value, key).type == .null
  }

  /// Deletes `path` from `value` in place (see `set(_:_:_:)` for what is copied).
  static func delete(_ value: inout JSON, _ path: ArraySlice<JSON>) throws(QueryError) {
    guard let key = path.first else {
      value = .null
      return
    }
    if value.type == .null { return }
    if path.count == 1 {
      switch (value.type, key.type) {
      case (.dictionary, .string):
        value.removeUniqueMember(key.stringValue)
      case (.array, .number):
        // A NaN index names no element: nothing is deleted.
        guard !key.jqDouble.isNaN else { return }
        var i = ValueOps.clampedInt(key.jqDouble.rounded(.down))
        if i < 0 { i += value.count }
        if i >= 0, i < value.count {
          value.withUniqueElements { (items: inout [JSON]) in _ = items.remove(at: i) }
        }
      case (.array, .dictionary):
        let range = try ValueOps.sliceBounds(count: value.count, of: key)
        value.withUniqueElements { (items: inout [JSON]) in items.removeSubrange(range) }
      // jq's `jv_dels` words.
      case (.array, _):
        throw .runtime("Cannot delete \(ValueOps.typeName(key)) element of array")
      case (.dictionary, _):
        throw .runtime("Cannot delete \(ValueOps.typeName(key)) field of object")
      default:
        throw .runtime("Cannot delete fields from \(ValueOps.typeName(value))")
      }
      return
    }
    // Nothing to delete inside a missing or null member: the value stays as it is (no
    // `"key": null` appears). Tested in a function of its own so that no copy of the child
    // is alive while it is changed below: a second reference would make the child look
    // shared, and every deletion would copy it whole (quadratic `delpaths` of many paths).
    if try isNull(value, key) { return }
    let rest = path.dropFirst()
    switch (value.type, key.type) {
    case (.dictionary, .string):
      try value.withUniqueMember(key.stringValue) { (member: inout JSON) throws(QueryError) in
        try delete(&member, rest)
      }
    case (.array, .number):
      var i = ValueOps.clampedInt(key.jqDouble.rounded(.down))
      if i < 0 { i += value.count }
      try value.withUniqueElements { (items: inout [JSON]) throws(QueryError) in
        try delete(&items[i], rest)
      }
    default:
      var changed = try ValueOps.index(value, key)
      try delete(&changed, rest)
      try set(&value, path.prefix(1), changed)
    }
  }
}
