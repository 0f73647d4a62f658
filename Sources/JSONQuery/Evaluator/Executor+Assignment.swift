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
    // From the last key back to `.`, in a loop (a call per key would nest as deep as the
    // chain is long), into one array.
    var keys: [JSON] = []
    var node = node
    while case .index(let target, let key) = node.op {
      guard case .literal(let constant) = key.op,
        constant.type == .string || constant.type == .number
      else { return nil }
      keys.append(constant)
      node = target
    }
    guard case .identity = node.op else { return nil }
    keys.reverse()
    return keys[...]
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
    // jq's `jv_getpath`: every key is read, after a null too (`jv_get`: null has a null
    // member at a key, an index or a slice, and no other), so `getpath(["a", [0]])` of
    // null fails as jq's does.
    for key in path { value = try ValueOps.index(value, key) }
    return value
  }

  static func set(_ value: JSON, _ path: ArraySlice<JSON>, _ new: JSON) throws(QueryError) -> JSON {
    var result = value
    try set(&result, path, new)
    return result
  }

  /// What a key names in a container `set` walks through, checked as jq's `jv_set` checks
  /// it before anything changes.
  private enum Step {
    /// The member with this key.
    case member(String)
    /// The element at this index (counted from the start; the array padded up to it).
    case element(Int)
    /// The elements in this range.
    case slice(Range<Int>)
    /// A slice jq reads (`jv_get`) but cannot set (a string's): what it reads goes down the
    /// rest of the path, whose errors come first, as in jq's `jv_setpath`; then the set
    /// fails with this message (`jv_set`'s).
    case refused(JSON, String)
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
    /// Nowhere: the set fails with this message once the rest of the path has not.
    case refused(String)
  }

  /// `setpath` in place: the containers on the path are changed where `value` holds them
  /// alone, and copied (once) where they are shared, so setting one path of an accumulator
  /// costs the path's length, not the value's size.
  ///
  /// The last key is set in its container in one call (`put`); only the containers above
  /// it are walked, none for a path of one key, one for two, an explicit stack of them for
  /// longer paths (`setNested`). Down the path, each container's child on the path is moved
  /// out of it (so that the child, held once, is changed in place too); back up, each
  /// changed child is put back. An error on the way puts back what was taken, as it was.
  static func set(_ value: inout JSON, _ path: ArraySlice<JSON>, _ new: JSON) throws(QueryError) {
    guard let last = path.last else {
      value = new
      return
    }
    switch path.count {
    case 1:
      try put(&value, last, new)
    case 2:
      var child = JSON.null
      var rest = path.dropFirst()
      let place = try descend(&value, path[path.startIndex], taking: &child, before: &rest)
      var failure: QueryError?
      do throws(QueryError) { try put(&child, last, new) } catch { failure = error }
      restore(&value, place, &child, &failure)
      if let failure { throw failure }
    default:
      try setNested(&value, path, new)
    }
  }

  /// `set` of a path of three keys or more: the containers above the last key held on an
  /// explicit stack, so that the native stack does not grow with the path.
  private static func setNested(_ value: inout JSON, _ path: ArraySlice<JSON>, _ new: JSON)
    throws(QueryError)
  {
    let above = path.dropLast()
    // Safe: `above` is not empty (`path` has three keys or more), so the allocation has a
    // base; one level is initialized per key (`depth <= above.count`), and each is moved out
    // again, last first, before the closure returns, after an error too.
    // On the native stack for an ordinary path, on the heap for a long one.
    try withUnsafeTemporaryAllocation(of: Level.self, capacity: above.count) {
      (levels: UnsafeMutableBufferPointer<Level>) throws(QueryError) in
      let base = levels.baseAddress!
      var depth = 0
      var current = JSON.null
      swap(&current, &value)
      var failure: QueryError?
      var rest = path.dropFirst()
      for key in above {
        do throws(QueryError) {
          // Swapped, not copied: a copy would be a second reference to each container.
          var child = JSON.null
          let place = try descend(&current, key, taking: &child, before: &rest)
          rest = rest.dropFirst()
          swap(&current, &child)
          (base + depth).initialize(to: Level(container: child, place: place))
          depth += 1
        } catch {
          failure = error
          break
        }
      }
      if failure == nil {
        do throws(QueryError) { try put(&current, path[path.endIndex - 1], new) } catch {
          failure = error
        }
      }
      while depth > 0 {
        depth -= 1
        var level = (base + depth).move()
        restore(&level.container, level.place, &current, &failure)
        swap(&current, &level.container)
      }
      swap(&value, &current)
      if let failure { throw failure }
    }
  }

  /// The last step of `set`: `new` stored at `key` in `container` (made a unique array or
  /// object first, from `null` too), with one lookup; jq's errors for a key the container
  /// cannot have, before anything changes.
  private static func put(_ container: inout JSON, _ key: JSON, _ new: JSON) throws(QueryError) {
    var none: ArraySlice<JSON> = []
    switch try step(container, key, before: &none) {
    case .member(let name):
      if container.type == .null { container = JSON([:]) }
      container.setUniqueMember(name, new)
    case .element(let i):
      if container.type == .null { container = JSON(array: []) }
      container.withUniqueElements { (items: inout [JSON]) in
        pad(&items, through: i)
        items[i] = new
      }
    case .slice(let range):
      try replace(range, of: &container, with: new)
    case .refused(_, let message):
      throw .runtime(message)
    }
  }

  /// One step of `set` down the path: `container`'s child at `key` moved out of it into
  /// `child` (the container made a unique array or object first, from `null` too), and
  /// where it goes back; jq's errors for a key the container cannot have, before anything
  /// changes.
  ///
  /// `rest` is the path after `key` (see `step`).
  private static func descend(
    _ container: inout JSON, _ key: JSON, taking child: inout JSON,
    before rest: inout ArraySlice<JSON>
  ) throws(QueryError) -> Place {
    switch try step(container, key, before: &rest) {
    case .member(let name):
      if container.type == .null { container = JSON([:]) }
      let (member, slot) = container.takeUniqueMember(name)!
      child = member
      return .member(key: name, slot: slot)
    case .element(let i):
      if container.type == .null { container = JSON(array: []) }
      container.withUniqueElements { (items: inout [JSON]) in
        pad(&items, through: i)
        swap(&child, &items[i])
      }
      return .element(i)
    case .slice(let range):
      // jq's `jv_get`: a slice of null is null.
      child = container.type == .null ? .null : JSON(array: ValueOps.elements(container, range))
      return .slice(range)
    case .refused(let value, let message):
      child = value
      return .refused(message)
    }
  }

  /// Puts `child` back at `place` in `container`, where `descend` took it from; after a
  /// `failure` a slice's container stays as it was (a copy went down), and a slice given
  /// something other than an array is the failure.
  private static func restore(
    _ container: inout JSON, _ place: Place, _ child: inout JSON, _ failure: inout QueryError?
  ) {
    switch place {
    case .element(let i):
      container.withUniqueElements { (items: inout [JSON]) in swap(&items[i], &child) }
    case .member(let key, let slot):
      container.restoreUniqueMember(key, child, at: slot)
    case .slice(let range):
      guard failure == nil else { return }
      do throws(QueryError) { try replace(range, of: &container, with: child) } catch {
        failure = error
      }
    case .refused(let message):
      if failure == nil { failure = .runtime(message) }
    }
  }

  /// What `key` names in `container` for `setpath`, as jq's `jv_set` reads it, checked
  /// before anything changes: an index past an array's end is counted against the run's
  /// memory budget (its padding); a string's slice, which jq reads but cannot set, is
  /// refused after the rest of the path; any other key the container cannot have fails
  /// here with jq's error.
  ///
  /// `rest` is the path after `key`, not yet checked: an index that pads checks it first
  /// (and empties it, as the keys after it are all set in new containers), so that an
  /// error further down costs no padding. Without `charging` (that check) nothing is
  /// counted against the memory budget.
  private static func step(
    _ container: JSON, _ key: JSON, before rest: inout ArraySlice<JSON>, charging: Bool = true
  ) throws(QueryError) -> Step {
    switch (container.type, key.type) {
    case (.dictionary, .string), (.null, .string):
      return .member(key.stringValue)
    case (.array, .number), (.null, .number):
      // jq's `jv_set`: the index truncated toward zero (C's `(int)`), so `.[-1.5] = x` sets
      // the last element, as `.[-1.5]` reads it; then counted from the end if negative.
      // Refused here, before the rest of the path: jq's `jv_setpath` sets the member to
      // null (`jv_set`) before it walks on.
      guard !key.jqDouble.isNaN else { throw .runtime("Cannot set array element at NaN index") }
      var i = ValueOps.clampedInt(key.jqDouble.rounded(.towardZero))
      let count = container.count
      if i < 0 {
        i += count
        if i < 0 { throw .runtime("Out of bounds negative array index") }
      }
      if i > 536_870_911 { throw .runtime("Array index too large") }
      // One exact allocation for the padding (`pad`). Every index that pads comes here
      // (`setpath`, `.[n] = x`, `.[n] |= f`, `fromstream`, fractional and negative indices
      // once truncated and counted from the end): counted against the run's budget, or
      // without one the machine's.
      if count <= i, charging {
        // jq pads (`jv_set`) before it walks on, and reports the rest's first error after
        // it: the rest goes down from the padding's null, so that error is known now, and
        // comes (as jq's) without the padding's cost, which could be past the budget.
        try checkFromNull(rest)
        rest = []
        try MemoryBudget.chargePadding(
          (i + 1 - count) * MemoryBudget.bytesPerElement, "an array of \(i + 1) values")
      }
      return .element(i)
    case (.array, .dictionary):
      return .slice(try ValueOps.sliceBounds(count: container.count, of: key))
    case (.null, .dictionary):
      // jq reads a slice of null as null whatever its bounds (`jv_get`) and checks them
      // when it sets (`jv_set`), after the rest of the path: a bad bound's error comes then.
      do throws(QueryError) {
        return .slice(try ValueOps.sliceBounds(count: 0, of: key))
      } catch {
        return .refused(.null, error.message)
      }
    case (.string, .dictionary):
      // jq reads the slice first (`jv_setpath`'s `jv_get`): a bad slice key says so; and
      // walks the rest of the path in it before it refuses to set it, as for any slice.
      return .refused(try ValueOps.index(container, key), "Cannot update string slices")
    case (.array, .array):
      throw .runtime("Cannot update field at array index of array")
    default:
      _ = try ValueOps.index(container, key)
      throw .runtime("Cannot update field at object index of \(ValueOps.typeName(container))")
    }
  }

  /// Throws the first error `set` meets walking `path` down from `null` (jq's for a key null
  /// cannot have, a negative index, an index too large, a bad slice), counting nothing.
  private static func checkFromNull(_ path: ArraySlice<JSON>) throws(QueryError) {
    var none: ArraySlice<JSON> = []
    var refused: String?
    for key in path {
      if case .refused(_, let message) = try step(.null, key, before: &none, charging: false) {
        refused = refused ?? message
      }
    }
    if let refused { throw .runtime(refused) }
  }

  /// Nulls appended to `items` up to index `i`, in one exact allocation (appending one by
  /// one doubled the buffer and copied it: 55 bytes per null at 10 million, 16 now).
  private static func pad(_ items: inout [JSON], through i: Int) {
    guard items.count <= i else { return }
    items.append(contentsOf: repeatElement(JSON.null, count: i + 1 - items.count))
  }

  /// The elements of the array (or `null`) `container` in `range` replaced by those of
  /// `new`, which must be an array.
  ///
  /// In place, as jq's `jv_set`: a slice replaced by as many
  /// elements costs their number, not the array's length (`.[range(n) | {start: ., end:
  /// (. + 1)}] = [1]` was quadratic); one of another length moves the elements after it
  /// once.
  private static func replace(_ range: Range<Int>, of container: inout JSON, with new: JSON)
    throws(QueryError)
  {
    guard new.type == .array else {
      throw .runtime("A slice of an array can only be assigned another array")
    }
    if container.type == .null { container = JSON(array: []) }
    let replacement = ValueOps.elements(new)
    container.withUniqueElements { (items: inout [JSON]) in
      items.replaceSubrange(range, with: replacement)
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
        } else {
          // Nothing below a null is deleted.
          let child = try ValueOps.index(level.value, key)
          if child.type != .null {
            above.append(level)
            level = Deletion(value: child, key: key, next: start, end: end)
          }
        }
        continue
      }
      if !level.keys.isEmpty { try deleteKeys(&level.value, level.keys) }
      guard var parent = above.popLast() else { return level.value }
      try put(&parent.value, level.key, level.value)
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
      // A new array of the elements kept, in one pass: the array deleted from is still held
      // by its container (or the caller), so changing it in place copied it first.
      var kept: [JSON] = []
      kept.reserveCapacity(count)
      value.forEachElement { i, element in
        if !doomed[i] { kept.append(element) }
      }
      value = JSON(array: kept)
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
}
