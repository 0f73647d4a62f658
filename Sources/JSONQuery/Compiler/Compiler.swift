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
    compiler.undefinedNames = UndefinedNames()
    compiler.stackGuard.enter()
    let node = try compiler.lower(ast, Scope())
    if var first = compiler.undefinedNames?.errors.first {
      first.additionalErrors = Array(compiler.undefinedNames!.errors.dropFirst())
      throw first
    }
    return node
  }

  /// Stops `lower`, which recurses once per level of the program's nesting, before it
  /// overflows the thread's stack (thousands of nested brackets, which jq's parser takes up
  /// to 4,997 of, on a thread with a small stack); not entered (never stops) outside
  /// `compile`.
  private var stackGuard = StackGuard()

  /// Where the program's undefined names go while it compiles (see `compile`); `nil` in a
  /// definition, whose error is its first caller's.
  private var undefinedNames: UndefinedNames?

  /// The undefined names found so far, in the program's order.
  private final class UndefinedNames {
    var errors: [QueryError] = []
  }

  /// `error`, kept for `compile` to report with the others; thrown when nothing collects.
  private func undefined(_ error: QueryError) throws(QueryError) {
    guard let undefinedNames else { throw error }
    undefinedNames.errors.append(error)
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

  private func node(_ op: Op, single: Bool) -> Node { Node(op: op, single: single) }

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
      let t = try go(target)
      let k = try go(key)
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
      let l = try go(a)
      let r = try go(b)
      return node(.binary(op, l, r), single: l.single && r.single)
    case .arithmetic(let operators, let operands):
      var nodes: [Node] = []
      nodes.reserveCapacity(operands.count)
      for operand in operands { nodes.append(try go(operand)) }
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
      let l = try go(a)
      let r = try go(b)
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
      let s = try go(source)
      let i = try go(initial)
      let inner = scope.addingFrame(variables: pattern.variables)
      let p = try lowerPattern(pattern, inner)
      let u = try lower(update, inner)
      return node(
        .reduce(source: s, pattern: p, slots: Set(pattern.variables).count, initial: i, update: u),
        single: i.single && u.single)
    case .foreach(let source, let pattern, let initial, let update, let extract):
      let s = try go(source)
      let i = try go(initial)
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
        throw .compile("$*label-\(name) is not defined", at: location)
      }
      return node(.breakLabel(hops: slot.hops), single: false)
    case .variable(let name, let location):
      if let slot = scope.variable(name) { return node(.variable(slot), single: true) }
      if let value = globals.constants[name] { return node(.literal(value), single: true) }
      if name == "ENV" { return node(.environment, single: true) }
      if globals.contextVariables.contains(name) {
        return node(.contextVariable(name), single: true)
      }
      try undefined(.compile("$\(name) is not defined", at: location))
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
        definer.undefinedNames = nil
        do {
          try definer.define(definition, ref, scope)
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
    func lowered() throws(QueryError) -> [Node] {
      var nodes: [Node] = []
      for argument in arguments { nodes.append(try lower(argument, scope)) }
      return nodes
    }
    if let callee = scope.function(key) {
      switch callee {
      case .definition(let ref, let env):
        if let error = table.failure(ref) { throw error }
        return node(.call(ref, env: env, arguments: try lowered()), single: false)
      case .closure(let slot):
        return node(.callClosure(slot), single: false)
      case .inlined(let argument):
        return argument
      }
    }
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
      return try inline(definition, try lowered(), prelude)
    }
    if let ref = globals.functions[key] {
      return node(.call(ref, env: .global, arguments: try lowered()), single: false)
    }
    if let builtin = Intrinsic(rawValue: key) {
      let nodes = try lowered()
      return node(
        .intrinsic(builtin, nodes),
        single: builtin.isCollector
          || ((builtin.isValueFunction || builtin.isSubstitution || builtin == .getpath)
            && nodes.allSatisfy(\.single))
      )
    }
    if let native = ValueFunctions.table[key] {
      let nodes = try lowered()
      return node(.valueFunction(native, nodes), single: nodes.allSatisfy(\.single))
    }
    if defersUndefinedCalls { return node(.fail("\(key) is not defined"), single: false) }
    try undefined(.compile("\(key) is not defined", at: location))
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
