import JSONKitCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// IntrinsicRunner implemented in Swift: those that need the evaluator (closures, paths, control)
/// and the value functions the prelude is built on.
enum IntrinsicRunner {
  /// Keys "name/arity" of every builtin handled here (for `builtins/0`).
  static let names: Set<String> = Set(ValueFunctions.table.keys).union(
    Intrinsic.allCases.map(\.rawValue))

  /// `getpath(path)` of `input`, with its path extended in a path expression.
  static func getpath(_ input: Item, _ path: JSON) throws -> Item {
    guard path.type == .array else {
      throw QueryError.runtime("Path must be specified as an array")
    }
    let components = ValueOps.elements(path)
    // jq's limit: deeper paths are refused rather than walked.
    if components.count > 10_000 { throw QueryError.runtime("Path too deep") }
    // jq's `jv_getpath`: null stays null along the way, any other mismatch is an error
    // (`0 | getpath(["a"])` cannot index a number).
    let result = try PathOps.get(input.value, components[...])
    return Item(value: result, path: input.path.map { $0 + components })
  }

  /// Runs a control builtin (`Intrinsic.isValueFunction` false) on its unevaluated arguments.
  static func call(
    _ builtin: Intrinsic, _ arguments: [Node], _ input: Item, _ frame: Frame?, _ executor: Executor
  ) throws -> Generator {
    switch builtin {
    case .empty: return .empty
    case .path: return try executor.paths(arguments[0], input.value, frame)
    case .getpath:
      return try executor.evaluateValues(arguments[0], input, frame).flatMap { p in
        .one(try getpath(input, p.value))
      }
    case .repeatFilter:
      // jq's `def repeat(f): def _repeat: f, _repeat; _repeat;` (f's outputs on the same
      // input, again and again, until an error), as a loop: the recursive definition
      // would nest one generator per round.
      var round: Generator?
      return Generator {
        while true {
          if round == nil { round = try executor.evaluateValues(arguments[0], input, frame) }
          if let item = try round!.next() { return Item(value: item.value, path: nil) }
          round = nil
        }
      }
    case .limit:
      // jq's `label $out | foreach f as $item (0; .+1; $item, if . >= $n then break $out
      // else empty end)` for $n > 0, written here so that f's outputs keep their paths, as
      // they do in jq: `path(limit(1; .[]))`, `del(limit(1; .[] | select(. > 1)))`.
      return try executor.evaluateValues(arguments[0], input, frame).flatMap { n in
        let sign = JSON.compare(n.value, JSON(0))
        if sign == 0 { return .empty }
        if sign < 0 { throw QueryError.runtime("limit doesn't support negative count") }
        let outputs = try executor.evaluate(arguments[1], input, frame)
        // An integer count is compared as one, not as a `JSON` per output.
        let isNumber = n.value.type == .number
        let whole = isNumber ? n.value.int64 : nil
        let state = GeneratorState((count: Int64(0), done: false))
        return Generator {
          if state.value.done { return nil }
          guard let item = try outputs.next() else { return nil }
          // jq counts down from $n with `. - 1`: a count that is not a number (a string,
          // array or object, all ordered after 0) fails at the first output.
          if !isNumber {
            _ = try ValueOps.arithmetic(.subtract, n.value, JSON(1), budget: executor.memory)
          }
          state.value.count += 1
          if let whole {
            state.value.done = state.value.count >= whole
          } else {
            state.value.done = JSON.compare(JSON(state.value.count), n.value) >= 0
          }
          return item
        }
      }
    case .skip:
      // jq's `foreach f as $item ($n; . - 1; if . < 0 then $item else empty end)` for
      // $n > 0, written here so that f's outputs keep their paths, as they do in jq's (the
      // source's path, and `$item` is the value there): `path(skip(1; .[]))`, `nth`.
      return try executor.evaluateValues(arguments[0], input, frame).flatMap { n in
        let sign = JSON.compare(n.value, JSON(0))
        if sign < 0 { throw QueryError.runtime("skip doesn't support negative count") }
        let outputs = try executor.evaluate(arguments[1], input, frame)
        if sign == 0 { return outputs }
        let seen = GeneratorState(Int64(0))
        return Generator {
          while let item = try outputs.next() {
            // A count that is not a number (ordered after 0) fails at the first output.
            if n.value.type != .number {
              _ = try ValueOps.arithmetic(.subtract, n.value, JSON(1), budget: executor.memory)
            }
            seen.value += 1
            if JSON.compare(JSON(seen.value), n.value) > 0 { return item }
          }
          return nil
        }
      }
    case .last:
      // jq's `gen_last_1`: the last output of f, none if f has none. jq restores its path
      // when f backtracks, so in a path expression the result is a path only where it is
      // the input itself (`path(last(.[]))` is "Invalid path expression with result …").
      let outputs = try executor.evaluateValues(arguments[0], input, frame)
      var last: JSON?
      while let item = try outputs.next() { last = item.value }
      guard let last else { return .empty }
      if let path = input.path, last.isIdentical(to: input.value) {
        return .one(Item(value: last, path: path))
      }
      return .one(Item(value: last, path: nil))
    case .recurseFilter:
      // jq's `def recurse(f): def r: ., (f | r); r;` (each value, then depth first what f
      // makes of it) with an explicit stack: the recursive definition nests one generator
      // per level, so each output walked the whole chain (quadratic in the depth) and a
      // deep chain grew the native stack. f runs on a value only once the next output is
      // asked for, as in jq (`first(recurse(error))` is the input).
      var started = false
      var unexpanded: Item?
      var stack: [Generator] = []
      return Generator {
        if !started {
          started = true
          unexpanded = input
          return input
        }
        if let item = unexpanded {
          unexpanded = nil
          stack.append(try executor.evaluate(arguments[0], item, frame))
        }
        while let top = stack.last {
          if let item = try top.next() {
            unexpanded = item
            return item
          }
          stack.removeLast()
        }
        return nil
      }
    case .range:
      return try executor.evaluateValues(arguments[0], input, frame).flatMap { from in
        try executor.evaluateValues(arguments[1], input, frame).flatMap { upto in
          guard from.value.type == .number, upto.value.type == .number else {
            throw QueryError.runtime("Range bounds must be numeric")
          }
          // jq's RANGE: the first value is `from` itself (a literal keeps its text), the
          // next ones add 1, and the range ends only when one is >= `upto` (never at NaN).
          var current = from.value.jqDouble
          let end = upto.value.jqDouble
          var first = true
          return Generator {
            guard !(current >= end) else { return nil }
            try executor.step()
            defer {
              current += 1
              first = false
            }
            return Item(value: first ? from.value : ValueOps.number(current), path: nil)
          }
        }
      }
    case .recurse:
      var stack: [Item] = [input]
      return Generator {
        guard let item = stack.popLast() else { return nil }
        switch item.value.type {
        case .array:
          let elements = ValueOps.elements(item.value)
          for index in elements.indices.reversed() {
            try executor.step()
            stack.append(Item(value: elements[index], path: item.path.map { $0 + [JSON(index)] }))
          }
        case .dictionary:
          for (key, value) in ValueOps.members(item.value).reversed() {
            try executor.step()
            stack.append(Item(value: value, path: item.path.map { $0 + [JSON(key)] }))
          }
        default: break
        }
        return item
      }
    case .paths: return PathStreams.paths(input.value, filter: nil, frame, executor)
    case .pathsFilter: return PathStreams.paths(input.value, filter: arguments[0], frame, executor)
    case .walk: return try executor.walk(input.value, arguments[0], frame)
    case .until: return .one(try executor.until(arguments, input, frame))
    case .sub, .subFlags, .gsub, .gsubFlags:
      return try RegexSubstitution.outputs(builtin, arguments, input, frame, executor)
    case .toStream: return PathStreams.toStream(input.value, executor)
    case .fromStream:
      return PathStreams.fromStream(
        try executor.evaluateValues(arguments[0], input, frame), executor)
    case .debug:
      executor.context.debugMessage(input.value)
      return .one(input)
    case .stderr:
      executor.context.stderrMessage(input.value)
      return .one(input)
    default:
      throw QueryError.runtime("\(builtin.rawValue) is not defined")
    }
  }

  /// `sort_by(f)`, `group_by(f)`, `unique_by(f)`, `unique`, `min_by(f)`, `max_by(f)` as jq
  /// defines them (`sort_by(f)`: `[to_entries[] | [[.value | f], .key, .value]] | sort |
  /// map(.[2])`, the others on top of it), with each element's key computed once and no
  /// quadratic rebuilding of the groups.
  static func collect(
    _ builtin: Intrinsic, _ key: Node?, _ value: JSON, _ frame: Frame?, _ executor: Executor
  ) throws -> JSON {
    // jq 1.8 defines these as `_sort_by_impl(map([f]))` and the like: the input is iterated
    // by `map` (anything but an array or object cannot be), and the C side then refuses an
    // object, naming it and the keys `map` made.
    guard value.type == .array else {
      // `unique` is C in jq (f_unique), with no `map` before it.
      if builtin == .unique {
        throw QueryError.runtime(
          "\(ValueOps.describe(value)) cannot be sorted, as it is not an array")
      }
      guard value.type == .dictionary else {
        throw QueryError.runtime("Cannot iterate over \(ValueOps.describe(value))")
      }
      let keyRows = try ValueOps.members(value).map { member in
        try sortKeys(of: member.1, key, frame, executor)
      }
      let what =
        builtin == .minBy || builtin == .maxBy
        ? "cannot be iterated over" : "cannot be sorted, as they are not both arrays"
      throw QueryError.runtime(
        "\(ValueOps.describe(value)) and \(ValueOps.describe(JSON(array: keyRows))) \(what)")
    }
    let elements = ValueOps.elements(value)
    var keys: [JSON] = []
    keys.reserveCapacity(elements.count)
    for element in elements { keys.append(try sortKeys(of: element, key, frame, executor)) }
    if builtin == .minBy || builtin == .maxBy {
      // jq's `minmax_by`: one pass, a later element taken when its key is below (min) or
      // not below (max) the best so far, whatever the keys' consistency (NaN).
      var best: Int?
      for i in keys.indices {
        if let current = best,
          try (ValueOps.order(keys[i], keys[current]) < 0) != (builtin == .minBy)
        {
          continue
        }
        best = i
      }
      return best.map { elements[$0] } ?? .null
    }
    // Positions are sorted, not (key, position, value) rows: a comparison reads two keys
    // and moves two integers. A comparator cannot throw here (Swift 6.3's SILGen crashes on
    // a typed-throws closure passed to `sort`), so a too-deep comparison is noted and
    // thrown after the sort.
    var tooDeep = false
    var order = Array(keys.indices)
    keys.withUnsafeBufferPointer { keys in
      order.sort { a, b in
        // Asked as "does b sort after a": where keys compare inconsistently (NaN is below
        // every number, itself included) the input order stays, as jq's merge sort keeps
        // it. Positions differ, so they settle every tie.
        // Safe: `a` and `b` are elements of `keys.indices`.
        let c = ValueOps.order(keys[b], keys[a], tooDeep: &tooDeep) ?? 0
        return c != 0 ? c > 0 : a < b
      }
    }
    if tooDeep { throw QueryError.runtime("Comparison too deep") }
    switch builtin {
    case .sortBy: return JSON(array: order.map { elements[$0] })
    default:
      var groups: [[JSON]] = []
      var previous: Int?
      for i in order {
        if let previous, try ValueOps.order(keys[previous], keys[i]) == 0 {
          groups[groups.count - 1].append(elements[i])
        } else {
          groups.append([elements[i]])
        }
        previous = i
      }
      if builtin == .groupBy { return JSON(array: groups.map { JSON(array: $0) }) }
      return JSON(array: groups.map { $0[0] })
    }
  }

  /// `[f]` of one element, as jq's `map([f])` makes it (the element itself without `f`).
  private static func sortKeys(
    of element: JSON, _ key: Node?, _ frame: Frame?, _ executor: Executor
  ) throws -> JSON {
    guard let key else { return JSON(array: [element]) }
    var keys: [JSON] = []
    try executor.each(key, Item(value: element, path: nil), frame, Sink { keys.append($0.value) })
    return JSON(array: keys)
  }

  /// Runs a value builtin (`Intrinsic.isValueFunction`) on its input and argument values:
  /// each family of builtins is one function, tried in turn.
  static func value(_ builtin: Intrinsic, _ value: JSON, _ args: [JSON], _ executor: Executor)
    throws
    -> JSON
  {
    if builtin == .matchImplementation, let retryLimit = executor.limits.regexRetries {
      return try RegexMatch.run(
        value, pattern: args[0], flags: args[1],
        testMode: args[2].type == .bool && args[2].boolValue, retryLimit: retryLimit)
    }
    if let result = try conversion(builtin, value, args) { return result }
    if let result = try collection(builtin, value, args) {
      return result
    }
    if let result = try environment(builtin, value, args, executor) { return result }
    if let result = try math(builtin, value, args) { return result }
    if let result = try string(builtin, value, args, budget: executor.memory) { return result }
    throw QueryError.runtime("\(builtin.rawValue) is not defined")
  }

  /// `value`'s input as a number for `f`, or jq's "number required" error.
  private static func number(_ value: JSON, _ f: (Double) -> Double) throws -> JSON {
    guard value.type == .number else {
      throw QueryError.runtime("\(ValueOps.describe(value)) number required")
    }
    return ValueOps.number(f(value.jqDouble))
  }

  /// `value` as a string, or jq's "cannot be <name>" error.
  private static func requireString(_ value: JSON, _ name: String) throws -> String {
    guard value.type == .string else {
      throw QueryError.runtime("\(ValueOps.describe(value)) cannot be \(name)")
    }
    return value.stringValue
  }

  /// Errors, truthiness, lengths, keys, types and conversions between text and values.
  ///
  /// `nil` for a builtin of another family.
  private static func conversion(_ builtin: Intrinsic, _ value: JSON, _ args: [JSON]) throws
    -> JSON?
  {
    switch builtin {
    case .error: throw QueryError(value: value)
    case .errorMessage: throw QueryError(value: args[0])
    case .not: return JSON(!ValueOps.isTruthy(value))
    case .length: return try ValueOps.length(value)
    case .utf8ByteLength:
      guard value.type == .string else {
        throw QueryError.runtime("\(ValueOps.describe(value)) only strings have UTF-8 byte length")
      }
      return JSON(value.stringValue.utf8.count)
    case .keys: return try ValueOps.keys(value, sorted: true)
    case .keysUnsorted: return try ValueOps.keys(value, sorted: false)
    case .type: return JSON(ValueOps.typeName(value))
    // A string is its own text: handed back as it is, not copied into a new `String`.
    case .toString: return value.type == .string ? value : JSON(ValueOps.text(value))
    case .toJSON: return JSON(ValueOps.json(value))
    case .fromJSON:
      guard value.type == .string else {
        throw QueryError.runtime("\(ValueOps.describe(value)) only strings can be parsed")
      }
      // jq's own reader (`jv_parse_sized`): NaN and Infinity literals, decNumber's number
      // syntax, jq's messages, its depth limit.
      do { return try JQTextParser.parse(value.stringValue) } catch {
        throw QueryError.runtime(error.message)
      }
    case .toNumber:
      if value.type == .number { return value }
      guard value.type == .string, let number = ValueOps.parseNumber(value.stringValue) else {
        throw QueryError.runtime("\(ValueOps.describe(value)) cannot be parsed as a number")
      }
      return number
    case .toBoolean:
      if value.type == .bool { return value }
      if value.type == .string, value.stringValue == "true" || value.stringValue == "false" {
        return JSON(value.stringValue == "true")
      }
      throw QueryError.runtime("\(ValueOps.describe(value)) cannot be parsed as a boolean")
    default: return nil
    }
  }

  /// Paths, membership, ordering and searching of arrays, objects and strings.
  ///
  /// `nil` for a builtin of another family.
  private static func collection(_ builtin: Intrinsic, _ value: JSON, _ args: [JSON]) throws
    -> JSON?
  {
    switch builtin {
    case .setpath:
      guard args[0].type == .array else {
        throw QueryError.runtime("Path must be specified as an array")
      }
      // jq's MAX_PATH_DEPTH, checked before anything is indexed.
      if args[0].count > 10_000 { throw QueryError.runtime("Path too deep") }
      let components = ValueOps.elements(args[0])
      // An index past an array's end pads it with nulls in one allocation, within jq's own
      // limit (`Array index too large` past 536,870,911) still gigabytes: `PathOps.set`
      // counts it against the budget where it pads, after the rest of the path is checked
      // (an error further down is jq's, and costs nothing).
      return try PathOps.set(value, components[...], args[1])
    case .delpaths:
      guard args[0].type == .array else {
        throw QueryError.runtime("Paths must be specified as an array")
      }
      // jq's `jv_delpaths`: the paths are sorted, then each is checked before any is deleted.
      let paths = ValueOps.elements(args[0]).sorted { JSON.compare($0, $1) < 0 }
      for path in paths {
        guard path.type == .array else {
          throw QueryError.runtime(
            "Path must be specified as array, not \(ValueOps.typeName(path))")
        }
        if path.count > 10_000 { throw QueryError.runtime("Path too deep") }
      }
      return try PathOps.delete(value, paths)
    case .has:
      // jq's `jv_has`: null has nothing; an array index is truncated toward zero, as C's
      // `(int)` does, and NaN is no index.
      switch (value.type, args[0].type) {
      case (.null, _): return JSON(false)
      case (.dictionary, .string): return JSON(value.member(args[0].stringValue) != nil)
      case (.array, .number):
        let d = args[0].jqDouble
        guard !d.isNaN else { return JSON(false) }
        let i = ValueOps.clampedInt(d.rounded(.towardZero))
        return JSON(i >= 0 && i < value.count)
      default:
        throw QueryError.runtime(
          "Cannot check whether \(ValueOps.typeName(value)) has a \(ValueOps.typeName(args[0])) key"
        )
      }
    case .matchImplementation:
      return try RegexMatch.run(
        value, pattern: args[0], flags: args[1],
        testMode: args[2].type == .bool && args[2].boolValue)
    case .sort:
      guard value.type == .array else {
        throw QueryError.runtime(
          "\(ValueOps.describe(value)) cannot be sorted, as it is not an array")
      }
      var tooDeep = false
      let sorted = ValueOps.elements(value).sorted {
        (ValueOps.order($0, $1, tooDeep: &tooDeep) ?? 0) < 0
      }
      if tooDeep { throw QueryError.runtime("Comparison too deep") }
      return JSON(array: sorted)
    case .min, .max:
      // jq's `minmax_by(x, x)`: the first smallest, or the last largest (a later element
      // that is not smaller replaces the one kept).
      guard value.type == .array else {
        throw QueryError.runtime(
          "\(ValueOps.describe(value)) and \(ValueOps.describe(value)) cannot be iterated over")
      }
      let items = ValueOps.elements(value)
      guard var kept = items.first else { return .null }
      for item in items.dropFirst() where (try ValueOps.order(item, kept) < 0) == (builtin == .min)
      {
        kept = item
      }
      return kept
    case .reverse:
      // jq 1.8's `def reverse: [.[length - 1 - range(0;length)]];`: an array reversed; a
      // value of length 0 (null, "", {}, 0) gives []; any other value fails where that
      // definition indexes it first, at `length - 1`.
      if value.type == .array { return JSON(array: ValueOps.elements(value).reversed()) }
      let length = try ValueOps.length(value)
      guard length.jqDouble > 0 else { return JSON(array: []) }
      let index = ValueOps.number(length.jqDouble - 1)
      _ = try ValueOps.index(value, index)
      return JSON(array: [])
    case .indices:
      // jq 1.8's `indices($i)`: arrays search for a sub-array (a lone value is one of one),
      // strings for a substring; anything else is `.[$i]`, with its result or its error.
      if value.type == .array, args[0].type == .array { return ValueOps.indices(value, args[0]) }
      if value.type == .array { return ValueOps.indices(value, JSON(array: [args[0]])) }
      if value.type == .string, args[0].type == .string {
        return ValueOps.stringIndices(value.stringValue, args[0].stringValue)
      }
      return try ValueOps.index(value, args[0])
    case .flatten:
      // jq 1.8's `flatten($x)`: a negative depth (anything ordered below 0, null too) is
      // refused first; then the input's values are iterated (an object's too), and each
      // array among them is flattened while the depth, decreased by 1 per level, is not 0.
      if JSON.compare(args[0], JSON(0)) < 0 {
        throw QueryError.runtime("flatten depth must not be negative")
      }
      guard value.type == .array || value.type == .dictionary else {
        throw QueryError.runtime("Cannot iterate over \(ValueOps.describe(value))")
      }
      // A stack of the arrays being flattened, not recursion: a value nested 20,000 deep
      // would otherwise overflow the thread (about 1.8 KB a level in a debug build).
      var pending: [(items: [JSON], next: Int, depth: JSON)] = [
        (
          value.type == .array ? ValueOps.elements(value) : ValueOps.members(value).map(\.1), 0,
          args[0]
        )
      ]
      var out: [JSON] = []
      while let (items, next, depth) = pending.last {
        if next == items.count {
          pending.removeLast()
          continue
        }
        pending[pending.count - 1].next = next + 1
        let item = items[next]
        if item.type == .array && JSON.compare(depth, JSON(0)) != 0 {
          // A subtraction allocates nothing: no budget to check.
          let lower = try ValueOps.arithmetic(.subtract, depth, JSON(1), budget: nil)
          pending.append((ValueOps.elements(item), 0, lower))
        } else {
          out.append(item)
        }
      }
      return JSON(array: out)
    case .contains:
      return JSON(try contains(value, args[0]))
    default: return nil
    }
  }

  /// Inputs, modules, the environment, halting, and what this build supports.
  ///
  /// `nil` for a builtin of another family.
  private static func environment(
    _ builtin: Intrinsic, _ value: JSON, _ args: [JSON], _ executor: Executor
  ) throws -> JSON? {
    switch builtin {
    case .input:
      // jq 1.8's `f_input`: no more input is the error "break", which `inputs` ends on.
      guard let next = try executor.context.nextInput() else {
        throw QueryError.runtime("break")
      }
      return next
    case .inputLineNumber: return executor.context.inputLineNumber()
    case .inputFilename: return executor.context.inputFilename()
    case .moduleMeta: return try ModuleMetadata.describe(value, resolver: executor.modules)
    case .searchList: return JSON(array: executor.modules.libraryPaths.map { JSON($0) })
    case .env: return executor.environmentObject()
    case .builtins:
      // As jq's `block_list_funcs(…, omit_underscores)`: helpers named `_…` are not listed.
      return JSON(
        array: names.union(Prelude.names).filter { !$0.hasPrefix("_") }.sorted().map { JSON($0) })
    case .getJQOrigin: return executor.modules.executableDirectory.map { JSON($0) } ?? .null
    case .getProgOrigin: return JSON(executor.modules.programOrigin)
    case .halt: throw QueryError(value: .null, kind: .halt(status: 0))
    case .haltError:
      guard args[0].type == .number else {
        throw QueryError.runtime("\(ValueOps.describe(value)) halt_error/1: number required")
      }
      throw QueryError(
        value: value,
        kind: .halt(status: Int32(truncatingIfNeeded: ValueOps.toInteger(args[0].jqDouble))))
    case .now: return JSON(Date().timeIntervalSince1970)
    case .haveDecnum: return JSON(true)
    case .haveLiteralNumbers: return JSON(true)
    default: return nil
    }
  }

  /// Numbers: the special values, rounding and the math functions written here.
  ///
  /// `nil` for a builtin of another family.
  private static func math(_ builtin: Intrinsic, _ value: JSON, _ args: [JSON]) throws
    -> JSON?
  {
    switch builtin {
    case .infinite: return JSON(Double.infinity)
    case .nan: return JSON(Double.nan)
    case .isInfinite: return JSON(value.jqDouble.isInfinite)
    case .isNaN: return JSON(value.jqDouble.isNaN)
    case .floor: return try number(value) { $0.rounded(.down) }
    case .ceil: return try number(value) { $0.rounded(.up) }
    case .round: return try number(value) { $0.rounded(.toNearestOrAwayFromZero) }
    case .sqrt: return try number(value) { $0.squareRoot() }
    case .abs:
      // jq 1.8.2's builtin.jq: `if . < 0 then - . else . end`. Values ordered after numbers
      // (strings, arrays, objects) pass through; null and booleans sort before 0, so they
      // are negated, which fails.
      if value.type == .number { return ValueOps.magnitude(value) }
      if JSON.compare(value, 0) < 0 {
        throw QueryError.runtime("\(ValueOps.describe(value)) cannot be negated")
      }
      return value
    case .log: return try number(value) { cLog($0) }
    case .exp: return try number(value) { cExp($0) }
    case .significand:
      // C's `significand`: the sign kept, in [1, 2) in magnitude; 0, ±∞ and NaN unchanged.
      return try number(value) { x in
        x == 0 || !x.isFinite ? x : (x < 0 ? -x.significand : x.significand)
      }
    case .pow:
      // jq's LIBM_DDD: each argument must be a number, the first checked first.
      return ValueOps.number(
        cPow(
          try MathFunctions.number(args[0], "pow"), try MathFunctions.number(args[1], "pow")))
    default: return nil
    }
  }

  /// Strings: code points, trimming, prefixes, splitting and ASCII case.
  ///
  /// `nil` for a builtin of another family; `budget` is the run's memory budget
  /// (`explode`'s array is checked against it).
  private static func string(
    _ builtin: Intrinsic, _ value: JSON, _ args: [JSON], budget: MemoryBudget?
  ) throws
    -> JSON?
  {
    switch builtin {
    case .explode:
      // jq 1.8's f_string_explode; ascii_downcase and ascii_upcase explode first, so they
      // share its message.
      guard value.type == .string else {
        throw QueryError.runtime("explode input must be a string")
      }
      let text = value.stringValue
      // One element per code point: 16 times the text's bytes for ASCII.
      let count = text.unicodeScalars.count
      try MemoryBudget.check(
        Double(count * MemoryBudget.bytesPerElement), "an array of \(count) code points",
        in: budget)
      return JSON(array: text.unicodeScalars.map { JSON(Int($0.value)) })
    case .implode:
      guard value.type == .array else { throw QueryError.runtime("implode input must be an array") }
      var scalars = String.UnicodeScalarView()
      for code in ValueOps.elements(value) {
        guard code.type == .number, !code.jqDouble.isNaN else {
          let shown = code.type == .number ? "number (null)" : ValueOps.describe(code)
          throw QueryError.runtime(
            "\(shown) can't be imploded, unicode codepoint needs to be numeric")
        }
        // Negative, surrogate and out-of-range code points become U+FFFD, as in jq 1.8.
        let number = ValueOps.toInteger(code.jqDouble)
        let scalar = number >= 0 && number <= 0x10FFFF ? Unicode.Scalar(UInt32(number)) : nil
        scalars.append(scalar ?? "\u{FFFD}")
      }
      return JSON(String(scalars))
    case .ltrimstr, .rtrimstr, .startsWith, .endsWith:
      // jq 1.8 defines `ltrimstr` through `startswith` and `rtrimstr` through `endswith`, so
      // each shares that one's error for a non-string. Bytes are compared, as jq's `memcmp`
      // (Swift's `hasPrefix` would treat "é" and "e\u{301}" as equal).
      let atStart = builtin == .ltrimstr || builtin == .startsWith
      guard value.type == .string && args[0].type == .string else {
        throw QueryError.runtime("\(atStart ? "startswith" : "endswith")() requires string inputs")
      }
      let text = Array(value.stringValue.utf8)
      let affix = Array(args[0].stringValue.utf8)
      let matches =
        affix.count <= text.count
        && (atStart
          ? text.prefix(affix.count).elementsEqual(affix)
          : text.suffix(affix.count).elementsEqual(affix))
      switch builtin {
      case .startsWith, .endsWith: return JSON(matches)
      case .ltrimstr:
        return matches ? JSON(String(decoding: text.dropFirst(affix.count), as: UTF8.self)) : value
      default:
        return matches ? JSON(String(decoding: text.dropLast(affix.count), as: UTF8.self)) : value
      }
    case .trim, .ltrim, .rtrim:
      guard let text = value.string else { throw QueryError.runtime("trim input must be a string") }
      var scalars = Substring(text)
      if builtin != .rtrim { scalars = scalars.drop { $0.isWhitespace } }
      if builtin != .ltrim {
        while let last = scalars.last, last.isWhitespace { scalars = scalars.dropLast() }
      }
      return JSON(String(scalars))
    case .split:
      guard value.type == .string, args[0].type == .string else {
        throw QueryError.runtime("split input and separator must be strings")
      }
      return ValueOps.split(value.stringValue, by: args[0].stringValue)
    case .asciiDowncase, .asciiUpcase:
      guard value.type == .string else {
        throw QueryError.runtime("explode input must be a string")
      }
      let text = value.stringValue
      let lower = builtin == .asciiDowncase
      return JSON(
        String(
          String.UnicodeScalarView(
            text.unicodeScalars.map { c in
              if lower, c.value >= 65, c.value <= 90 { return Unicode.Scalar(c.value + 32)! }
              if !lower, c.value >= 97, c.value <= 122 { return Unicode.Scalar(c.value - 32)! }
              return c
            })))
    default: return nil
    }
  }

  /// jq's `contains`: only values of one type can be compared at the top; inside, a
  /// value of another type simply does not contain (`[1, {"a": 1}] | contains([{"a": 1}])`).
  static func contains(_ a: JSON, _ b: JSON) throws(QueryError) -> Bool {
    // jq compares kinds, and `true` and `false` are two kinds.
    guard a.type == b.type, a.type != .bool || a.boolValue == b.boolValue else {
      throw .runtime(
        "\(ValueOps.describe(a)) and \(ValueOps.describe(b)) cannot have their containment checked")
    }
    var stack = StackGuard()
    stack.enter()
    return try containsValue(a, b, depth: 0, stack: stack)
  }

  /// jq's `jvp_contains`: recursive, with jq's depth guard (deeper than 10,000 levels is
  /// "Containment check too deep", never a stack overflow); strings compare bytes, as
  /// `memmem` (Swift's `contains` would match "é" with "e\u{301}").
  ///
  /// On a thread whose stack cannot hold 10,000 levels, `stack` stops it first (a resource
  /// limit error instead of a crash).
  private static func containsValue(_ a: JSON, _ b: JSON, depth: Int, stack: StackGuard)
    throws(QueryError) -> Bool
  {
    if depth > 10_000 { throw .runtime("Containment check too deep") }
    try stack.check()
    guard a.type == b.type else { return false }
    switch a.type {
    case .dictionary:
      for (key, value) in ValueOps.members(b) {
        guard let mine = a.member(key),
          try containsValue(mine, value, depth: depth + 1, stack: stack)
        else {
          return false
        }
      }
      return true
    case .array:
      let haystack = ValueOps.elements(a)
      for needle in ValueOps.elements(b) {
        var found = false
        for candidate in haystack
        where try containsValue(candidate, needle, depth: depth + 1, stack: stack) {
          found = true
          break
        }
        if !found { return false }
      }
      return true
    case .string:
      let needle = b.stringValue.utf8
      return needle.isEmpty || a.stringValue.utf8.firstRange(of: needle) != nil
    default:
      return JSON.compare(a, b) == 0
    }
  }

}

// C's `log`, `exp` and `pow`, by names that the intrinsics' own do not shadow.
private func cLog(_ x: Double) -> Double { log(x) }
private func cExp(_ x: Double) -> Double { exp(x) }
private func cPow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
