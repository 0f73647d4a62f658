import JSONKitCore

/// Where push evaluation delivers outputs.
///
/// A struct rather than a closure parameter: the
/// optimizer would otherwise specialize the recursive `each` for every closure passed to
/// it, nested, which made release builds of this module take many minutes.
struct Sink {
  let push: (Item) throws -> Void
}

extension Executor {
  /// Calls `body` with every output of `node`, in order: push evaluation, for consumers
  /// that take every output anyway (`[f]`, `reduce`'s source, `path(f)` in an assignment).
  ///
  /// Pipes, commas, `.[]`, conditionals, bindings, `reduce`/`foreach`, labels and calls
  /// become loops and nested calls instead of chains of generators. Filters that catch
  /// errors (`try`, `?`, `//`, `?//`) run as generators, so that an error of `body` never
  /// reaches their handlers.
  func each(_ node: Node, _ input: Item, _ frame: Frame?, _ body: Sink) throws {
    if node.single { return try body.push(evaluateSingle(node, input, frame)) }
    try step()
    try stackGuard.check()
    switch node.op {
    case .pipe(let lhs, let rhs):
      try each(
        lhs, input, frame,
        Sink { [self] item in try each(rhs, Self.handOn(item, from: input), frame, body) })
    case .comma(let lhs, let rhs):
      try each(lhs, input, frame, body)
      try each(rhs, input, frame, body)
    case .iterate(let target):
      try each(
        target, input, frame,
        Sink { [self] item in
          try Self.requirePath(
            item, in: input, "iterate through \(ValueOps.truncated(item.value, 29))")
          try eachMember(item, body)
        })
    case .index(let target, let key) where key.single:
      // The key before the target, as jq's gen_index.
      let k = try evaluateValue(key, input, frame)
      try each(
        target, input, frame, Sink { [self] t in try body.push(try indexed(t, k, in: input)) })
    case .ifThen(let condition, let then, let otherwise):
      try each(
        condition, Item(value: input.value, path: nil), frame,
        Sink { [self] c in
          if ValueOps.isTruthy(c.value) {
            try each(then, input, frame, body)
          } else if let otherwise {
            try each(otherwise, input, frame, body)
          } else {
            try body.push(input)
          }
        })
    case .intrinsic(.empty, _):
      return
    case .intrinsic(.recurse, _):
      try eachDescendant(input, body)
    case .intrinsic(.paths, _):
      try PathStreams.eachPath(input.value, filter: nil, frame, self, body)
    case .intrinsic(.pathsFilter, let arguments):
      try PathStreams.eachPath(input.value, filter: arguments[0], frame, self, body)
    case .intrinsic(.toStream, _):
      try PathStreams.eachEvent(input.value, self, body)
    case .intrinsic(.path, let arguments):
      try each(
        arguments[0], Item(value: input.value, path: []), frame,
        Sink { item in
          guard let path = item.path else {
            throw QueryError.runtime(
              "Invalid path expression with result \(ValueOps.preview(item.value))")
          }
          try body.push(Item(value: JSON(array: path), path: nil))
        })
    case .bind(let source, let patterns, let slots, let inner) where patterns.count == 1:
      try each(
        source, Item(value: input.value, path: nil), frame,
        Sink { [self] v in
          var fresh: Frame?
          try eachBinding(patterns[0], slots, v.value, frame, reusing: &fresh) { scope in
            try each(inner, input, scope, body)
          }
        })
    case .reduce(let source, let pattern, let slots, let initial, let update)
    where !input.inPathMode:
      try each(
        initial, Item(value: input.value, path: nil), frame,
        Sink { [self] start in
          if let result = try reduce(source, pattern, slots, start, update, input, frame) {
            try body.push(result)
          }
        })
    case .foreach(let source, let pattern, let slots, let initial, let update, let extract)
    where !input.inPathMode:
      try each(
        initial, Item(value: input.value, path: nil), frame,
        Sink { [self] start in
          let state = GeneratorState(start)
          try each(
            source, Item(value: input.value, path: nil), frame,
            Sink { [self] item in
              var fresh: Frame?
              try eachBinding(pattern, slots, item.value, frame, reusing: &fresh) { scope in
                try foreachRound(state, update, extract, scope, body)
              }
            })
        })
    case .label(let inner):
      let id = newLabel()
      do {
        try each(inner, input, Frame(parent: frame, values: [JSON(id)]), body)
      } catch let error as QueryError where Self.isBreak(error, to: id) {}
    case .callClosure(let slot):
      let closure = frame.up(slot.hops)!.closures[slot.index]
      try each(closure.body, input, closure.frame, body)
    default:
      let outputs = try evaluate(node, input, frame)
      while let item = try outputs.next() { try body.push(item) }
    }
  }

  /// One round of `foreach`: `update` on the state, each output stored as the state and pushed
  /// through `extract`.
  ///
  /// As jq's LOADVN, the state is null while the update runs, so an update with no output leaves
  /// null for the next round.
  private func foreachRound(
    _ state: GeneratorState<Item>, _ update: Node, _ extract: Node?, _ scope: Frame,
    _ body: Sink
  ) throws {
    var value = state.value
    state.value = Item(value: .null, path: nil)
    if Self.updatesInPlace(update) {
      // As in `reduce`: the state moved out, changed in place.
      var updated = value.value
      value = Item(value: .null, path: nil)
      try updateInPlace(update, &updated, scope)
      state.value = Item(value: updated, path: nil)
      if let extract { return try each(extract, state.value, scope, body) }
      return try body.push(state.value)
    }
    try each(
      update, value, scope,
      Sink { [self] output in
        state.value = output
        if let extract {
          try each(extract, output, scope, body)
        } else {
          try body.push(output)
        }
      })
  }

  /// `reduce`: the last output of `update` after each source output, `nil` if the last
  /// round had none.
  func reduce(
    _ source: Node, _ pattern: PatternIR, _ slots: Int, _ start: Item, _ update: Node,
    _ input: Item,
    _ frame: Frame?
  ) throws -> Item? {
    // Captured by escaping closures: unchecked state, as `GeneratorState` explains.
    let accumulator = GeneratorState<Item?>(start)
    let scope = GeneratorState<Frame?>(nil)
    let inPlace = Self.updatesInPlace(update)
    try each(
      source, Item(value: input.value, path: nil), frame,
      Sink { [self] item in
        try eachBinding(pattern, slots, item.value, frame, reusing: &scope.value) { bound in
          if inPlace {
            // The accumulator is moved out, so that the update holds it alone.
            var value = accumulator.value?.value ?? .null
            accumulator.value = nil
            try updateInPlace(update, &value, bound)
            accumulator.value = Item(value: value, path: nil)
            return
          }
          if update.single {
            accumulator.value = try evaluateSingle(
              update, accumulator.value ?? Item(value: .null, path: nil), bound)
            return
          }
          let last = GeneratorState<Item?>(nil)
          try each(
            update, accumulator.value ?? Item(value: .null, path: nil), bound,
            Sink { last.value = $0 })
          accumulator.value = last.value
        }
      })
    // jq 1.8: an update that gave nothing leaves null (`reduce 1 as $x (0; empty)` is null).
    return accumulator.value ?? Item(value: .null, path: nil)
  }

  /// `.[]` of one value, pushed.
  func eachMember(_ t: Item, _ body: Sink) throws {
    switch t.value.type {
    case .array:
      try t.value.forEachElement { index, element in
        try step()
        try body.push(Item(value: element, path: t.path.map { $0 + [JSON(index)] }))
      }
    case .dictionary:
      try t.value.forEachMember { key, value in
        try step()
        try body.push(Item(value: value, path: t.path.map { $0 + [JSON(key)] }))
      }
    default:
      throw QueryError.runtime("Cannot iterate over \(ValueOps.describe(t.value))")
    }
  }

  /// `..`: the value, then each descendant, depth first.
  ///
  /// An explicit stack, not recursion:
  /// a value nested a million levels deep must not nest a million calls.
  private func eachDescendant(_ item: Item, _ body: Sink) throws {
    var pending = [item]
    while let next = pending.popLast() {
      try body.push(next)
      let type = next.value.type
      guard type == .array || type == .dictionary else { continue }
      let children = GeneratorState<[Item]>([])
      try eachMember(next, Sink { children.value.append($0) })
      pending.append(contentsOf: children.value.reversed())
    }
  }

}
