import JSONKitCore

/// Runs compiled code (`Node`s) lazily on one input.
///
/// One executor per run (it holds the run's context, its limits and what is left of them,
/// and its label counter).
final class Executor {
  let context: QueryContext
  /// Where `modulemeta` looks for modules.
  let modules: ModuleResolver
  /// The program's definitions (its own `def`s and its modules'), and the prelude's.
  private let program: [FunctionIR]
  private let prelude: [FunctionIR]
  // `@exclusivity(unchecked)` on the mutable state: one run is evaluated by one thread at a
  // time and no access to these stays open across a call, so the dynamic exclusivity
  // checks (7% of a run on many small inputs) guard nothing.
  @exclusivity(unchecked) private var nextLabel = -1
  @exclusivity(unchecked) private var depth = 0
  /// Calls nested deeper than this fail with an error instead of overflowing the stack.
  static let maximumDepth = 2_000
  /// Steps between two looks at the clock when the run has a time limit.
  static let stepsPerClockCheck = 4_096

  /// The run's limits (`QueryOptions.limits`).
  let limits: QueryLimits
  /// Evaluation steps left before the next checkpoint (`checkpoint()`).
  ///
  /// The checkpoint is the end of the step limit, or the next look at the clock. Without
  /// either it starts at `Int.max`, which one decrement per step never exhausts: the check
  /// costs one branch per step whether limits are set or not.
  @exclusivity(unchecked) private var stepsLeft: Int
  /// Steps of the step limit beyond `stepsLeft`'s window (with a time limit, the step
  /// limit is spent one window at a time).
  @exclusivity(unchecked) private var stepsInReserve: Int
  /// When the run passes `limits.time` (a reference: see `RunDeadline`).
  private let deadline: RunDeadline?
  /// Nested calls past which the run fails: `maximumDepth`, or `limits.depth` when lower.
  private let depthLimit: Int
  /// `limits.memory`, counted down as values are made; `nil` without a memory limit.
  let memory: MemoryBudget?
  /// Values (`limits.outputs`) and bytes (`limits.outputBytes`) the run may still produce.
  @exclusivity(unchecked) private var outputsLeft: Int
  @exclusivity(unchecked) private var outputBytesLeft: Int
  /// Whether `countOutput` has anything to count (`limits.outputs` or `limits.outputBytes`
  /// is set): one test per output without them.
  let countsOutputs: Bool
  /// Stops nesting before the stack overflows.
  @exclusivity(unchecked) var stackGuard = StackGuard()

  init(
    program: [FunctionIR], prelude: [FunctionIR], context: QueryContext,
    modules: ModuleResolver, limits: QueryLimits = QueryLimits()
  ) {
    self.program = program
    self.prelude = prelude
    self.context = context
    self.modules = modules
    self.limits = limits
    let steps = limits.steps.map { max($0, 0) } ?? .max
    if let time = limits.time {
      deadline = RunDeadline(after: time)
      stepsLeft = min(steps, Self.stepsPerClockCheck)
    } else {
      deadline = nil
      stepsLeft = steps
    }
    stepsInReserve = steps == .max ? .max : steps - stepsLeft
    depthLimit = min(limits.depth.map { max($0, 0) } ?? .max, Self.maximumDepth)
    memory = limits.memory.map { MemoryBudget(limit: $0) }
    outputsLeft = limits.outputs.map { max($0, 0) } ?? .max
    outputBytesLeft = limits.outputBytes.map { max($0, 0) } ?? .max
    countsOutputs = limits.outputs != nil || limits.outputBytes != nil
    stackGuard.enter()
  }

  /// A label id no other `label` of this run has.
  func newLabel() -> Int {
    nextLabel += 1
    return nextLabel
  }

  /// Spends one evaluation step.
  @inline(__always)
  func step() throws(QueryError) {
    stepsLeft &-= 1
    if stepsLeft < 0 { try checkpoint() }
  }

  /// The step after a window of steps: fails past the time or the step limit, or opens
  /// the next window.
  @inline(never)
  private func checkpoint() throws(QueryError) {
    if let deadline, deadline.hasPassed {
      throw QueryError.resourceLimit("time limit of \(limits.time!) exceeded", .time)
    }
    guard stepsInReserve > 0 else {
      throw QueryError.resourceLimit("evaluation step limit exceeded", .steps)
    }
    let window =
      deadline == nil ? stepsInReserve : min(stepsInReserve, Self.stepsPerClockCheck)
    if stepsInReserve != .max { stepsInReserve -= window }
    stepsLeft = window - 1
  }

  /// Counts a value the run makes against its memory limit, if it has one: its own size,
  /// and with `nested` that of its elements' and members' values.
  ///
  /// Without a memory limit this is one test of `memory`; the counting itself is never
  /// inlined (`MemoryBudget.charge`).
  @inline(__always)
  func charge(_ value: JSON, nested: Bool = false) throws(QueryError) {
    if let memory { try memory.charge(value, nested: nested) }
  }

  /// Counts an output of the run against its output limits; throws past one of them.
  func countOutput(_ value: JSON) throws(QueryError) {
    outputsLeft -= 1
    if outputsLeft < 0 {
      throw QueryError.resourceLimit("output limit of \(limits.outputs!) values exceeded", .outputs)
    }
    guard outputBytesLeft != .max else { return }
    outputBytesLeft -= JSONWriter(options: []).string(value).utf8.count
    if outputBytesLeft < 0 {
      throw QueryError.resourceLimit(
        "output limit of \(limits.outputBytes!) bytes exceeded", .outputBytes)
    }
  }

  /// One more nested call; throws past the depth limit (`limits.depth`, a resource limit)
  /// or `maximumDepth` (jq's kind of error: `try` catches it).
  @inline(__always)
  private func enterCall(_ name: @autoclosure () -> String) throws(QueryError) {
    depth += 1
    if depth > depthLimit {
      depth -= 1
      throw tooDeep(name())
    }
  }

  /// The error of a call past `depthLimit`: the depth limit's, or jq's own past
  /// `maximumDepth`.
  @inline(never)
  private func tooDeep(_ name: String) -> QueryError {
    if let limit = limits.depth, limit < Executor.maximumDepth {
      return QueryError.resourceLimit("depth limit of \(limit) nested calls exceeded", .depth)
    }
    return QueryError.runtime("maximum call depth (\(Executor.maximumDepth)) exceeded\(name)")
  }

  // MARK: filters with one output

  /// The output of a `single` node, computed directly.
  func evaluateSingle(_ node: Node, _ input: Item, _ frame: Frame?) throws -> Item {
    try step()
    try stackGuard.check()
    switch node.op {
    case .identity:
      return input
    case .literal(let value):
      // jq accepts a constant as a path expression where it is identical to the value
      // at the path so far (jv_identical): only null, true and false can be.
      if let path = input.path, value.type == .null || value.type == .bool,
        value == input.value
      {
        return Item(value: value, path: path)
      }
      return Item(value: value, path: nil)
    case .variable(let slot):
      let value = frame.up(slot.hops)!.values[slot.index]
      // As a constant above: a variable holding the very value at the path so far
      // (`path(.a as $x | .a | $x)`) keeps the path.
      if let path = input.path, value.isIdentical(to: input.value) {
        return Item(value: value, path: path)
      }
      return Item(value: value, path: nil)
    case .index(let target, let key):
      // As jq's gen_index: the key first, then the target.
      let k = try evaluateValue(key, input, frame)
      let t = try evaluateSingle(target, input, frame)
      return try indexed(t, k, in: input)
    case .slice(let target, let from, let to):
      let start = try from.map { try evaluateValue($0, input, frame) } ?? .null
      let end = try to.map { try evaluateValue($0, input, frame) } ?? .null
      let t = try evaluateSingle(target, input, frame)
      return try sliced(t, start, end, in: input)
    case .pipe(let lhs, let rhs):
      return try evaluateSingle(
        rhs, Self.handOn(try evaluateSingle(lhs, input, frame), from: input), frame)
    case .negate(let body):
      return Item(value: try negated(try evaluateValue(body, input, frame)), path: nil)
    case .binary(let op, let lhs, let rhs):
      let r = try evaluateValue(rhs, input, frame)
      let l = try evaluateValue(lhs, input, frame)
      if op == .add, let sum = Self.exactSum(l, r) { return Item(value: sum, path: nil) }
      let result = try ValueOps.arithmetic(op, l, r, budget: memory)
      try charge(result)
      return Self.computed(result, from: input)
    case .arithmetic(let operators, let operands):
      // The operands from the last to the first, as the nested operators would evaluate
      // them (each its right operand first).
      var values = [JSON](repeating: .null, count: operands.count)
      for i in operands.indices.reversed() {
        values[i] = try evaluateValue(operands[i], input, frame)
      }
      return Self.computed(try fold(operators, values), from: input)
    case .and(let lhs, let rhs):
      guard ValueOps.isTruthy(try evaluateValue(lhs, input, frame)) else {
        return Self.computed(JSON(false), from: input)
      }
      return Self.computed(
        JSON(ValueOps.isTruthy(try evaluateValue(rhs, input, frame))), from: input)
    case .or(let lhs, let rhs):
      if ValueOps.isTruthy(try evaluateValue(lhs, input, frame)) {
        return Self.computed(JSON(true), from: input)
      }
      return Self.computed(
        JSON(ValueOps.isTruthy(try evaluateValue(rhs, input, frame))), from: input)
    case .alternative(let lhs, let rhs):
      // An error of `lhs` goes through (jq 1.6 and 1.8 alike: `error("x") // 1` fails).
      let item = try evaluateSingle(lhs, input, frame)
      if ValueOps.isTruthy(item.value) { return item }
      return try evaluateSingle(rhs, input, frame)
    case .array(let body):
      guard let body else { return Item(value: JSON(array: []), path: nil) }
      if let memory { return try collectCounting(body, input, frame, memory) }
      if body.single {
        return Item(value: JSON(array: [try evaluateValue(body, input, frame)]), path: nil)
      }
      let items = GeneratorState<[JSON]>([])
      try each(
        body, Item(value: input.value, path: nil), frame, Sink { items.value.append($0.value) })
      return Item(value: JSON(array: items.value), path: nil)
    case .object(let entries):
      var members: [(String, JSON)] = []
      members.reserveCapacity(entries.count)
      for entry in entries {
        // As jq's INSERT: the key, then the value, then the key's type is checked.
        let key = try evaluateValue(entry.key, input, frame)
        let value =
          try entry.value.map { try evaluateValue($0, input, frame) }
          ?? ValueOps.index(input.value, key)
        guard key.type == .string else { throw Self.objectKeyError(key) }
        members.append((key.stringValue, value))
      }
      let object = ValueOps.object(members)
      try charge(object)
      return Item(value: object, path: nil)
    case .string(let format, let parts):
      var suffix = ""
      for part in parts.reversed() {
        switch part {
        case .literal(let text): suffix = text + suffix
        case .interpolation(let inner):
          suffix = try text(try evaluateValue(inner, input, frame), format) + suffix
        }
      }
      let string = JSON(suffix)
      try charge(string)
      return Item(value: string, path: nil)
    case .format(let name):
      let text = JSON(try Formats.apply(name, input.value))
      try charge(text)
      return Item(value: text, path: nil)
    case .ifThen(let condition, let then, let otherwise):
      if ValueOps.isTruthy(try evaluateValue(condition, input, frame)) {
        return try evaluateSingle(then, input, frame)
      }
      guard let otherwise else { return input }
      return try evaluateSingle(otherwise, input, frame)
    case .reduce(let source, let pattern, let slots, let initial, let update):
      if input.inPathMode {
        return try reduceInPath(source, pattern, slots, initial, update, input, frame).next()!
      }
      let start = try evaluateSingle(initial, input, frame)
      return try reduce(source, pattern, slots, start, update, input, frame)!
    case .bind(let source, let patterns, let slots, let body):
      var scope: Frame?
      let bound = try bind(
        patterns[0], slots, try evaluateValue(source, input, frame), frame, reusing: &scope)
      return try evaluateSingle(body, input, bound)
    case .assign(let op, let lhs, let rhs):
      return try assign(op, lhs, rhs, input, frame).next()!
    case .contextVariable(let name):
      guard let value = context.variables[name] else {
        throw QueryError.runtime("$\(name) is not defined")
      }
      return Item(value: value, path: nil)
    case .environment:
      return Item(value: environmentObject(), path: nil)
    case .intrinsic(let builtin, let arguments):
      if builtin == .until { return try until(arguments, input, frame) }
      if builtin == .getpath {
        // One output per path: in a `reduce` update (`pick`'s `setpath($p; $top |
        // getpath($p))`) the accumulator is then changed in place, not copied per step.
        return try IntrinsicRunner.getpath(
          input, evaluateValue(arguments[0], Item(value: input.value, path: nil), frame))
      }
      if builtin.isSubstitution {
        let item = try RegexSubstitution.single(builtin, arguments, input, frame, self)
        try charge(item.value)
        return item
      }
      if builtin.isCollector {
        let result = try IntrinsicRunner.collect(builtin, arguments.first, input.value, frame, self)
        try charge(result, nested: true)
        return Item(value: result, path: nil)
      }
      let result = try IntrinsicRunner.value(
        builtin, input.value, try argumentValues(arguments, input, frame), self)
      if memory != nil, builtin.makesValue { try charge(result, nested: true) }
      return Self.computed(result, from: input)
    case .valueFunction(let function, let arguments):
      let result = try function(input.value, try argumentValues(arguments, input, frame))
      try charge(result, nested: true)
      return Self.computed(result, from: input)
    case .fail(let message):
      throw QueryError.runtime(message)
    default:
      preconditionFailure("not a single-output node: \(node.op)")
    }
  }

  /// `[body]` under a memory limit: an array of one output counted once made; of several,
  /// counted as it grows, each new buffer before it is allocated (twice the old one, which
  /// is freed only after the copy), so that `[range(1e9)]` stops at the limit.
  ///
  /// Apart from `evaluateSingle`, so that a run without a memory limit does not carry it.
  @inline(never)
  private func collectCounting(_ body: Node, _ input: Item, _ frame: Frame?, _ memory: MemoryBudget)
    throws -> Item
  {
    if body.single {
      let array = JSON(array: [try evaluateValue(body, input, frame)])
      try memory.charge(array)
      return Item(value: array, path: nil)
    }
    let items = GeneratorState<[JSON]>([])
    try each(
      body, Item(value: input.value, path: nil), frame,
      Sink {
        if items.value.count == items.value.capacity {
          let capacity = max(2 * items.value.capacity, 4)
          try memory.charge(
            capacity * MemoryBudget.bytesPerElement, "an array of \(capacity) values")
        }
        items.value.append($0.value)
      })
    return Item(value: JSON(array: items.value), path: nil)
  }

  /// A computed value, as an output of a filter whose input is `input`.
  ///
  /// In a path
  /// expression it keeps the path so far where it is identical to the value there, as jq's
  /// `path_intact` (`jv_identical`) lets it: `path(tostring)` of a string, `path(. > 1)` of
  /// `false`. Numbers never are: jq's input numbers are literals, which no computation
  /// gives back.
  @inline(__always)
  static func computed(_ value: JSON, from input: Item) -> Item {
    if let path = input.path, value.type != .number, value.isIdentical(to: input.value) {
      return Item(value: value, path: path)
    }
    return Item(value: value, path: nil)
  }

  /// `a + b` of two integers whose sum a double holds exactly (below 2^53 in magnitude),
  /// without going through doubles: what `ValueOps.add` gives for them (jq adds doubles,
  /// and an integral double in that range is written as that integer).
  ///
  /// `nil` otherwise.
  @inline(__always)
  static func exactSum(_ a: JSON, _ b: JSON) -> JSON? {
    guard let x = a.int64, let y = b.int64 else { return nil }
    let limit: Int64 = 1 << 53
    guard x > -limit && x < limit && y > -limit && y < limit else { return nil }
    let sum = x + y
    guard sum > -limit && sum < limit else { return nil }
    return JSON(sum)
  }

  /// The value of a `single` node, its input taken out of path mode.
  ///
  /// `.`, a literal and a variable are read here, with their step but without a call of
  /// `evaluateSingle` (operands of arithmetic and comparisons, arguments, keys).
  @inline(__always)
  func evaluateValue(_ node: Node, _ input: Item, _ frame: Frame?) throws -> JSON {
    switch node.op {
    case .identity:
      try step()
      return input.value
    case .literal(let value):
      try step()
      return value
    case .variable(let slot):
      try step()
      return frame.up(slot.hops)!.values[slot.index]
    default: return try evaluateSingle(node, Item(value: input.value, path: nil), frame).value
    }
  }

  /// The single arguments of a value builtin, last first (as the generator version nests).
  private func argumentValues(_ arguments: [Node], _ input: Item, _ frame: Frame?) throws -> [JSON]
  {
    var values = [JSON](repeating: .null, count: arguments.count)
    for index in arguments.indices.reversed() {
      values[index] = try evaluateValue(arguments[index], input, frame)
    }
    return values
  }

  // MARK: generators

  func evaluate(_ node: Node, _ input: Item, _ frame: Frame?) throws -> Generator {
    if node.single { return .one(try evaluateSingle(node, input, frame)) }
    try step()
    try stackGuard.check()
    switch node.op {
    case .identity, .literal, .variable, .format, .contextVariable, .environment, .fail:
      return .one(try evaluateSingle(node, input, frame))
    case .index, .slice, .iterate:
      return try stepOutputs(node, input, frame, optional: false)
    case .optionalStep(let inner):
      return try stepOutputs(inner, input, frame, optional: true)
    case .optional(let body):
      // Created inside the generator: a builtin may fail while producing its generator.
      let inner = GeneratorState<Generator?>(nil)
      let failed = GeneratorState(false)
      return Generator {
        if failed.value { return nil }
        do {
          if inner.value == nil { inner.value = try self.evaluate(body, input, frame) }
          return try inner.value!.next()
        } catch let error as QueryError where !error.endsRun {
          failed.value = true
          return nil
        }
      }
    case .pipe(let lhs, let rhs):
      if lhs.single {
        return try evalLazily(
          rhs, Self.handOn(try evaluateSingle(lhs, input, frame), from: input), frame)
      }
      return try evaluate(lhs, input, frame).flatMap {
        try self.evaluate(rhs, Self.handOn($0, from: input), frame)
      }
    case .comma(let lhs, let rhs):
      if lhs.single {
        return Generator(
          pull: .itemThen(
            try evaluateSingle(lhs, input, frame),
            Generator.Later(executor: self, node: rhs, input: input, frame: frame)))
      }
      return try evaluate(lhs, input, frame).then { try self.evaluate(rhs, input, frame) }
    case .negate(let body):
      return try evaluateValues(body, input, frame).flatMap { v in
        .one(Item(value: try self.negated(v.value), path: nil))
      }
    case .binary(let op, let lhs, let rhs):
      return try evaluateValues(rhs, input, frame).flatMap { r in
        try self.evaluateValues(lhs, input, frame).flatMap { l in
          let result = try ValueOps.arithmetic(op, l.value, r.value, budget: self.memory)
          try self.charge(result)
          return .one(Item(value: result, path: nil))
        }
      }
    case .arithmetic(let operators, let operands):
      return arithmetic(operators, operands, input, frame)
    case .and(let lhs, let rhs), .or(let lhs, let rhs):
      let isAnd: Bool
      if case .and = node.op { isAnd = true } else { isAnd = false }
      return try evaluateValues(lhs, input, frame).flatMap { l in
        let truth = ValueOps.isTruthy(l.value)
        if truth != isAnd { return .one(Item(value: JSON(truth), path: nil)) }
        return try self.evaluateValues(rhs, input, frame).flatMap { r in
          .one(Item(value: JSON(ValueOps.isTruthy(r.value)), path: nil))
        }
      }
    case .alternative(let lhs, let rhs):
      return alternative(lhs, rhs, input, frame)
    case .assign(let op, let lhs, let rhs):
      return try assign(op, lhs, rhs, input, frame)
    case .array:
      return .one(try evaluateSingle(node, input, frame))
    case .object(let entries):
      return buildObject(entries, input, frame)
    case .string(let format, let parts):
      return interpolate(parts, format, input, frame)
    case .ifThen(let condition, let then, let otherwise):
      if condition.single {
        if ValueOps.isTruthy(try evaluateValue(condition, input, frame)) {
          return try evalLazily(then, input, frame)
        }
        guard let otherwise else { return .one(input) }
        return try evalLazily(otherwise, input, frame)
      }
      return try evaluateValues(condition, input, frame).flatMap { c in
        if ValueOps.isTruthy(c.value) { return try self.evaluate(then, input, frame) }
        if let otherwise { return try self.evaluate(otherwise, input, frame) }
        return .one(input)
      }
    case .tryCatch(let body, let handler):
      return tryCatch(body, handler, input, frame)
    case .reduce(let source, let pattern, let slots, let initial, let update):
      if input.inPathMode {
        return try reduceInPath(source, pattern, slots, initial, update, input, frame)
      }
      return try evaluate(initial, input, frame).flatMap { start in
        try self.reduce(source, pattern, slots, start, update, input, frame).map { .one($0) }
          ?? .empty
      }
    case .foreach(let source, let pattern, let slots, let initial, let update, let extract):
      if input.inPathMode {
        return try foreachInPath(source, pattern, slots, initial, update, extract, input, frame)
      }
      return try evaluate(initial, input, frame).flatMap { start in
        let state = GeneratorState(start)
        return try self.evaluateValues(source, input, frame).flatMap { item in
          try self.overBindings(pattern, slots, item.value, frame) { scope in
            // jq loads the state with LOADVN, which leaves null behind: after an update
            // with no output the next round starts from null.
            let old = state.value
            state.value = Item(value: .null, path: nil)
            return try self.evaluate(update, old, scope).flatMap { output in
              state.value = output
              if let extract { return try self.evaluate(extract, output, scope) }
              return .one(output)
            }
          }
        }
      }
    case .bind(let source, let patterns, let slots, let body):
      return try bindAlternatives(source, patterns, slots, body, input, frame)
    case .label(let body):
      let id = newLabel()
      let scope = Frame(parent: frame, values: [JSON(id)])
      let inner = GeneratorState<Generator?>(nil)
      let stopped = GeneratorState(false)
      return Generator {
        if stopped.value { return nil }
        do {
          if inner.value == nil { inner.value = try self.evaluate(body, input, scope) }
          return try inner.value!.next()
        } catch let error as QueryError where Self.isBreak(error, to: id) {
          stopped.value = true
          return nil
        }
      }
    case .breakLabel(let hops):
      // jq raises `{"__jq": id}` as an error, which its label catches: a `try` or `?`
      // between the two catches it first (`try break $f catch .` is `{"__jq": 0}`).
      let id = frame.up(hops)!.values[0]
      return Generator { () throws -> Item? in throw QueryError(value: ["__jq": id]) }
    case .call(let ref, let env, let arguments):
      return try invoke(ref, env, arguments, input, frame)
    case .callClosure(let slot):
      let closure = frame.up(slot.hops)!.closures[slot.index]
      try enterCall("")
      defer { depth -= 1 }
      return try evaluate(closure.body, input, closure.frame)
    case .intrinsic(let builtin, let arguments):
      guard builtin.isValueFunction else {
        let outputs = try IntrinsicRunner.call(builtin, arguments, input, frame, self)
        guard memory != nil, builtin.makesValue else { return outputs }
        return outputs.map { item in
          try self.charge(item.value, nested: true)
          return item
        }
      }
      return try cartesian(arguments, input, frame) { args in
        let result = try IntrinsicRunner.value(builtin, input.value, args, self)
        if self.memory != nil, builtin.makesValue { try self.charge(result, nested: true) }
        return result
      }
    case .valueFunction(let function, let arguments):
      return try cartesian(arguments, input, frame) { args in
        let result = try function(input.value, args)
        try self.charge(result, nested: true)
        return result
      }
    }
  }

  /// The outputs of an index, slice or iteration in jq's order: the key's outputs (a slice's start,
  /// then its end) vary slowest and the target's fastest, as jq's `gen_index` evaluates the key
  /// before the target (`[[1,2],[3,4]] | .[][0,1]` is 1, 3, 2, 4).
  ///
  /// With `optional` (`?` right after the step) a failure of the step itself yields nothing for
  /// that key and target; an invalid path expression still fails.
  private func stepOutputs(_ node: Node, _ input: Item, _ frame: Frame?, optional: Bool) throws
    -> Generator
  {
    // The path is checked first, as jq's INDEX_OPT does: `?` drops the failure to index,
    // not an invalid path expression. Indexing itself spends no step, so `try?` drops no
    // resource limit.
    func guarded(_ t: Item, _ key: @autoclosure () -> JSON, _ make: () throws -> Item) throws
      -> Generator
    {
      guard optional else { return .one(try make()) }
      try Self.requirePath(
        t, in: input,
        "access element \(ValueOps.truncated(key(), 29)) of \(ValueOps.truncated(t.value, 29))")
      guard let item = try? make() else { return .empty }
      return .one(item)
    }
    switch node.op {
    case .index(let target, let key):
      if key.single && !optional {
        let k = try evaluateValue(key, input, frame)
        return try evaluate(target, input, frame).map { t in try self.indexed(t, k, in: input) }
      }
      return try evaluateValues(key, input, frame).flatMap { k in
        try self.evaluate(target, input, frame).flatMap { t in
          try guarded(t, k.value) { try self.indexed(t, k.value, in: input) }
        }
      }
    case .slice(let target, let from, let to):
      return try optionalValues(from, input, frame).flatMap { start in
        try self.optionalValues(to, input, frame).flatMap { end in
          try self.evaluate(target, input, frame).flatMap { t in
            try guarded(t, ["start": start.value, "end": end.value]) {
              try self.sliced(t, start.value, end.value, in: input)
            }
          }
        }
      }
    case .iterate(let target):
      guard optional else {
        if target.single {
          return try iterate(try evaluateSingle(target, input, frame), in: input)
        }
        return try evaluate(target, input, frame).flatMap { t in try self.iterate(t, in: input) }
      }
      return try evaluate(target, input, frame).flatMap { t in
        let type = t.value.type
        guard type == .array || type == .dictionary else {
          try Self.requirePath(t, in: input, "iterate through \(ValueOps.truncated(t.value, 29))")
          return .empty
        }
        return try self.iterate(t, in: input)
      }
    default:
      preconditionFailure("not a step: \(node.op)")
    }
  }

  /// Whether `error` is `break` to the label whose id is `id` (see `.breakLabel`).
  static func isBreak(_ error: QueryError, to id: Int) -> Bool {
    guard !error.endsRun, error.value.type == .dictionary, error.value.count == 1 else {
      return false
    }
    return error.value["__jq"] == JSON(id)
  }

  /// `node`'s outputs, not evaluated before they are asked for, so that a recursive
  /// definition nests generators, not calls of `evaluate` (which need more stack): `evaluate`, or
  /// a `later` when the filter may recurse while being made (a call, or a filter that
  /// evaluates a part eagerly), where the generic path would have been lazy.
  private func evalLazily(_ node: Node, _ input: Item, _ frame: Frame?) throws -> Generator {
    if node.single { return .one(try evaluateSingle(node, input, frame)) }
    switch node.op {
    case .iterate(let target) where target.single:
      return try iterate(try evaluateSingle(target, input, frame), in: input)
    case .intrinsic(.empty, _): return .empty
    default:
      return Generator(
        pull: .later(Generator.Later(executor: self, node: node, input: input, frame: frame)))
    }
  }

  /// `node`'s first output and what to pull the rest from, when its outputs are first asked
  /// for (`Generator.Pull.later`).
  ///
  /// The forms a recursion goes through are followed here,
  /// in a loop, without a generator of their own: a call without parameters (its body),
  /// `a | b` and `if a then b else c end` with `a` of one output (`b`, or `c`), so that a
  /// call in tail position costs neither stack nor allocation; and `a, b` with `a` of one
  /// output, which gives `a`'s output and leaves `b` for later. `def r: ., (. + 1 | r)`
  /// allocates nothing per level.
  func pull(_ node: Node, _ input: Item, _ frame: Frame?) throws -> (
    first: Item?, rest: Generator.Pull
  ) {
    var node = node
    var input = input
    var frame = frame
    while true {
      if node.single { return (try evaluateSingle(node, input, frame), .finished) }
      switch node.op {
      case .comma(let lhs, let rhs) where lhs.single:
        try step()
        try stackGuard.check()
        let first: Item
        if case .identity = lhs.op {
          first = input
        } else {
          first = try evaluateSingle(lhs, input, frame)
        }
        return (
          first, .later(Generator.Later(executor: self, node: rhs, input: input, frame: frame))
        )
      case .pipe(let lhs, let rhs) where lhs.single:
        try step()
        try stackGuard.check()
        input = Self.handOn(try evaluateSingle(lhs, input, frame), from: input)
        node = rhs
      case .ifThen(let condition, let then, let otherwise) where condition.single:
        try step()
        try stackGuard.check()
        if ValueOps.isTruthy(try evaluateValue(condition, input, frame)) {
          node = then
        } else if let otherwise {
          node = otherwise
        } else {
          return (input, .finished)
        }
      case .call(let ref, let env, _):
        let function = definition(ref)
        guard function.parameters.isEmpty else {
          return (nil, try evaluate(node, input, frame).cursor.pull)
        }
        try step()
        try stackGuard.check()
        frame = scope(env, frame)
        node = function.body
      default:
        return (nil, try evaluate(node, input, frame).cursor.pull)
      }
    }
  }

  /// Outputs of `node` as plain values (path mode off for its own input).
  func evaluateValues(_ node: Node, _ input: Item, _ frame: Frame?) throws -> Generator {
    try evaluate(node, Item(value: input.value, path: nil), frame)
  }

  private func optionalValues(_ node: Node?, _ input: Item, _ frame: Frame?) throws -> Generator {
    guard let node else { return .one(Item(value: .null, path: nil)) }
    return try evaluateValues(node, input, frame)
  }

  /// Calls `body` once per combination of the arguments' outputs (last argument outermost).
  private func cartesian(
    _ arguments: [Node], _ input: Item, _ frame: Frame?, _ body: @escaping ([JSON]) throws -> JSON
  ) throws -> Generator {
    func product(_ index: Int, _ chosen: [JSON]) throws -> Generator {
      if index < 0 { return .one(Item(value: try body(chosen), path: nil)) }
      return try evaluateValues(arguments[index], input, frame).flatMap { v in
        var next = chosen
        next[index] = v.value
        return try product(index - 1, next)
      }
    }
    return try product(arguments.count - 1, Array(repeating: .null, count: arguments.count))
  }

  /// `t`'s member `k`, with its path.
  ///
  /// In path mode (the input has a path) `t` must have one
  /// too: indexing a value computed inside `path(…)` is jq's "Invalid path expression".
  @inline(__always)
  func indexed(_ t: Item, _ k: JSON, in input: Item) throws -> Item {
    try Self.requirePath(
      t, in: input,
      "access element \(ValueOps.truncated(k, 29)) of \(ValueOps.truncated(t.value, 29))")
    return Item(value: try ValueOps.index(t.value, k), path: t.path.map { $0 + [k] })
  }

  /// jq's check before a path step in path mode (the input has a path, or is a computed
  /// value handed on there): the target must still be a path into the input.
  @inline(__always)
  static func requirePath(_ t: Item, in input: Item, _ attempt: @autoclosure () -> String) throws {
    if t.path == nil && (input.inPathMode || t.lost) { throw invalidPath(attempt()) }
  }

  /// The output of a pipe's left side as the right side's input: marked `lost` when the
  /// pipe runs in path mode and the output is not a path.
  @inline(__always)
  static func handOn(_ output: Item, from input: Item) -> Item {
    guard output.path == nil && input.inPathMode else { return output }
    var lost = output
    lost.lost = true
    return lost
  }

  static func invalidPath(_ attempt: String) -> QueryError {
    .runtime("Invalid path expression near attempt to \(attempt)")
  }

  /// `.[]` on `t` (see `indexed` for `input`).
  func iterate(_ t: Item, in input: Item) throws -> Generator {
    try Self.requirePath(t, in: input, "iterate through \(ValueOps.truncated(t.value, 29))")
    switch t.value.type {
    case .array:
      // Each element read when asked for: `first(.[])` or `limit(k; .[])` of a long array
      // costs what it takes, not a copy of every element first.
      let items = t.value
      let count = items.count
      let next = GeneratorState(0)
      return Generator {
        let index = next.value
        guard index < count else { return nil }
        try self.step()
        next.value = index + 1
        return Item(value: items.element(index) ?? .null, path: t.path.map { $0 + [JSON(index)] })
      }
    case .dictionary:
      let members = ValueOps.members(t.value)
      let next = GeneratorState(0)
      return Generator {
        let index = next.value
        guard index < members.count else { return nil }
        try self.step()
        next.value = index + 1
        let (key, value) = members[index]
        return Item(value: value, path: t.path.map { $0 + [JSON(key)] })
      }
    default:
      throw QueryError.runtime("Cannot iterate over \(ValueOps.describe(t.value))")
    }
  }

  func environmentObject() -> JSON {
    ValueOps.object(context.environment.sorted { $0.key < $1.key }.map { ($0.key, JSON($0.value)) })
  }

  /// jq's error for an object key that is not a string (execute.c's INSERT).
  static func objectKeyError(_ key: JSON) -> QueryError {
    .runtime("Cannot use \(ValueOps.typeName(key)) (\(ValueOps.truncated(key, 29))) as object key")
  }

  private func negated(_ value: JSON) throws -> JSON {
    guard value.type == .number else {
      throw QueryError.runtime("\(ValueOps.describe(value)) cannot be negated")
    }
    // jq 1.8 negates a number that keeps its text (an input or literal number) exactly, as
    // decNumber does: `-.` of 100000000000000000000001 keeps every digit.
    // An integer written as one is negated as one; `1.0` and `1E+2` keep their form
    // (`-1.0`, `-1E+2`).
    if let i = value.int64, i != .min, JSONWriter().string(value) == String(i) { return JSON(-i) }
    let d = value.jqDouble
    let negated = ValueOps.number(-d)
    // (Compared in jq's canonical form: `1e-300` is `1E-300` as a literal, `1e-300` as a
    // double.)
    var writer = JSONWriter()
    writer.canonicalNumbers = true
    if writer.string(value) != writer.string(ValueOps.number(d)),
      let exact = ValueOps.flippingSign(value)
    {
      return exact
    }
    return negated
  }

  private func sliced(_ t: Item, _ start: JSON, _ end: JSON, in input: Item) throws -> Item {
    let component: JSON = ["start": start, "end": end]
    try Self.requirePath(
      t, in: input,
      "access element \(ValueOps.truncated(component, 29)) of \(ValueOps.truncated(t.value, 29))")
    let value = try ValueOps.slice(t.value, from: start, to: end)
    return Item(value: value, path: t.path.map { $0 + [component] })
  }

  func text(_ value: JSON, _ format: String?) throws -> String {
    guard let format else { return ValueOps.text(value) }
    return try Formats.apply(format, value)
  }

  private func alternative(_ lhs: Node, _ rhs: Node, _ input: Item, _ frame: Frame?) -> Generator {
    let left = GeneratorState<Generator?>(nil)
    let produced = GeneratorState(false)
    let right = GeneratorState<Generator?>(nil)
    return Generator {
      if right.value == nil {
        // Errors of `lhs` go through, as in jq (see `evaluateSingle`).
        if left.value == nil { left.value = try self.evaluate(lhs, input, frame) }
        while let item = try left.value!.next() {
          if ValueOps.isTruthy(item.value) {
            produced.value = true
            return item
          }
        }
        if produced.value { return nil }
        right.value = try self.evaluate(rhs, input, frame)
      }
      return try right.value!.next()
    }
  }

  private func tryCatch(_ body: Node, _ handler: Node?, _ input: Item, _ frame: Frame?) -> Generator
  {
    let inner = GeneratorState<Generator?>(nil)
    let done = GeneratorState(false)
    let caught = GeneratorState<Generator?>(nil)
    return Generator {
      if let handled = caught.value { return try handled.next() }
      if done.value { return nil }
      do {
        if inner.value == nil { inner.value = try self.evaluate(body, input, frame) }
        if let item = try inner.value!.next() { return item }
        done.value = true
        return nil
      } catch let error as QueryError where !error.endsRun {
        done.value = true
        guard let handler else { return nil }
        let handled = try self.evaluate(handler, Item(value: error.value, path: nil), frame)
        caught.value = handled
        return try handled.next()
      }
    }
  }

  // MARK: bindings

  /// A frame of `slots` values with `pattern` bound to `value`.
  ///
  /// `reusing` keeps the frame of
  /// the previous round of a loop: when nothing else holds it any more, it is refilled
  /// instead of allocating another.
  func bind(
    _ pattern: PatternIR, _ slots: Int, _ value: JSON, _ frame: Frame?,
    reusing previous: inout Frame?
  ) throws -> Frame {
    let scope: Frame
    if isKnownUniquelyReferenced(&previous), let reused = previous {
      scope = reused
      for index in scope.values.indices { scope.values[index] = .null }
    } else {
      scope = Frame(parent: frame, values: Array(repeating: .null, count: slots))
    }
    previous = nil
    try destructure(pattern, value, scope)
    previous = scope
    return scope
  }

  /// `body`'s outputs in each frame binding `pattern` to `value`: one frame, or with
  /// generator keys one per combination of their outputs, in jq's order (see
  /// `eachBinding`).
  func overBindings(
    _ pattern: PatternIR, _ slots: Int, _ value: JSON, _ frame: Frame?,
    _ body: @escaping (Frame) throws -> Generator
  ) throws -> Generator {
    guard pattern.hasGeneratorKeys else {
      var fresh: Frame?
      return try body(try bind(pattern, slots, value, frame, reusing: &fresh))
    }
    let (frames, failure) = allBindings(pattern, slots, value, frame)
    let next = GeneratorState(0)
    let current = GeneratorState<Generator?>(nil)
    return Generator {
      while true {
        if let outputs = current.value, let item = try outputs.next() { return item }
        guard next.value < frames.count else {
          if let failure { throw failure }
          return nil
        }
        current.value = try body(frames[next.value])
        next.value += 1
      }
    }
  }

  /// Calls `body` with each frame binding `pattern` to `value` (see `overBindings`); `reusing` as
  /// in `bind`.
  ///
  /// An error while binding comes after the frames bound before it, as jq raises it when it
  /// backtracks into the key that fails.
  func eachBinding(
    _ pattern: PatternIR, _ slots: Int, _ value: JSON, _ frame: Frame?,
    reusing previous: inout Frame?, _ body: (Frame) throws -> Void
  ) throws {
    guard pattern.hasGeneratorKeys else {
      return try body(try bind(pattern, slots, value, frame, reusing: &previous))
    }
    let (frames, failure) = allBindings(pattern, slots, value, frame)
    for bound in frames { try body(bound) }
    if let failure { throw failure }
  }

  /// Every frame a pattern with generator keys binds, and the error that ended them.
  private func allBindings(_ pattern: PatternIR, _ slots: Int, _ value: JSON, _ frame: Frame?)
    -> ([Frame], (any Error)?)
  {
    var frames: [Frame] = []
    do {
      let scope = Frame(parent: frame, values: Array(repeating: .null, count: slots))
      try destructureAll(pattern, value, scope) { frames.append($0) }
    } catch {
      return (frames, error)
    }
    return (frames, nil)
  }

  /// `destructure` for patterns with generator keys: calls `then` once per combination of
  /// the keys' outputs (an earlier key varies slowest), each in a frame of its own.
  private func destructureAll(
    _ pattern: PatternIR, _ value: JSON, _ scope: Frame, _ then: (Frame) throws -> Void
  ) throws {
    switch pattern {
    case .variable, .ignored:
      try destructure(pattern, value, scope)
      try then(scope)
    case .array(let items):
      // From the last element, as `destructure`.
      func match(_ index: Int, _ scope: Frame) throws {
        guard index >= 0 else { return try then(scope) }
        try destructureAll(items[index], try ValueOps.index(value, JSON(index)), scope) {
          try match(index - 1, $0)
        }
      }
      try match(items.count - 1, scope)
    case .object(let entries):
      func match(_ index: Int, _ scope: Frame) throws {
        guard index < entries.count else { return try then(scope) }
        let entry = entries[index]
        let keys = try evaluateValues(entry.key, Item(value: value, path: nil), scope)
        while let key = try keys.next()?.value {
          let copy = Frame(parent: scope.parent, values: scope.values)
          let member = try Self.patternMember(value, key)
          if let slot = entry.bindsKey { copy.values[slot] = member }
          guard let sub = entry.pattern else {
            try match(index + 1, copy)
            continue
          }
          try destructureAll(sub, member, copy) { try match(index + 1, $0) }
        }
      }
      try match(0, scope)
    }
  }

  /// `value`'s member at `key` for an object pattern: jq's `INDEX`, so a key that is not a
  /// string indexes as `.[key]` does (`[1,2] as {(-1): $x}` binds 2).
  ///
  /// Constant keys that are not strings never get here: the parser refuses them, as jq's does.
  private static func patternMember(_ value: JSON, _ key: JSON) throws -> JSON {
    try ValueOps.index(value, key)
  }

  private func destructure(_ pattern: PatternIR, _ value: JSON, _ scope: Frame) throws {
    switch pattern {
    case .variable(let index):
      scope.values[index] = value
    case .ignored:
      break
    case .array(let items):
      // From the last element, as jq matches them: its errors come first.
      for (i, item) in items.enumerated().reversed() {
        try destructure(item, try ValueOps.index(value, JSON(i)), scope)
      }
    case .object(let entries):
      for entry in entries {
        guard
          let key = try evaluateValues(entry.key, Item(value: value, path: nil), scope).next()?
            .value
        else { continue }
        let member = try Self.patternMember(value, key)
        if let index = entry.bindsKey { scope.values[index] = member }
        if let sub = entry.pattern { try destructure(sub, member, scope) }
      }
    }
  }

  private func bindAlternatives(
    _ source: Node, _ patterns: [PatternIR], _ slots: Int, _ body: Node, _ input: Item,
    _ frame: Frame?
  ) throws -> Generator {
    if patterns.count == 1, source.single, !patterns[0].hasGeneratorKeys {
      var fresh: Frame?
      let scope = try bind(
        patterns[0], slots, try evaluateValue(source, input, frame), frame, reusing: &fresh)
      return Generator(
        pull: .later(Generator.Later(executor: self, node: body, input: input, frame: scope)))
    }
    return try evaluateValues(source, input, frame).flatMap { v in
      if patterns.count == 1 {
        return try self.overBindings(patterns[0], slots, v.value, frame) { scope in
          try self.evaluate(body, input, scope)
        }
      }
      let index = GeneratorState(0)
      let current = GeneratorState<Generator?>(nil)
      return Generator {
        while true {
          do {
            if current.value == nil {
              current.value = try self.overBindings(patterns[index.value], slots, v.value, frame) {
                scope in try self.evaluate(body, input, scope)
              }
            }
            return try current.value!.next()
          } catch let error as QueryError
            where !error.endsRun && index.value < patterns.count - 1
          {
            index.value += 1
            current.value = nil
          }
        }
      }
    }
  }

  // MARK: calls

  private func invoke(
    _ ref: FunctionRef, _ env: FrameReference, _ arguments: [Node], _ input: Item, _ frame: Frame?
  ) throws -> Generator {
    let function = definition(ref)
    let scope = self.scope(env, frame)
    try enterCall(" in \(function.key)")
    defer { depth -= 1 }
    if function.parameters.isEmpty { return try evaluate(function.body, input, scope) }
    var closures: [ClosureValue] = []
    closures.reserveCapacity(function.closureCount)
    var valueArguments: [Node] = []
    for (parameter, argument) in zip(function.parameters, arguments) {
      // A closure parameter passed on (`def f(g): h(g);`) is passed as it is. A `$x`
      // parameter is a closure too (`x`), besides its values.
      if case .callClosure(let slot) = argument.op {
        closures.append(frame.up(slot.hops)!.closures[slot.index])
      } else {
        closures.append(ClosureValue(body: argument, frame: frame))
      }
      if case .value = parameter { valueArguments.append(argument) }
    }
    if valueArguments.isEmpty {
      return try evaluate(
        function.body, input, Frame(parent: scope, values: [], closures: closures))
    }
    return try bindValues(valueArguments[...], [], closures, function, scope, input, frame)
  }

  /// The definition a call names.
  @inline(__always)
  private func definition(_ ref: FunctionRef) -> FunctionIR {
    ref.inPrelude ? prelude[ref.index] : program[ref.index]
  }

  /// The frame a definition's body runs in, from the frame of its call.
  @inline(__always)
  private func scope(_ env: FrameReference, _ frame: Frame?) -> Frame? {
    switch env {
    case .global: nil
    case .enclosing(let hops): frame.up(hops)
    }
  }

  /// Binds `$param`s to each combination of their arguments' outputs (first outermost).
  private func bindValues(
    _ remaining: ArraySlice<Node>, _ bound: [JSON], _ closures: [ClosureValue],
    _ function: FunctionIR,
    _ scope: Frame?, _ input: Item, _ frame: Frame?
  ) throws -> Generator {
    guard let argument = remaining.first else {
      return try evaluate(
        function.body, input, Frame(parent: scope, values: bound, closures: closures))
    }
    if argument.single {
      var next = bound
      next.append(try evaluateValue(argument, input, frame))
      return try bindValues(remaining.dropFirst(), next, closures, function, scope, input, frame)
    }
    return try evaluateValues(argument, input, frame).flatMap { v in
      var next = bound
      next.append(v.value)
      return try self.bindValues(
        remaining.dropFirst(), next, closures, function, scope, input, frame)
    }
  }
}

extension QueryError {
  var isHalt: Bool {
    if case .halt = kind { return true }
    return false
  }
  /// A halt or a resource limit: what `try`, `?`, `//` and `?//` let through.
  var endsRun: Bool { isHalt || isResourceLimit }
}
