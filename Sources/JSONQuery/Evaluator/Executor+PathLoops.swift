import JSONKitCore

/// `reduce` and `foreach` inside a path expression (`path(…)`, the left side of an
/// assignment), as jq runs them: its path is one global value, not carried by each value.
///
/// jq's source runs in path mode and moves the path; the state is a variable, which holds
/// a value only. So the update of a round sees the state at the path the source's output
/// left (the initial value's path when the source moves none), and that is a path only
/// where the state is the very value found there: `path(reduce .[] as $x (.; .))` is `[]`,
/// `path(foreach .[] as $x (.; .))` fails, and a second `.a` in
/// `path(reduce (1, 2) as $x (.; .a))` is "Invalid path expression near attempt to access
/// element "a" of …". After the last round `reduce`'s result is at the initial value's path.
extension Executor {
  /// A path and the value found at it: where jq's path tracking stands.
  typealias PathAnchor = (path: [JSON], value: JSON)?

  /// `reduce` in a path expression (see the extension's summary).
  func reduceInPath(
    _ source: Node, _ pattern: PatternIR, _ slots: Int, _ initial: Node, _ update: Node,
    _ input: Item, _ frame: Frame?
  ) throws -> Generator {
    try evaluate(initial, input, frame).flatMap { start in
      let base = Self.anchor(of: start, or: Self.anchor(of: input, or: nil))
      var state = start.value
      var fresh: Frame?
      let outputs = try self.evaluate(source, Self.anchored(input.value, at: base), frame)
      while let item = try outputs.next() {
        let round = Self.anchor(of: item, or: base)
        try self.eachBinding(pattern, slots, item.value, frame, reusing: &fresh) { scope in
          // Every output of the update is computed from the state it started with; the
          // last one is kept (none: null, as jq's LOADVN leaves it).
          let updates = try self.evaluate(update, Self.anchored(state, at: round), scope)
          state = .null
          while let output = try updates.next() { state = output.value }
        }
      }
      return .one(Self.anchored(state, at: base))
    }
  }

  /// `foreach` in a path expression (see the extension's summary): each output keeps the
  /// path the update gave it.
  func foreachInPath(
    _ source: Node, _ pattern: PatternIR, _ slots: Int, _ initial: Node, _ update: Node,
    _ extract: Node?, _ input: Item, _ frame: Frame?
  ) throws -> Generator {
    try evaluate(initial, input, frame).flatMap { start in
      let base = Self.anchor(of: start, or: Self.anchor(of: input, or: nil))
      let state = GeneratorState(start.value)
      return try self.evaluate(source, Self.anchored(input.value, at: base), frame).flatMap {
        item in
        let round = Self.anchor(of: item, or: base)
        return try self.overBindings(pattern, slots, item.value, frame) { scope in
          let old = state.value
          state.value = .null
          return try self.evaluate(update, Self.anchored(old, at: round), scope).flatMap {
            output in
            state.value = output.value
            if let extract { return try self.evaluate(extract, output, scope) }
            return .one(output)
          }
        }
      }
    }
  }

  /// Where `item` leaves the path: its own path, or `fallback` for a value that is not one.
  private static func anchor(of item: Item, or fallback: PathAnchor) -> PathAnchor {
    guard let path = item.path else { return fallback }
    return (path, item.value)
  }

  /// `value` as a path-mode input at `anchor`: a path if it is the value found there,
  /// otherwise a value whose next path step is an invalid path expression.
  private static func anchored(_ value: JSON, at anchor: PathAnchor) -> Item {
    if let anchor, value.isIdentical(to: anchor.value) {
      return Item(value: value, path: anchor.path)
    }
    return Item(value: value, path: nil, lost: true)
  }
}
