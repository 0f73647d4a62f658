import JSONKitCore

/// Lowers a parsed filter to `Node`s: resolves every call and variable once, so that a
/// program that uses an undefined name fails to compile (jq's "foo/0 is not defined"),
/// and the evaluator never looks a name up.
///
/// Definitions go into `table`.
struct Compiler {
  let globals: Globals
  let table: FunctionTable
  /// Whether an undefined function is an error when called rather than when compiled: the
  /// prelude has definitions over builtins that may be missing (`normals` needs `isnormal`).
  var defersUndefinedCalls = false
  /// The prelude the program's calls reach, whose small definitions a call is replaced by;
  /// `nil` while compiling the prelude itself (nothing is inlined then).
  let prelude: CompiledPrelude?
  /// Whether `lower` keeps no code (each node is `.`), for `errors(before:)`.
  private var discardsCode = false
  /// How many inlined prelude bodies this one is nested in.
  private var inlining = 0
  /// Inlined bodies nest at most this deep; deeper calls are calls.
  private static let maximumInlining = 8

  init(globals: Globals, table: FunctionTable, prelude: CompiledPrelude?) {
    self.globals = globals
    self.table = table
    self.prelude = prelude
  }

  func compile(_ ast: AST) throws(QueryError) -> Node {
    // As jq: every undefined name of the program is reported, not only the first.
    var compiler = self
    let names = UndefinedNames()
    compiler.undefinedNames = names
    compiler.stackGuard.enter()
    let node = try compiler.lower(ast, Scope())
    let errors = names.reported()
    if var first = errors.first {
      first.additionalErrors = Array(errors.dropFirst())
      throw first
    }
    return node
  }

  /// The error jq reports for `ast` when one of its functions is too long (`sizeError`).
  ///
  /// The undefined names come first, then the size (jq's `compile` finds both in one
  /// function). The names are found by a compile that keeps no code, so that the long
  /// program's code is never built (nor freed, recursively).
  func errors(of ast: AST, before sizeError: QueryError) -> QueryError {
    var checker = self
    checker.discardsCode = true
    do {
      _ = try checker.compile(ast)
    } catch {
      guard error.isUndefinedName else { return sizeError }
      var first = error
      first.additionalErrors.append(sizeError)
      return first
    }
    return sizeError
  }

  /// Stops `lower`, which recurses once per level of the program's nesting, before it
  /// overflows the thread's stack (thousands of nested brackets, which jq's parser takes up
  /// to 4,997 of, on a thread with a small stack); not entered (never stops) outside
  /// `compile`.
  private var stackGuard = StackGuard()

  /// Where the program's undefined names go while it compiles (see `compile`); `nil` in a
  /// definition, whose error is its first caller's.
  private var undefinedNames: UndefinedNames?

  /// The undefined names of one function (the program's top level, a definition, a call's
  /// argument that jq compiles as a function of its own), as jq's `compile` reports them:
  /// the function's own, in order; only when it has none, those of its subfunctions, in
  /// order (each function's the same way), of the definitions jq keeps only (those a kept
  /// call names: jq's parser drops the others).
  private final class UndefinedNames {
    /// The function's own, in the program's order.
    var errors: [QueryError] = []
    /// What each subfunction reports, with the definition's slot and the definitions its
    /// code calls (`nil` and empty for an argument).
    var subfunctions: [(definition: Int?, errors: [QueryError], calls: Set<Int>)] = []
    /// The definitions (slots of the program's table) the function's code and its
    /// arguments call.
    var calls: Set<Int> = []

    /// The errors jq reports for the function.
    func reported() -> [QueryError] {
      guard errors.isEmpty else { return errors }
      guard subfunctions.contains(where: { !$0.errors.isEmpty }) else { return [] }
      var definitions: [Int: Int] = [:]
      for (index, sub) in subfunctions.enumerated() {
        if let slot = sub.definition { definitions[slot] = index }
      }
      var kept = calls
      var pending = Array(calls)
      while let slot = pending.popLast() {
        guard let index = definitions[slot] else { continue }
        for call in subfunctions[index].calls where kept.insert(call).inserted {
          pending.append(call)
        }
      }
      return subfunctions.flatMap { sub in
        sub.definition.map { kept.contains($0) } ?? true ? sub.errors : []
      }
    }

    /// An argument's errors after those already found; its calls are the function's.
    func addArgument(_ names: UndefinedNames) {
      calls.formUnion(names.calls)
      let found = names.reported()
      if !found.isEmpty { subfunctions.append((nil, found, [])) }
    }

    /// A definition's errors after those already found, and what it calls (anywhere in it).
    func addDefinition(_ names: UndefinedNames, slot: Int) {
      var reach = names.calls
      for sub in names.subfunctions { reach.formUnion(sub.calls) }
      subfunctions.append((slot, names.reported(), reach))
    }
  }

  /// The builtins jq writes in C that take arguments (builtin.c's `function_list` and
  /// libm.h): jq compiles their arguments inline, in the caller's function; any other
  /// call's arguments are functions of their own.
  private static let inlineArguments: Set<String> = [
    "startswith/1", "endswith/1", "split/1", "_strindices/1", "setpath/2", "getpath/1",
    "delpaths/1", "has/1", "contains/1", "_sort_by_impl/1", "_group_by_impl/1",
    "_unique_by_impl/1", "bsearch/1", "_min_by_impl/1", "_max_by_impl/1", "format/1",
    "halt_error/1", "_match_impl/3", "strptime/1", "strftime/1", "strflocaltime/1", "atan2/2",
    "copysign/2", "drem/2", "fdim/2", "fmax/2", "fmin/2", "fmod/2", "hypot/2", "jn/2",
    "ldexp/2", "nextafter/2", "nexttoward/2", "pow/2", "remainder/2", "scalb/2", "scalbln/2",
    "yn/2", "fma/3",
  ]

  /// `body` lowered as a function of its own for the undefined names (see `UndefinedNames`).
  private func lowerSubfunction(_ body: AST, _ scope: Scope) throws(QueryError) -> Node {
    guard let undefinedNames else { return try lower(body, scope) }
    var inner = self
    let names = UndefinedNames()
    inner.undefinedNames = names
    let node = try inner.lower(body, scope)
    undefinedNames.addArgument(names)
    return node
  }

  /// Lowers the operands of jq's C operators (`+`, `==`, …: `_plus(a; b)`): inline, their
  /// own errors in order, but jq lays out the last operand's code first, so their
  /// subfunctions come last operand first.
  private func lowerOperands(_ operands: [AST], _ scope: Scope) throws(QueryError) -> [Node] {
    var nodes: [Node] = []
    nodes.reserveCapacity(operands.count)
    var ends: [Int] = []
    let start = undefinedNames?.subfunctions.count ?? 0
    for operand in operands {
      nodes.append(try lower(operand, scope))
      if let undefinedNames { ends.append(undefinedNames.subfunctions.count) }
    }
    if let undefinedNames, ends.last != start {
      let subs = undefinedNames.subfunctions
      var reordered = Array(subs[..<start])
      for index in ends.indices.reversed() {
        reordered += subs[(index == 0 ? start : ends[index - 1])..<ends[index]]
      }
      undefinedNames.subfunctions = reordered
    }
    return nodes
  }

  /// `error`, kept for `compile` to report with the others; thrown when nothing collects.
  private func undefined(_ error: QueryError) throws(QueryError) {
    guard let undefinedNames else { throw error }
    undefinedNames.errors.append(error)
  }

  /// Marks the definition in `ref` as called: its undefined names are reported.
  private func noteCall(_ ref: FunctionRef) {
    if ref.inPrelude == table.isPrelude { undefinedNames?.calls.insert(ref.index) }
  }

  /// Compiles a library's top-level definitions in order (each sees the earlier ones and
  /// itself); returns them by "name/arity", a later one replacing an earlier one.
  func compileLibrary(_ definitions: [FunctionDefinition]) throws(QueryError) -> [String:
    FunctionRef]
  {
    var scope = Scope()
    var exports: [String: FunctionRef] = [:]
    for definition in definitions {
      let ref = table.reserve()
      scope = scope.adding(.definition(key: definition.key, ref: ref, frames: 0))
      try define(definition, ref, scope)
      exports[definition.key] = ref
    }
    return exports
  }

  /// Compiles `definition` into the slot `ref`; `scope` already holds the definition.
  func define(_ definition: FunctionDefinition, _ ref: FunctionRef, _ scope: Scope)
    throws(QueryError)
  {
    var parameters: [FunctionIR.Parameter] = []
    var variables: [String: Int] = [:]
    var closures: [String: Int] = [:]
    var closureCount = 0
    var valueCount = 0
    for parameter in definition.parameters {
      if parameter.hasPrefix("$") {
        // jq's `def f($x): body` is `def f(x): x as $x | body`: `$x` is each output of the
        // argument, and `x` is still the argument as a filter (all of its outputs).
        let name = String(parameter.dropFirst())
        variables[name] = valueCount
        closures["\(name)/0"] = closureCount
        parameters.append(.value(index: valueCount))
        valueCount += 1
        closureCount += 1
      } else {
        closures["\(parameter)/0"] = closureCount
        parameters.append(.closure(index: closureCount))
        closureCount += 1
      }
    }
    let inner =
      parameters.isEmpty
      ? scope
      : scope.adding(
        .frame(variables: variables, closures: closures))
    let body = try lower(definition.body, inner)
    table.define(
      ref,
      FunctionIR(
        key: definition.key, parameters: parameters, closureCount: closureCount,
        valueCount: valueCount,
        body: body))
  }

  private func node(_ op: Op, single: Bool) -> Node {
    discardsCode ? Node(op: .identity, single: single) : Node(op: op, single: single)
  }

  private func lower(_ ast: AST, _ scope: Scope) throws(QueryError) -> Node {
    do {
      try stackGuard.check()
    } catch {
      throw .compile("program nested too deeply to compile (stack limit reached)", at: nil)
    }
    func go(_ child: AST) throws(QueryError) -> Node { try lower(child, scope) }
    func optional(_ child: AST?) throws(QueryError) -> Node? {
      guard let child else { return nil }
      return try lower(child, scope)
    }
    switch ast {
    case .identity:
      return node(.identity, single: true)
    case .recurseDefault:
      return try call(
        "recurse", [], ProgramLocation(line: 0, column: 0, offset: 0, length: 0), scope)
    case .literal(let value):
      return node(.literal(value), single: true)
    case .index(let target, let key):
      // The key first, as jq lays out the code (which orders its undefined names).
      let k = try go(key)
      let t = try go(target)
      return node(.index(target: t, key: k), single: t.single && k.single)
    case .slice(let target, let from, let to):
      let t = try go(target)
      let f = try optional(from)
      let e = try optional(to)
      return node(
        .slice(target: t, from: f, to: e),
        single: t.single && (f?.single ?? true) && (e?.single ?? true))
    case .iterate(let body):
      return node(.iterate(try go(body)), single: false)
    case .optional(let body):
      return node(.optional(try go(body)), single: false)
    case .optionalStep(let step):
      return node(.optionalStep(try go(step)), single: false)
    case .pipe(let a, let b):
      let l = try go(a)
      let r = try go(b)
      return node(.pipe(l, r), single: l.single && r.single)
    case .comma(let a, let b):
      let l = try go(a)
      return node(.comma(l, try go(b)), single: false)
    case .negate(let body):
      // A negated number literal is one literal, with its text (`-1234567890987654321`),
      // as jq 1.8 negates a literal's decNumber exactly.
      if case .literal(let value) = body, value.type == .number, value.jqDouble.sign == .plus,
        let literal = ValueOps.flippingSign(value)
      {
        return node(.literal(literal), single: true)
      }
      let b = try go(body)
      return node(.negate(b), single: b.single)
    case .binary(let op, let a, let b):
      let both = try lowerOperands([a, b], scope)
      let (l, r) = (both[0], both[1])
      return node(.binary(op, l, r), single: l.single && r.single)
    case .arithmetic(let operators, let operands):
      let nodes = try lowerOperands(operands, scope)
      return node(
        .arithmetic(operators: operators, operands: nodes), single: nodes.allSatisfy(\.single))
    case .and(let a, let b):
      let l = try go(a)
      let r = try go(b)
      return node(.and(l, r), single: l.single && r.single)
    case .or(let a, let b):
      let l = try go(a)
      let r = try go(b)
      return node(.or(l, r), single: l.single && r.single)
    case .alternative(let a, let b):
      let l = try go(a)
      let r = try go(b)
      return node(.alternative(l, r), single: l.single && r.single)
    case .assign(let op, let a, let b):
      // jq's `_modify(paths; f)`, `_assign(paths; $v)`: functions of their own; the value
      // of `+=` and the like is bound first, inline (`gen_update`).
      let l = try lowerSubfunction(a, scope)
      let r = try op == .set || op == .update ? lowerSubfunction(b, scope) : go(b)
      return node(.assign(op, l, r), single: op == .update || r.single)
    case .array(let body):
      return node(.array(try optional(body)), single: true)
    case .object(let entries):
      var lowered: [ObjectEntryIR] = []
      for entry in entries {
        let key = try go(entry.key)
        let value = entry.indexesByKey ? nil : try go(entry.value)
        lowered.append(ObjectEntryIR(key: key, value: value))
      }
      return node(
        .object(lowered),
        single: lowered.allSatisfy { $0.key.single && ($0.value?.single ?? true) })
    case .string(let format, let parts):
      var lowered: [StringPartIR] = []
      var single = true
      for part in parts {
        switch part {
        case .literal(let text): lowered.append(.literal(text))
        case .interpolation(let inner):
          let n = try go(inner)
          single = single && n.single
          lowered.append(.interpolation(n))
        }
      }
      return node(.string(format: format, parts: lowered), single: single)
    case .format(let name):
      return node(.format(name), single: true)
    case .ifThen(let c, let t, let e):
      let cond = try go(c)
      let then = try go(t)
      let otherwise = try optional(e)
      return node(
        .ifThen(cond: cond, then: then, otherwise: otherwise),
        single: cond.single && then.single && (otherwise?.single ?? true))
    case .tryCatch(let body, let handler):
      let b = try go(body)
      return node(.tryCatch(b, try optional(handler)), single: false)
    case .reduce(let source, let pattern, let initial, let update):
      // The initial value first, as jq lays out the code (which orders its undefined names).
      let i = try go(initial)
      let s = try go(source)
      let inner = scope.addingFrame(variables: pattern.variables)
      let p = try lowerPattern(pattern, inner)
      let u = try lower(update, inner)
      return node(
        .reduce(source: s, pattern: p, slots: Set(pattern.variables).count, initial: i, update: u),
        single: i.single && u.single)
    case .foreach(let source, let pattern, let initial, let update, let extract):
      let i = try go(initial)
      let s = try go(source)
      let inner = scope.addingFrame(variables: pattern.variables)
      let p = try lowerPattern(pattern, inner)
      let u = try lower(update, inner)
      let e: Node?
      if let extract { e = try lower(extract, inner) } else { e = nil }
      return node(
        .foreach(
          source: s, pattern: p, slots: Set(pattern.variables).count, initial: i, update: u,
          extract: e),
        single: false)
    case .bind(let source, let patterns, let body):
      let s = try go(source)
      let names = patterns.flatMap(\.variables)
      let inner = scope.addingFrame(variables: names)
      var lowered: [PatternIR] = []
      for pattern in patterns { lowered.append(try lowerPattern(pattern, inner)) }
      let b = try lower(body, inner)
      return node(
        .bind(source: s, patterns: lowered, slots: Set(names).count, body: b),
        single: s.single && b.single && patterns.count == 1 && !lowered[0].hasGeneratorKeys)
    case .label(let name, let body):
      let inner = scope.addingFrame(variables: ["*label-\(name)"])
      return node(.label(try lower(body, inner)), single: false)
    case .breakLabel(let name, let location):
      guard let slot = scope.variable("*label-\(name)") else {
        // Reported with the other undefined names, as jq does.
        try undefined(.undefinedName("$*label-\(name)", at: location))
        return node(.fail("$*label-\(name) is not defined"), single: false)
      }
      return node(.breakLabel(hops: slot.hops), single: false)
    case .variable(let name, let location):
      if let slot = scope.variable(name) { return node(.variable(slot), single: true) }
      if let value = globals.constants[name] { return node(.literal(value), single: true) }
      if name == "ENV" { return node(.environment, single: true) }
      if globals.contextVariables.contains(name) {
        return node(.contextVariable(name), single: true)
      }
      try undefined(.undefinedName("$\(name)", at: location))
      return node(.fail("$\(name) is not defined"), single: false)
    case .call(let name, let arguments, let location):
      return try call(name, arguments, location, scope)
    case .define(var definition, var rest):
      // A run of definitions (`def a: …; def b: …; rest`) in a loop, not one nested call
      // per definition: thousands of them compile on an ordinary stack.
      var scope = scope
      while true {
        let ref = table.reserve()
        scope = scope.adding(.definition(key: definition.key, ref: ref, frames: scope.frames))
        var definer = self
        let names = undefinedNames.map { _ in UndefinedNames() }
        definer.undefinedNames = names
        do {
          try definer.define(definition, ref, scope)
          if let names { undefinedNames?.addDefinition(names, slot: ref.index) }
        } catch {
          // jq compiles only the definitions a program calls: the error is the first call's.
          table.defineUnusable(ref, key: definition.key, error: error)
        }
        guard case .define(let next, let after) = rest else { return try lower(rest, scope) }
        (definition, rest) = (next, after)
      }
    }
  }

  private func call(
    _ name: String, _ arguments: [AST], _ location: ProgramLocation, _ scope: Scope
  ) throws(QueryError) -> Node {
    let key = "\(name)/\(arguments.count)"
    // Each argument a function of its own, as jq compiles it, but a C builtin's.
    func lowered(inline: Bool = false) throws(QueryError) -> [Node] {
      var nodes: [Node] = []
      for argument in arguments {
        nodes.append(try inline ? lower(argument, scope) : lowerSubfunction(argument, scope))
      }
      return nodes
    }
    if let callee = scope.function(key) {
      switch callee {
      case .definition(let ref, let env):
        if let error = table.failure(ref) { throw error }
        noteCall(ref)
        return node(.call(ref, env: env, arguments: try lowered()), single: false)
      case .closure(let slot):
        return node(.callClosure(slot), single: false)
      case .inlined(let argument):
        return argument
      }
    }
    // A global's arguments: inline when jq writes it in C (`inlineArguments`), else functions
    // of their own.
    let argumentsInline = Self.inlineArguments.contains(key)
    if key == "until/2", let ref = globals.functions[key], ref.inPrelude, prelude != nil {
      // The prelude's `until` recurses once per round, through a generator each time; with
      // a condition and an update of one output each it is a loop (the call stays for
      // path expressions, which the loop does not track).
      let nodes = try lowered()
      let call = node(.call(ref, env: .global, arguments: nodes), single: false)
      guard nodes.allSatisfy(\.single) else { return call }
      return node(.intrinsic(.until, nodes + [call]), single: true)
    }
    if let ref = globals.functions[key], ref.inPrelude, let prelude,
      inlining < Self.maximumInlining, let definition = prelude.inlinable[key]
    {
      return try inline(definition, try lowered(inline: argumentsInline), prelude)
    }
    if let ref = globals.functions[key] {
      let nodes = try lowered(inline: argumentsInline)
      return node(.call(ref, env: .global, arguments: nodes), single: false)
    }
    if let builtin = Intrinsic(rawValue: key) {
      let nodes = try lowered(inline: argumentsInline)
      return node(
        .intrinsic(builtin, nodes),
        single: builtin.isCollector
          || ((builtin.isValueFunction || builtin.isSubstitution || builtin == .getpath)
            && nodes.allSatisfy(\.single))
      )
    }
    if let native = ValueFunctions.table[key] {
      let nodes = try lowered(inline: argumentsInline)
      return node(.valueFunction(native, nodes), single: nodes.allSatisfy(\.single))
    }
    if defersUndefinedCalls { return node(.fail("\(key) is not defined"), single: false) }
    try undefined(.undefinedName(key, at: location))
    return node(.fail("\(key) is not defined"), single: false)
  }

  /// `definition`'s body with `arguments` in place of its parameters, compiled in the
  /// prelude's scope (so that the caller's definitions do not capture its names).
  private func inline(
    _ definition: FunctionDefinition, _ arguments: [Node], _ prelude: CompiledPrelude
  ) throws(QueryError) -> Node {
    var inliner = Compiler(
      globals: Globals(functions: prelude.refs), table: table, prelude: prelude)
    inliner.inlining = inlining + 1
    inliner.defersUndefinedCalls = true
    var bound: [String: Node] = [:]
    for (parameter, argument) in zip(definition.parameters, arguments) {
      bound["\(parameter)/0"] = argument
    }
    return try inliner.lower(definition.body, Scope().adding(.inlined(arguments: bound)))
  }

  /// `pattern` with its variables as slots of `scope`; each slot bound once, by the first
  /// occurrence in jq's match order (see `PatternIR`).
  private func lowerPattern(_ pattern: Pattern, _ scope: Scope) throws(QueryError) -> PatternIR {
    var bound: Set<Int> = []
    return try lowerPattern(pattern, scope, &bound)
  }

  private func lowerPattern(_ pattern: Pattern, _ scope: Scope, _ bound: inout Set<Int>)
    throws(QueryError) -> PatternIR
  {
    switch pattern {
    case .variable(let name):
      let slot = scope.variable(name)!.index
      return bound.insert(slot).inserted ? .variable(slot) : .ignored
    case .array(let items):
      var lowered: [PatternIR] = []
      // The last element is matched first.
      for item in items.reversed() { lowered.append(try lowerPattern(item, scope, &bound)) }
      return .array(lowered.reversed())
    case .object(let entries):
      var lowered: [(key: Node, pattern: PatternIR?, bindsKey: Int?)] = []
      for entry in entries {
        let key = try lower(entry.key, scope)
        let bindsKey = entry.bindsKey.map { scope.variable($0)!.index }.flatMap { slot in
          bound.insert(slot).inserted ? slot : nil
        }
        var sub: PatternIR?
        if let pattern = entry.pattern { sub = try lowerPattern(pattern, scope, &bound) }
        lowered.append((key, sub, bindsKey))
      }
      return .object(lowered)
    }
  }
}
