import JSONKitCore

/// `paths`, `paths(f)`, `tostream` and `fromstream(f)` written as loops over the value.
///
/// jq defines them in jq (`src/builtin.jq`): `paths(f)` as `path(recurse | select(f)) |
/// select(length > 0)`, `tostream` with a `getpath` and a `reduce` per node, `fromstream` as
/// a `foreach` whose state is `{x, e}`. Run through the evaluator they cost a closure call,
/// a frame and a path copy per node, and `fromstream` copied its whole state per event
/// (269 s on a 25 MB document). These keep jq's outputs, their order and their errors, and
/// spend one evaluation step per node, so step limits still bound them.
enum PathStreams {
  /// `paths` (`filter` nil) or `paths(filter)`: the path of every value under the input, in
  /// `recurse` order (each value, then its children); with a filter, once per truthy output
  /// of the filter on that value.
  ///
  /// As in jq the filter also runs on the input itself, whose
  /// empty path is then dropped (`paths(.a)` on an array fails there).
  static func paths(_ input: JSON, filter: Node?, _ frame: Frame?, _ executor: Executor)
    -> Generator
  {
    let walk = PathWalk(input, closings: false)
    return Generator {
      while true {
        if let filterOutputs = walk.outputs {
          if let item = try filterOutputs.next() {
            if ValueOps.isTruthy(item.value), walk.walker.depth > 0 {
              return Item(value: walk.walker.pathValue(), path: nil)
            }
            continue
          }
          walk.outputs = nil
        }
        guard walk.walker.next() != nil else { return nil }
        try executor.step()
        if let filter {
          walk.outputs = try executor.evaluateValues(
            filter, Item(value: walk.walker.value, path: nil), frame)
        } else if walk.walker.depth > 0 {
          return Item(value: walk.walker.pathValue(), path: nil)
        }
      }
    }
  }

  /// `paths` or `paths(filter)` pushed into `body` (see `Executor.each`): the same outputs,
  /// without a generator between the walk and its consumer.
  static func eachPath(
    _ input: JSON, filter: Node?, _ frame: Frame?, _ executor: Executor, _ body: Sink
  ) throws {
    let walker = JSONTreeWalker(input, closings: false)
    let truthy = Sink { item in
      if ValueOps.isTruthy(item.value), walker.depth > 0 {
        try body.push(Item(value: walker.pathValue(), path: nil))
      }
    }
    while walker.next() != nil {
      try executor.step()
      if let filter {
        try executor.each(filter, Item(value: walker.value, path: nil), frame, truthy)
      } else if walker.depth > 0 {
        try body.push(Item(value: walker.pathValue(), path: nil))
      }
    }
  }

  /// The state of a walk between outputs, unchecked as `GeneratorState` explains.
  private final class PathWalk {
    let walker: JSONTreeWalker
    /// The filter's outputs on the value visited last, for `paths(f)`.
    @exclusivity(unchecked) var outputs: Generator?

    init(_ input: JSON, closings: Bool) { walker = JSONTreeWalker(input, closings: closings) }
  }

  /// `tostream`: `[path, leaf]` for each scalar and empty container, children before their
  /// parent, and after the last child of a container `[path + [last key]]` to close it.
  static func toStream(_ input: JSON, _ executor: Executor) -> Generator {
    let walker = JSONTreeWalker(input, closings: true)
    return Generator { try nextEvent(walker, executor).map { Item(value: $0, path: nil) } }
  }

  /// `tostream` pushed into `body` (see `Executor.each`).
  static func eachEvent(_ input: JSON, _ executor: Executor, _ body: Sink) throws {
    let walker = JSONTreeWalker(input, closings: true)
    while let event = try nextEvent(walker, executor) {
      try body.push(Item(value: event, path: nil))
    }
  }

  /// The next `tostream` event of a walk, or `nil` at its end.
  private static func nextEvent(_ walker: JSONTreeWalker, _ executor: Executor) throws -> JSON? {
    while let event = walker.next() {
      switch event {
      case .value:
        try executor.step()
        // jq's `tostream` reads each value with `getpath($p)`, which refuses a path longer
        // than 10,000 (MAX_PATH_DEPTH): the first value deeper than that ends the stream,
        // after the events of everything before it, as in jq's order.
        if walker.depth > 10_000 { throw QueryError.runtime("Path too deep") }
        if walker.hasChildren { continue }
        return JSON.detachedArray([walker.pathValue(), walker.value])
      case .close:
        // Every child seen: the closing event names the last one.
        return JSON.detachedArray([walker.pathValue()])
      }
    }
    return nil
  }

  /// `fromstream(events)`: the values that `tostream`-shaped events describe, each output
  /// when its top-level event arrives.
  ///
  /// jq's state `{x, e}` is kept as two variables and
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
          let full = try ValueOps.arithmetic(
            .add, JSON(array: [JSON("x")]), path, budget: executor.memory)
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
