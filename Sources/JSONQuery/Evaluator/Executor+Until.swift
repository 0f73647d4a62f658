extension Executor {
  /// `until(cond; update)` as jq defines it (`def until(cond; update): def _until: if cond
  /// then . else (update | _until) end; _until;`) when `cond` and `update` have one output
  /// each: a loop, one step per round, where the definition nests a call and a generator
  /// per round.
  ///
  /// `arguments` is `[cond, update, call]`, `call` the prelude's definition
  /// called with both, for a path expression (`path(until(…))`), whose paths the loop
  /// does not track.
  ///
  /// ```
  /// 1 | until(. > 100; . * 2)   # 128
  /// ```
  func until(_ arguments: [Node], _ input: Item, _ frame: Frame?) throws -> Item {
    assert(arguments.count == 3 && arguments[0].single && arguments[1].single)
    if input.path != nil {
      guard let item = try evaluate(arguments[2], input, frame).next() else {
        preconditionFailure("until with single arguments gave no output")
      }
      return item
    }
    var value = input.value
    // An update such as `. + [x]` changes the value where it stands, as in `reduce`: the
    // loop holds the value alone (`until(length >= n; . + [length])` copied it per round).
    let inPlace = Self.updatesInPlace(arguments[1])
    while true {
      try step()
      if ValueOps.isTruthy(try evaluateValue(arguments[0], Item(value: value, path: nil), frame)) {
        return Item(value: value, path: nil)
      }
      if inPlace {
        try updateInPlace(arguments[1], &value, frame)
      } else {
        value = try evaluateValue(arguments[1], Item(value: value, path: nil), frame)
      }
    }
  }
}
