import JSONKit

/// `paths`, `paths(f)`, `tostream` and `fromstream(f)` written as loops over the value.
///
/// jq defines them in jq (`src/builtin.jq`): `paths(f)` as `path(recurse | select(f)) |
/// select(length > 0)`, `tostream` with a `getpath` and a `reduce` per node, `fromstream` as
/// a `foreach` whose state is `{x, e}`. Run through the evaluator they cost a closure call,
/// a frame and a path copy per node, and `fromstream` copied its whole state per event
/// (269 s on a 25 MB document). These keep jq's outputs, their order and their errors, and
/// spend one evaluation step per node, so step limits still bound them.
enum PathStreams {
  /// A container being walked: its children, by key, and the next one to visit.
  private struct Level {
    let value: JSON
    let keys: [JSON]
    let children: [JSON]
    var next = 0

    init(_ value: JSON) {
      self.value = value
      switch value.type {
      case .array:
        children = ValueOps.elements(value)
        keys = children.indices.map { JSON($0) }
      case .dictionary:
        let members = ValueOps.members(value)
        keys = members.map { JSON($0.0) }
        children = members.map(\.1)
      default:
        keys = []
        children = []
      }
    }
  }

  /// `paths` (`filter` nil) or `paths(filter)`: the path of every value under the input, in
  /// `recurse` order (each value, then its children); with a filter, once per truthy output
  /// of the filter on that value. As in jq the filter also runs on the input itself, whose
  /// empty path is then dropped (`paths(.a)` on an array fails there).
  static func paths(_ input: JSON, filter: Node?, _ frame: Frame?, _ executor: Executor)
    -> Generator
  {
    let walk = PathWalk(input)
    return Generator {
      while true {
        if let filterOutputs = walk.outputs {
          if let item = try filterOutputs.next() {
            if ValueOps.isTruthy(item.value), !walk.path.isEmpty {
              return Item(value: JSON(array: walk.path), path: nil)
            }
            continue
          }
          walk.outputs = nil
        }
        guard let (value, depth, key) = walk.pending.popLast() else { return nil }
        try executor.step()
        if depth > 0 {
          walk.path.removeSubrange((depth - 1)...)
          walk.path.append(key)
        }
        push(children: value, depth: depth + 1, onto: &walk.pending)
        if let filter {
          walk.outputs = try executor.evaluateValues(filter, Item(value: value, path: nil), frame)
        } else if depth > 0 {
          return Item(value: JSON(array: walk.path), path: nil)
        }
      }
    }
  }

  /// The state of a `paths` walk between outputs, unchecked as `GeneratorState` explains.
  private final class PathWalk {
    /// Values still to visit, last first, with the depth of their path and their key.
    @exclusivity(unchecked) var pending: [(value: JSON, depth: Int, key: JSON)]
    /// The path of the value visited last.
    @exclusivity(unchecked) var path: [JSON] = []
    /// The filter's outputs on the value visited last, for `paths(f)`.
    @exclusivity(unchecked) var outputs: Generator?

    init(_ input: JSON) { pending = [(input, 0, .null)] }
  }

  private static func push(
    children value: JSON, depth: Int, onto pending: inout [(value: JSON, depth: Int, key: JSON)]
  ) {
    switch value.type {
    case .array:
      let elements = ValueOps.elements(value)
      for index in elements.indices.reversed() {
        pending.append((elements[index], depth, JSON(index)))
      }
    case .dictionary:
      for (key, member) in ValueOps.members(value).reversed() {
        pending.append((member, depth, JSON(key)))
      }
    default: break
    }
  }

  /// `tostream`: `[path, leaf]` for each scalar and empty container, children before their
  /// parent, and after the last child of a container `[path + [last key]]` to close it.
  static func toStream(_ input: JSON, _ executor: Executor) -> Generator {
    var levels: [Level] = []
    var path: [JSON] = []
    var started = false
    return Generator {
      if !started {
        started = true
        try executor.step()
        let root = Level(input)
        if root.children.isEmpty {
          return event(path: [], leaf: input)
        }
        levels.append(root)
      }
      while let top = levels.last {
        if top.next < top.children.count {
          levels[levels.count - 1].next += 1
          let child = top.children[top.next]
          path.append(top.keys[top.next])
          try executor.step()
          let level = Level(child)
          if level.children.isEmpty {
            defer { path.removeLast() }
            return event(path: path, leaf: child)
          }
          levels.append(level)
          continue
        }
        // Every child seen: the closing event names the last one.
        levels.removeLast()
        let closing = JSON(array: [JSON(array: path + [top.keys[top.keys.count - 1]])])
        if !levels.isEmpty { path.removeLast() }
        return Item(value: closing, path: nil)
      }
      return nil
    }
  }

  private static func event(path: [JSON], leaf: JSON) -> Item {
    Item(value: JSON(array: [JSON(array: path), leaf]), path: nil)
  }

  /// `fromstream(events)`: the values that `tostream`-shaped events describe, each output
  /// when its top-level event arrives. jq's state `{x, e}` is kept as two variables and
  /// changed in place, so an event costs its path's length; odd events fail with the
  /// errors jq's definition gives (`length` of a boolean, indexing a number, adding a
  /// non-array path to `["x"]`).
  static func fromStream(_ events: Generator, _ executor: Executor) -> Generator {
    var value = JSON.null
    var emitting = false
    return Generator {
      while let event = try events.next()?.value {
        if emitting {
          value = .null
          emitting = false
        }
        let isLeaf = try JSON.compare(ValueOps.length(event), JSON(2)) == 0
        let path = try ValueOps.index(event, JSON(0))
        if isLeaf {
          emitting = try JSON.compare(ValueOps.length(path), JSON(0)) == 0
          let full = try ValueOps.arithmetic(.add, JSON(array: [JSON("x")]), path)
          let components = ValueOps.elements(full)
          if components.count > 10_001 { throw QueryError.runtime("Path too deep") }
          try PathOps.set(&value, components.dropFirst(), try ValueOps.index(event, JSON(1)))
        } else {
          emitting = try JSON.compare(ValueOps.length(path), JSON(1)) == 0
        }
        if emitting { return Item(value: value, path: nil) }
      }
      return nil
    }
  }
}
