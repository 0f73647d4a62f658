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
///
/// Each walks its path in a loop, holding the containers it passes in an explicit stack: the
/// native stack they need does not grow with the path (10,000 levels, jq's limit, under any
/// thread's stack and under AddressSanitizer's larger frames).
enum PathOps {
  static func get(_ value: JSON, _ path: ArraySlice<JSON>) throws(QueryError) -> JSON {
    var value = value
    for key in path {
      // jq's `jv_get`: null has a null member at a key, an index or a slice, and no other.
      if value.type == .null {
        switch key.type {
        case .string, .number, .dictionary: return .null
        default: throw .runtime("Cannot index null with \(ValueOps.describe(key))")
        }
      }
      value = try ValueOps.index(value, key)
    }
    return value
  }

  static func set(_ value: JSON, _ path: ArraySlice<JSON>, _ new: JSON) throws(QueryError) -> JSON {
    var result = value
    try set(&result, path, new)
    return result
  }

  /// A container `set` passed on its way down, and where the value below it goes back.
  private struct Level {
    var container: JSON
    var place: Place
  }

  /// Where a changed value goes back into its container.
  private enum Place {
    /// The element at this index (moved out, `null` in its place meanwhile).
    case element(Int)
    /// The member `key` at `slot` (moved out), or a new member when `slot` is `nil`.
    case member(key: String, slot: Int?)
    /// The elements in this range, replaced by those of an array (a copy went down).
    case slice(Range<Int>)
  }

  /// `setpath` in place: the containers on the path are changed where `value` holds them
  /// alone, and copied (once) where they are shared, so setting one path of an accumulator
  /// costs the path's length, not the value's size.
  ///
  /// Down the path, each container's child on the path is moved out of it (so that the
  /// child, held once, is changed in place too); back up, each changed child is put back.
  /// An error on the way puts back what was taken, as it was.
  static func set(_ value: inout JSON, _ path: ArraySlice<JSON>, _ new: JSON) throws(QueryError) {
    guard !path.isEmpty else {
      value = new
      return
    }
    // Safe: `path` is not empty, so the allocation has a base; one level is initialized per
    // key (`depth <= path.count`), and each is moved out again, last first, before the closure
    // returns, after an error too.
    // On the native stack for an ordinary path, on the heap for a long one.
    try withUnsafeTemporaryAllocation(of: Level.self, capacity: path.count) {
      (levels: UnsafeMutableBufferPointer<Level>) throws(QueryError) in
      let base = levels.baseAddress!
      var depth = 0
      var current = JSON.null
      swap(&current, &value)
      var failure: QueryError?
      for key in path {
        do throws(QueryError) {
          // Swapped, not copied: a copy would be a second reference to each container.
          var (child, place) = try descend(&current, key)
          swap(&current, &child)
          (base + depth).initialize(to: Level(container: child, place: place))
          depth += 1
        } catch {
          failure = error
          break
        }
      }
      if failure == nil { current = new }
      while depth > 0 {
        depth -= 1
        var level = (base + depth).move()
        switch level.place {
        case .element(let i):
          level.container.withUniqueElements { (items: inout [JSON]) in swap(&items[i], &current) }
        case .member(let key, let slot):
          level.container.restoreUniqueMember(key, current, at: slot)
        case .slice(let range):
          // After an error the container goes back as it was (a slice's copy went down).
          guard failure == nil else { break }
          guard current.type == .array else {
            failure = .runtime("A slice of an array can only be assigned another array")
            break
          }
          // In place, as jq's `jv_set`: a slice replaced by as many elements costs their
          // number, not the array's length (`.[range(n) | {start: ., end: (. + 1)}] = [1]`
          // was quadratic); one of another length moves the elements after it once.
          let replacement = ValueOps.elements(current)
          level.container.withUniqueElements { (items: inout [JSON]) in
            items.replaceSubrange(range, with: replacement)
          }
        }
        swap(&current, &level.container)
      }
      swap(&value, &current)
      if let failure { throw failure }
    }
  }

  /// One step of `set` down the path: `container`'s child at `key`, moved out of it (the
  /// container made a unique array or object first, from `null` too), and where it goes
  /// back; jq's errors for a key the container cannot have, before anything changes.
  private static func descend(_ container: inout JSON, _ key: JSON) throws(QueryError) -> (
    JSON, Place
  ) {
    switch (container.type, key.type) {
    case (.dictionary, .string), (.null, .string):
      if container.type == .null { container = JSON([:]) }
      let name = key.stringValue
      let (child, slot) = container.takeUniqueMember(name)!
      return (child, .member(key: name, slot: slot))
    case (.array, .number), (.null, .number):
      guard !key.jqDouble.isNaN else { throw .runtime("Cannot set array element at NaN index") }
      // jq's `jv_set`: the index truncated toward zero (C's `(int)`), so `.[-1.5] = x` sets
      // the last element, as `.[-1.5]` reads it; then counted from the end if negative.
      var i = ValueOps.clampedInt(key.jqDouble.rounded(.towardZero))
      if i < 0 {
        i += container.type == .null ? 0 : container.count
        if i < 0 { throw .runtime("Out of bounds negative array index") }
      }
      if i > 536_870_911 { throw .runtime("Array index too large") }
      if container.type == .null { container = JSON(array: []) }
      var child = JSON.null
      try container.withUniqueElements { (items: inout [JSON]) throws(QueryError) in
        // One exact allocation for the padding (appending one by one doubled the buffer and
        // copied it: 55 bytes per null at 10 million, 16 now). Every index that pads comes
        // here (`setpath`, `.[n] = x`, `.[n] |= f`, `fromstream`, fractional and negative
        // indices once truncated and counted from the end): counted against the run's budget,
        // or without one the machine's.
        if items.count <= i {
          try MemoryBudget.chargePadding(
            (i + 1 - items.count) * MemoryBudget.bytesPerElement, "an array of \(i + 1) values")
          items.append(contentsOf: repeatElement(JSON.null, count: i + 1 - items.count))
        }
        swap(&child, &items[i])
      }
      return (child, .element(i))
    case (.array, .dictionary), (.null, .dictionary):
      if container.type == .null { container = JSON(array: []) }
      let range = try ValueOps.sliceBounds(count: container.count, of: key)
      return (JSON(array: ValueOps.elements(container, range)), .slice(range))
    case (.string, .dictionary):
      // jq reads the slice first (`jv_setpath`'s `jv_get`): a bad slice key says so.
      _ = try ValueOps.sliceMembers(key)
      throw .runtime("Cannot update string slices")
    case (.array, .array):
      throw .runtime("Cannot update field at array index of array")
    default:
      _ = try ValueOps.index(container, key)
      throw .runtime("Cannot update field at object index of \(ValueOps.typeName(container))")
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
    return try delete(value, sorted)
  }

  /// A container `delete` is in, as jq's `delpaths_sorted` recursion would hold it.
  private struct Deletion {
    /// The container, its path the first `depth` components of its paths.
    var value: JSON
    /// Its key in the container above (unused for the value deleted from).
    let key: JSON
    /// The next of its paths to look at, and the end of its paths.
    var next: Int
    let end: Int
    /// Its keys deleted whole (with everything inside them).
    var keys: [JSON] = []
  }

  /// jq's `delpaths_sorted` over `paths` (sorted, none empty), a container at a time in a
  /// loop: the containers it is inside wait on an explicit stack, one per level.
  private static func delete(_ value: JSON, _ paths: [[JSON]]) throws(QueryError) -> JSON {
    var above: [Deletion] = []
    var level = Deletion(value: value, key: .null, next: 0, end: paths.count)
    while true {
      let depth = above.count
      if level.next < level.end {
        let start = level.next
        let key = paths[start][depth]
        var end = start + 1
        while end < level.end, JSON.compare(paths[end][depth], key) == 0 { end += 1 }
        level.next = end
        if paths[start].count == depth + 1 {
          // The whole member goes: deletions inside it do not matter.
          level.keys.append(key)
        } else if try !isNull(level.value, key) {
          let child = try ValueOps.index(level.value, key)
          above.append(level)
          level = Deletion(value: child, key: key, next: start, end: end)
        }
        continue
      }
      if !level.keys.isEmpty { try deleteKeys(&level.value, level.keys) }
      guard var parent = above.popLast() else { return level.value }
      try set(&parent.value, [level.key], level.value)
      level = parent
    }
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
