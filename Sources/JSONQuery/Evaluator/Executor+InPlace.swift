import JSONKitCore

/// Updates of an accumulator that change it in place.
///
/// `reduce .[] as $x ({}; .[$x.k] += 1)`, `reduce ... ([]; . + [$x])` and `setpath` loops
/// build a value step by step. Evaluated as generators, each step's input is still held by
/// the loop while the update makes its result, so every step copied the whole accumulator:
/// building 40,000 members took 11 s. `reduce` and `foreach` hand these updates their
/// accumulator alone instead, and the change is made where it stands (`PathOps.set` in
/// place, elements appended in place), so each step costs what it changes.
///
/// The outputs are those of the general evaluation: the same values in the same order, the
/// same errors (the right-hand side before the paths, as `assign` does).
extension Executor {
  /// Whether `updateInPlace` takes `update`: an assignment whose right-hand side has one
  /// output, `. + x` with one output of `x`, or `setpath(p; v)` with one of each.
  static func updatesInPlace(_ update: Node) -> Bool {
    switch update.op {
    case .assign(_, _, let rhs):
      return rhs.single
    case .binary(.add, let lhs, let rhs):
      if case .identity = lhs.op { return rhs.single }
      return false
    case .intrinsic(.setpath, let arguments):
      return arguments.count == 2 && arguments.allSatisfy(\.single)
    default:
      return false
    }
  }

  /// `update`'s one output for the input `value`, made by changing `value` in place.
  ///
  /// Only for updates `updatesInPlace` takes.
  ///
  /// Under a memory limit what the value grows by is counted as new memory (a nested
  /// array's padding is counted by `PathOps.set`); without one, that costs one test.
  func updateInPlace(_ update: Node, _ value: inout JSON, _ frame: Frame?) throws {
    if let memory { return try updateInPlace(update, &value, frame, counting: memory) }
    try changeInPlace(update, &value, frame)
  }

  /// `updateInPlace` under a memory limit: the growth counted against `memory`.
  @inline(never)
  private func updateInPlace(
    _ update: Node, _ value: inout JSON, _ frame: Frame?, counting memory: MemoryBudget
  ) throws {
    let sizeBefore = MemoryBudget.size(of: value)
    try changeInPlace(update, &value, frame)
    let growth = MemoryBudget.size(of: value) - sizeBefore
    if growth > 0 { try memory.charge(growth, "a value grown in place") }
  }

  /// The change `updateInPlace` makes, with nothing counted.
  @inline(__always)
  private func changeInPlace(_ update: Node, _ value: inout JSON, _ frame: Frame?) throws {
    try step()
    switch update.op {
    case .assign(let op, let lhs, let rhs):
      try assignInPlace(op, lhs, rhs, &value, frame)
    case .binary(.add, _, let rhs):
      let addend = try evaluateValue(rhs, Item(value: value, path: nil), frame)
      try addInPlace(&value, addend)
    case .intrinsic(.setpath, let arguments):
      // As `argumentValues`: the last argument first.
      let new = try evaluateValue(arguments[1], Item(value: value, path: nil), frame)
      let path = try evaluateValue(arguments[0], Item(value: value, path: nil), frame)
      guard path.type == .array else {
        throw QueryError.runtime("Path must be specified as an array")
      }
      if path.count > 10_000 { throw QueryError.runtime("Path too deep") }
      try PathOps.set(&value, ValueOps.elements(path)[...], new)
    default:
      preconditionFailure("updateInPlace of an update updatesInPlace refuses")
    }
  }

  /// `lhs op= rhs` (or `lhs |= rhs`) with one output of `rhs`, as `assign` computes it.
  private func assignInPlace(
    _ op: AssignOperator, _ lhs: Node, _ rhs: Node, _ value: inout JSON, _ frame: Frame?
  ) throws {
    // The right-hand side first (not for `|=`, where it runs on each old value), then every
    // path of the original value, collected before anything changes.
    let right: JSON? =
      op == .update ? nil : try evaluateValue(rhs, Item(value: value, path: nil), frame)
    if let path = Self.constantPath(lhs) {
      // `.a.b.c |= . + 1`: the one path known without evaluating it, as `assign` takes it
      // (no path generator, no path arrays made and read back).
      try assignInPlace(op, at: path, rhs, right, &value, frame)
      return
    }
    var targets: [[JSON]] = []
    do {
      let paths = try paths(lhs, value, frame)
      while let path = try paths.next() { targets.append(ValueOps.elements(path.value)) }
    }
    for path in targets { try assignInPlace(op, at: path[...], rhs, right, &value, frame) }
  }

  /// `assignInPlace` at one of its paths: `right` combined with the value at `path` (`=`,
  /// `//=`, arithmetic), or, for `|=` (`right` is `nil`), the value there replaced by the
  /// one output of `rhs` on it.
  private func assignInPlace(
    _ op: AssignOperator, at path: ArraySlice<JSON>, _ rhs: Node, _ right: JSON?,
    _ value: inout JSON, _ frame: Frame?
  ) throws {
    guard op == .update else {
      try Self.combine(op, at: path, of: &value, with: right!, budget: memory)
      return
    }
    let old = try PathOps.get(value, path)
    let new = try evaluateSingle(rhs, Item(value: old, path: nil), frame).value
    try PathOps.set(&value, path, new)
  }

  /// `value + addend` into `value`: arrays and objects grow in place.
  private func addInPlace(_ value: inout JSON, _ addend: JSON) throws {
    switch (value.type, addend.type) {
    case (.array, .array):
      // Under a memory limit only (counting the elements is a third of a small append's
      // cost): without one, an append makes an array of two that exist already.
      if let memory {
        let count = value.count + addend.count
        try MemoryBudget.checkGrowing(
          count * MemoryBudget.bytesPerElement, "an array of \(count) values", in: memory)
      }
      value.withUniqueElements { (items: inout [JSON]) in
        addend.forEachElement { _, element in items.append(element) }
      }
    case (.dictionary, .dictionary):
      addend.forEachMember { key, member in
        value.withUniqueMember(key) { (slot: inout JSON) in slot = member }
      }
    case (.string, .string):
      // The text moved out of `value`, so that it is appended to where it stands (`add` of
      // many strings copied the whole text per step).
      var text = value.stringValue
      let extra = addend.stringValue
      let count = text.utf8.count + extra.utf8.count
      try MemoryBudget.checkGrowing(count, "a string of \(count) bytes", in: memory)
      value = .null
      text += extra
      value = JSON(text)
    default:
      if let sum = Self.exactSum(value, addend) {
        value = sum
        return
      }
      value = try ValueOps.add(value, addend, budget: memory)
    }
  }
}
