import JSONKitCore

/// Filters whose outputs are every combination of the outputs of several parts: object
/// construction (`{a: (1, 2), b: (3, 4)}`), string interpolation (`"\(1, 2)-\(3, 4)"`) and
/// a long chain of arithmetic (`(1, 2) + 10 + (100, 200) + …`).
///
/// jq runs them as nested loops, one per part. Written as generators nested one per part,
/// each output was pulled through as many generators as there are parts, and the native
/// stack grew with them: an object or a string of 100,000 parts overflowed it. Here the
/// parts' generators wait in an array and one loop moves between them (an odometer).
extension Executor {
  /// The state of `combinations`: a generator per level (`nil` until made, and again once
  /// done), the value each level holds now, and the level pulled next.
  private struct Odometer {
    var generators: [Generator?]
    var values: [JSON]
    var level = 0
    var finished = false
  }

  /// Every combination of one output per level, in the order of nested loops with level 0
  /// outermost: level `i`'s generator is made again, by `make(i, values)` (the values of
  /// the levels before `i` chosen), for each combination of the levels before it.
  ///
  /// `accept(i, value, values)` turns an output of level `i` into the value the level
  /// holds, or throws (a check made as each output comes, as the nested form makes it);
  /// `finish(values)` makes the output of one whole combination.
  private func combinations(
    levels count: Int,
    make: @escaping (Int, [JSON]) throws -> Generator,
    accept: @escaping (Int, JSON, [JSON]) throws -> JSON,
    finish: @escaping ([JSON]) throws -> Item
  ) -> Generator {
    let state = GeneratorState(
      Odometer(
        generators: [Generator?](repeating: nil, count: count),
        values: [JSON](repeating: .null, count: count)))
    return Generator {
      if state.value.finished { return nil }
      while true {
        let level = state.value.level
        if state.value.generators[level] == nil {
          state.value.generators[level] = try make(level, state.value.values)
        }
        if let item = try state.value.generators[level]!.next() {
          state.value.values[level] = try accept(level, item.value, state.value.values)
          if level == count - 1 { return try finish(state.value.values) }
          state.value.level = level + 1
        } else {
          state.value.generators[level] = nil
          if level == 0 {
            state.value.finished = true
            return nil
          }
          state.value.level = level - 1
        }
      }
    }
  }

  /// `operands` joined from the left by `operators`, some operand with other than one
  /// output: the last operand's loop outermost, as the nested operators run (each loops
  /// over its right operand's outputs, then over its left one's).
  func arithmetic(
    _ operators: [BinaryOperator], _ operands: [Node], _ input: Item, _ frame: Frame?
  ) -> Generator {
    let last = operands.count - 1
    return combinations(
      levels: operands.count,
      make: { level, _ in try self.evaluateValues(operands[last - level], input, frame) },
      accept: { _, value, _ in value },
      finish: { values in
        Item(value: try self.fold(operators, Array(values.reversed())), path: nil)
      })
  }

  /// `values` joined from the left by `operators`, one step and one memory charge per
  /// operator, as the nested operators count them.
  func fold(_ operators: [BinaryOperator], _ values: [JSON]) throws -> JSON {
    var result = values[0]
    for (i, op) in operators.enumerated() {
      try step()
      let right = values[i + 1]
      if op == .add, let sum = Self.exactSum(result, right) {
        result = sum
        continue
      }
      result = try ValueOps.arithmetic(op, result, right, budget: memory)
      try charge(result)
    }
    return result
  }

  /// `{…}` with `entries`, some key or value with other than one output: for each entry in
  /// order, its key's loop, then its value's.
  ///
  /// As jq's INSERT: the key, then the value, then the key's type is checked.
  func buildObject(_ entries: [ObjectEntryIR], _ input: Item, _ frame: Frame?) -> Generator {
    guard !entries.isEmpty else { return .one(Item(value: JSON([:]), path: nil)) }
    return combinations(
      levels: 2 * entries.count,
      make: { level, values in
        let entry = entries[level / 2]
        if level % 2 == 0 { return try self.evaluateValues(entry.key, input, frame) }
        if let value = entry.value { return try self.evaluateValues(value, input, frame) }
        // `{"\(k)"}`: the input's member at each key.
        return .one(Item(value: try ValueOps.index(input.value, values[level - 1]), path: nil))
      },
      accept: { level, value, values in
        if level % 2 == 1, values[level - 1].type != .string {
          throw Self.objectKeyError(values[level - 1])
        }
        return value
      },
      finish: { values in
        var members: [(String, JSON)] = []
        members.reserveCapacity(entries.count)
        for i in entries.indices { members.append((values[2 * i].stringValue, values[2 * i + 1])) }
        let object = ValueOps.object(members)
        try self.charge(object)
        return Item(value: object, path: nil)
      })
  }

  /// A string with interpolations `parts`, some with other than one output: the last
  /// interpolation's loop outermost, as in jq; each output is formatted as it comes.
  func interpolate(
    _ parts: [StringPartIR], _ format: String?, _ input: Item, _ frame: Frame?
  ) -> Generator {
    var inner: [Node] = []
    for case .interpolation(let node) in parts.reversed() { inner.append(node) }
    guard !inner.isEmpty else {
      var text = ""
      for case .literal(let literal) in parts { text += literal }
      return .one(Item(value: JSON(text), path: nil))
    }
    return combinations(
      levels: inner.count,
      make: { level, _ in try self.evaluateValues(inner[level], input, frame) },
      accept: { _, value, _ in JSON(try self.text(value, format)) },
      finish: { values in
        var text = ""
        var next = values.count - 1
        for part in parts {
          switch part {
          case .literal(let literal): text += literal
          case .interpolation:
            text += values[next].stringValue
            next -= 1
          }
        }
        let string = JSON(text)
        try self.charge(string)
        return Item(value: string, path: nil)
      })
  }
}
