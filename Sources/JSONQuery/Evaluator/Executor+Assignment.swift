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
  /// deletes those paths after the updates).
  ///
  /// Built as a new container in one pass instead of
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
  /// (strings or numbers) from `.`; `nil` for any other path expression.
  ///
  /// Such a path
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
          try Self.combine(op, at: constant, of: &result, with: r.value, budget: self.memory)
          return .one(Item(value: result, path: nil))
        }
        let targets = try self.paths(lhs, root, frame)
        while let path = try targets.next() {
          try Self.combine(
            op, at: ValueOps.elements(path.value)[...], of: &result, with: r.value,
            budget: self.memory)
        }
        return .one(Item(value: result, path: nil))
      }
    }
  }

  /// `=`, `//=` or an arithmetic update (`+=`, …) of the value at `path` in `result`
  /// (`assign`, and `assignInPlace` for `reduce`/`foreach` accumulators), within the run's
  /// memory `budget`.
  static func combine(
    _ op: AssignOperator, at path: ArraySlice<JSON>, of result: inout JSON, with right: JSON,
    budget: MemoryBudget?
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
      new = try ValueOps.arithmetic(binary, old, right, budget: budget)
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
          try MemoryBudget.charge(
            (i + 1 - items.count) * MemoryBudget.bytesPerElement, "an array of \(i + 1) values")
          items.append(contentsOf: repeatElement(JSON.null, count: i + 1 - items.count))
        }
        try set(&items[i], rest, new)
      }
    case (.array, .dictionary), (.null, .dictionary):
      if value.type == .null { value = JSON(array: []) }
      let range = try ValueOps.sliceBounds(count: value.count, of: key)
      let slice = JSON(array: ValueOps.elements(value, range))
      let replacement = try set(slice, path.dropFirst(), new)
      guard replacement.type == .array else {
        throw .runtime("A slice of an array can only be assigned another array")
      }
      // In place, as jq's `jv_set`: a slice replaced by as many elements costs their number,
      // not the array's length (`.[range(n) | {start: ., end: (. + 1)}] = [1]` was
      // quadratic); one of another length moves the elements after it once.
      value.withUniqueElements { (items: inout [JSON]) in
        items.replaceSubrange(range, with: ValueOps.elements(replacement))
      }
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

  /// `delpaths(paths)` as jq's `jv_delpaths`: the paths sorted, then deleted level by level,
  /// all the keys one container loses at once (`jv_dels`), each container visited once: the
  /// whole deletion costs the paths and the containers they touch, not one pass of a
  /// container per path (`del(.[range(0; n; 2)])` was quadratic).
  ///
  /// Every index is read
  /// against the container as it was: `del(.[0], .[-1], .[1.5])` of `[0, 1, 2, 3]` deletes
  /// the elements at 0, 3 and 1.
  static func delete(_ value: JSON, _ paths: [JSON]) throws(QueryError) -> JSON {
    var sorted = paths.map { ValueOps.elements($0) }
    sorted.sort { JSON.compareElements($0, $1) < 0 }
    guard let first = sorted.first else { return value }
    // The empty path sorts first: everything is deleted.
    if first.isEmpty { return .null }
    var result = value
    try delete(&result, sorted[...], depth: 0)
    return result
  }

  /// jq's `delpaths_sorted`: deletes `paths` (sorted, each longer than `depth`) from
  /// `value`, whose path is their first `depth` components.
  private static func delete(_ value: inout JSON, _ paths: ArraySlice<[JSON]>, depth: Int)
    throws(QueryError)
  {
    var keys: [JSON] = []
    var start = paths.startIndex
    while start < paths.endIndex {
      let key = paths[start][depth]
      var end = start + 1
      while end < paths.endIndex, JSON.compare(paths[end][depth], key) == 0 { end += 1 }
      if paths[start].count == depth + 1 {
        // The whole member goes: deletions inside it do not matter.
        keys.append(key)
      } else if try !isNull(value, key) {
        var child = try ValueOps.index(value, key)
        try delete(&child, paths[start..<end], depth: depth + 1)
        try set(&value, [key], child)
      }
      start = end
    }
    if !keys.isEmpty { try deleteKeys(&value, keys) }
  }

  /// jq's `jv_dels`: removes `keys` (sorted) from the array or object `value` in one pass,
  /// each index or slice read against the array as it was.
  private static func deleteKeys(_ value: inout JSON, _ keys: [JSON]) throws(QueryError) {
    switch value.type {
    case .null:
      return
    case .array:
      let count = value.count
      var doomed = [Bool](repeating: false, count: count)
      for key in keys {
        switch key.type {
        case .number:
          let d = key.jqDouble
          // A NaN index names no element.
          if d.isNaN { continue }
          var i = ValueOps.clampedInt(d)
          if i < 0 { i += count }
          if i >= 0, i < count { doomed[i] = true }
        case .dictionary:
          for i in try ValueOps.sliceBounds(count: count, of: key) { doomed[i] = true }
        default:
          throw .runtime("Cannot delete \(ValueOps.typeName(key)) element of array")
        }
      }
      value.withUniqueElements { (items: inout [JSON]) in
        var kept = 0
        for i in items.indices where !doomed[i] {
          items.swapAt(kept, i)
          kept += 1
        }
        items.removeSubrange(kept...)
      }
    case .dictionary:
      var names: Set<String> = []
      for key in keys {
        guard key.type == .string else {
          throw .runtime("Cannot delete \(ValueOps.typeName(key)) field of object")
        }
        names.insert(key.stringValue)
      }
      var kept: [(String, JSON)] = []
      kept.reserveCapacity(value.count)
      value.forEachMember { name, member in
        if !names.contains(name) { kept.append((name, member)) }
      }
      value = JSON(members: kept)
    default:
      throw .runtime("Cannot delete fields from \(ValueOps.typeName(value))")
    }
  }

  @inline(never)
  private static func isNull(_ value: JSON, _ key: JSON) throws(QueryError) -> Bool {
    try ValueOps.index(value, key).type == .null
  }
}
