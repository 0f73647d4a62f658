import JSONKitCore

/// jq 1.8's `sub` and `gsub`, run in Swift with the pattern compiled once per call.
///
/// jq defines them in `builtin.jq`, on `match` and `reduce`: for each match, the gap
/// since the previous one and, for each output of the replacement (run on an object of
/// the named captures), that output appended to the result of the same rank; the rest of
/// the input closes each result, and no result at all (no match, or a replacement with no
/// output) gives the input unchanged. Run by the evaluator, that cost a `match` object, a
/// state object, string slices from the start (code point by code point) and an update per
/// match. This keeps that definition's outputs, their order and its errors: a replacement
/// output that is neither a string nor null fails as `$gap + $insert` does, the pattern's
/// errors come before any replacement runs, and in a path expression it fails where jq's
/// `match(…) | .[]` does.
///
/// ```
/// "abab" | [gsub("(?<n>b)"; .n + "1", "2")]   # ["ab1ab1", "a2a2"]
/// ```
enum RegexSubstitution {
  /// `sub($re; str)`, `sub($re; str; $flags)`, `gsub($re; str)` or `gsub($re; str; $flags)`:
  /// for each output of `$re`, each output of the flags (jq binds `$re` first).
  static func outputs(
    _ builtin: Intrinsic, _ arguments: [Node], _ input: Item, _ frame: Frame?,
    _ executor: Executor
  ) throws -> Generator {
    try executor.evaluateValues(arguments[0], input, frame).flatMap { pattern in
      try flags(builtin, arguments, input, frame, executor).flatMap { flags in
        .sequence(
          try substitute(
            input, pattern: pattern.value, flags: flags.value, arguments[1], frame, executor
          ).map { Item(value: $0, path: nil) })
      }
    }
  }

  /// The one output when the pattern, the replacement and the flags have one output each
  /// (the replacement's one output per match makes one result, or none without a match).
  static func single(
    _ builtin: Intrinsic, _ arguments: [Node], _ input: Item, _ frame: Frame?,
    _ executor: Executor
  ) throws -> Item {
    let pattern = try executor.evaluateValue(arguments[0], input, frame)
    var flags = JSON(builtin == .gsub ? "g" : "")
    if arguments.count == 3 {
      flags = try executor.evaluateValue(arguments[2], input, frame)
      if builtin == .gsubFlags {
        flags = try ValueOps.arithmetic(.add, flags, JSON("g"), budget: executor.memory)
      }
    }
    let results = try substitute(
      input, pattern: pattern, flags: flags, arguments[1], frame, executor)
    assert(results.count == 1, "a replacement with one output makes one result")
    return Item(value: results[0], path: nil)
  }

  /// The flags' outputs: `""` for `sub/2`, `"g"` for `gsub/2`, each output of the third
  /// argument for `sub/3`, with `+ "g"` for `gsub/3` (a non-string fails there, as in jq).
  private static func flags(
    _ builtin: Intrinsic, _ arguments: [Node], _ input: Item, _ frame: Frame?,
    _ executor: Executor
  ) throws -> Generator {
    switch builtin {
    case .sub: return .one(Item(value: JSON(""), path: nil))
    case .gsub: return .one(Item(value: JSON("g"), path: nil))
    case .gsubFlags:
      return try executor.evaluateValues(arguments[2], input, frame).map { flags in
        Item(
          value: try ValueOps.arithmetic(.add, flags.value, JSON("g"), budget: executor.memory),
          path: nil)
      }
    default: return try executor.evaluateValues(arguments[2], input, frame)
    }
  }

  /// The results of one substitution, in order: one per rank of the replacement's outputs,
  /// or the input itself when there is none.
  static func substitute(
    _ input: Item, pattern: JSON, flags: JSON, _ replacement: Node, _ frame: Frame?,
    _ executor: Executor
  ) throws -> [JSON] {
    let (text, regex, parsed) = try RegexMatch.prepare(input.value, pattern: pattern, flags: flags)
    let bytes = Array(text.utf8)
    let named = regex.namedGroups
    let ranges = try RegexMatch.ranges(
      regex, in: bytes, global: parsed.global, groups: named.map(\.group),
      retryLimit: executor.limits.regexRetries)
    // jq's `match(…) | .[]` in a path expression: the match array is not a path.
    if input.inPathMode {
      let matches = try RegexMatch.run(input.value, pattern: pattern, flags: flags, testMode: false)
      throw Executor.invalidPath("iterate through \(ValueOps.truncated(matches, 29))")
    }
    let stride = 2 + 2 * named.count
    // Positions are code points in jq (`$in[.previous:.offset]`): a match may start or end
    // inside a UTF-8 sequence (after an empty match the search goes on one byte further),
    // and there a slice takes the next code point's start.
    func boundary(_ byte: Int) -> Int {
      var position = byte
      while position < bytes.count && bytes[position] & 0xC0 == 0x80 { position += 1 }
      return position
    }
    let budget = executor.memory?.left ?? MemoryBudget.machineBytes
    var results: [[UInt8]] = []
    var previous = 0
    var inserts: [JSON] = []
    var start = 0
    while start < ranges.count {
      try executor.step()
      let begin = ranges[start]
      let end = ranges[start + 1]
      let gapStart = boundary(previous)
      let gap = bytes[gapStart..<max(gapStart, boundary(begin))]
      let captures = captureObject(named, ranges[(start + 2)..<(start + stride)], bytes)
      inserts.removeAll(keepingCapacity: true)
      let item = Item(value: captures, path: nil)
      if replacement.single {
        inserts.append(try executor.evaluateValue(replacement, item, frame))
      } else {
        let collected = GeneratorState<[JSON]>([])
        try executor.each(replacement, item, frame, Sink { collected.value.append($0.value) })
        inserts = collected.value
      }
      for (rank, insert) in inserts.enumerated() {
        // `.result[$ix] += $gap + $inserts[$ix]`: null adds nothing, other values fail.
        if insert.type != .string && insert.type != .null {
          _ = try ValueOps.arithmetic(
            .add, JSON(String(decoding: gap, as: UTF8.self)), insert, budget: executor.memory)
        }
        if rank == results.count { results.append([]) }
        let added = insert.type == .string ? insert.stringValue.utf8.count : 0
        // Checked before the buffer grows, which doubles it (the old one freed after).
        let count = results[rank].count + gap.count + added
        if count > results[rank].capacity, 2 * count > budget {
          try MemoryBudget.check(
            Double(2 * count), "a string of \(count) bytes", in: executor.memory)
        }
        results[rank].append(contentsOf: gap)
        if insert.type == .string { results[rank].append(contentsOf: insert.stringValue.utf8) }
      }
      previous = end
      start += stride
    }
    guard !results.isEmpty else { return [input.value] }
    let rest = bytes[boundary(previous)...]
    return results.map { result in
      var whole = result
      whole.append(contentsOf: rest)
      return JSON(String(decoding: whole, as: UTF8.self))
    }
  }

  /// jq's `reduce (.captures[] | select(.name != null) | {(.name): .string}) as $pair ({};
  /// . + $pair)`: each named group's text (null when it took no part), a later group of the
  /// same name replacing the value of an earlier one.
  private static func captureObject(
    _ named: [(group: Int, name: String)], _ ranges: ArraySlice<Int>, _ bytes: [UInt8]
  ) -> JSON {
    guard !named.isEmpty else { return emptyObject }
    var pairs: [(String, JSON)] = []
    pairs.reserveCapacity(named.count)
    var index = ranges.startIndex
    for (_, name) in named {
      let begin = ranges[index]
      let end = ranges[index + 1]
      let text: JSON =
        begin < 0 ? .null : JSON(String(decoding: bytes[begin..<end], as: UTF8.self))
      pairs.append((name, text))
      index += 2
    }
    return ValueOps.object(pairs)
  }

  private static let emptyObject = ValueOps.object([])
}
