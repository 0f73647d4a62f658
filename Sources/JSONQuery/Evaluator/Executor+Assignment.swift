import JSONKit

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

  /// `lhs = rhs`, `lhs |= f`, `lhs += rhs`, `lhs //= rhs`.
  func assign(_ op: AssignOperator, _ lhs: Node, _ rhs: Node, _ input: Item, _ frame: Frame?) throws
    -> Generator
  {
    let root = input.value
    switch op {
    case .update:
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
          result = try PathOps.set(result, components[...], new.value)
        } else {
          deletions.append(path.value)
        }
      }
      if !deletions.isEmpty { result = try PathOps.delete(result, deletions) }
      return .one(Item(value: result, path: nil))
    default:
      return try evaluateValues(rhs, input, frame).flatMap { r in
        var result = root
        let targets = try self.paths(lhs, root, frame)
        while let path = try targets.next() {
          let components = ValueOps.elements(path.value)
          let new: JSON
          switch op {
          case .set: new = r.value
          case .alternative:
            let old = try PathOps.get(result, components[...])
            new = ValueOps.isTruthy(old) ? old : r.value
          default:
            let old = try PathOps.get(result, components[...])
            let binary = BinaryOperator(rawValue: String(op.rawValue.dropLast()))!
            new = try ValueOps.arithmetic(binary, old, r.value)
          }
          result = try PathOps.set(result, components[...], new)
        }
        return .one(Item(value: result, path: nil))
      }
    }
  }
}

/// `getpath`, `setpath`, `delpaths` over values.
enum PathOps {
  static func get(_ value: JSON, _ path: ArraySlice<JSON>) throws(QueryError) -> JSON {
    guard let first = path.first else { return value }
    if value.type == .null { return .null }
    return try get(try ValueOps.index(value, first), path.dropFirst())
  }

  static func set(_ value: JSON, _ path: ArraySlice<JSON>, _ new: JSON) throws(QueryError) -> JSON {
    guard let key = path.first else { return new }
    switch (value.type, key.type) {
    case (.dictionary, .string), (.null, .string):
      var object = value.type == .null ? JSON([:]) : value
      let child = value.member(key.stringValue) ?? .null
      object[key.stringValue] = try set(child, path.dropFirst(), new)
      return object
    case (.array, .number), (.null, .number):
      var items = ValueOps.elements(value)
      guard !key.jqDouble.isNaN else { throw .runtime("Cannot set array element at NaN index") }
      var i = ValueOps.clampedInt(key.jqDouble.rounded(.down))
      if i < 0 {
        i += items.count
        if i < 0 { throw .runtime("Out of bounds negative array index") }
      }
      if i > 536_870_911 { throw .runtime("Array index too large") }
      while items.count <= i { items.append(.null) }
      items[i] = try set(items[i], path.dropFirst(), new)
      return JSON(array: items)
    case (.array, .dictionary), (.null, .dictionary):
      var items = ValueOps.elements(value)
      let range = try ValueOps.sliceBounds(
        count: items.count, from: key.member("start") ?? .null, to: key.member("end") ?? .null)
      let replacement = try set(JSON(array: Array(items[range])), path.dropFirst(), new)
      guard replacement.type == .array else {
        throw .runtime("A slice of an array can only be assigned another array")
      }
      items.replaceSubrange(range, with: ValueOps.elements(replacement))
      return JSON(array: items)
    case (.string, .dictionary):
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
    let spelled = paths.flatMap { spelledOut(ValueOps.elements($0), in: value) }
    // Last first, so that deleting one element does not move those still to delete.
    let sorted = spelled.sorted { JSON.compare($0, $1) > 0 }
    for path in sorted { result = try delete(result, ValueOps.elements(path)[...]) }
    return result
  }

  /// `path` against the value as it was before any deletion, as jq deletes: a negative
  /// index counted from the end of its array, and a final slice of an array written out as
  /// its indices, so that `del(.[1], .[-6], .[-3:9])` deletes exactly what each names in
  /// the original array, whatever order the deletions run in.
  static func spelledOut(_ path: [JSON], in value: JSON) -> [JSON] {
    var current: JSON? = value
    var prefix: [JSON] = []
    for (position, component) in path.enumerated() {
      guard let container = current, container.type == .array else {
        return [JSON(array: prefix + path[position...])]
      }
      if component.type == .dictionary, position == path.count - 1,
        let range = try? ValueOps.sliceBounds(
          count: container.count, from: component.member("start") ?? .null,
          to: component.member("end") ?? .null)
      {
        return range.map { JSON(array: prefix + [JSON($0)]) }
      }
      var step = component
      if component.type == .number, component.jqDouble < 0, component.jqDouble.isFinite {
        let index = component.jqDouble.rounded(.down) + Double(container.count)
        if index >= 0 { step = JSON(Int(index)) }
      }
      prefix.append(step)
      current = try? ValueOps.index(container, step)
    }
    return [JSON(array: prefix)]
  }

  static func delete(_ value: JSON, _ path: ArraySlice<JSON>) throws(QueryError) -> JSON {
    guard let key = path.first else { return .null }
    if value.type == .null { return .null }
    if path.count == 1 {
      switch (value.type, key.type) {
      case (.dictionary, .string):
        return ValueOps.object(ValueOps.members(value).filter { $0.0 != key.stringValue })
      case (.array, .number):
        var items = ValueOps.elements(value)
        // A NaN index names no element: nothing is deleted.
        guard !key.jqDouble.isNaN else { return value }
        var i = ValueOps.clampedInt(key.jqDouble.rounded(.down))
        if i < 0 { i += items.count }
        if i >= 0, i < items.count { items.remove(at: i) }
        return JSON(array: items)
      case (.array, .dictionary):
        var items = ValueOps.elements(value)
        let range = try ValueOps.sliceBounds(
          count: items.count, from: key.member("start") ?? .null, to: key.member("end") ?? .null)
        items.removeSubrange(range)
        return JSON(array: items)
      default:
        _ = try ValueOps.index(value, key)
        throw .runtime("Cannot delete field at index of \(ValueOps.typeName(value))")
      }
    }
    let child = try ValueOps.index(value, key)
    // Nothing to delete inside a missing or null member: the value stays as it is (no
    // `"key": null` appears).
    if child.type == .null { return value }
    return try set(value, path.prefix(1), try delete(child, path.dropFirst()))
  }
}
