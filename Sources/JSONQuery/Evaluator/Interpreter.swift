@_spi(JSONKitInternals) import JSONKit

/// Runs an AST lazily on one input. One interpreter per run (it holds the run's context).
final class Interpreter {
  let context: QueryContext
  /// Where `modulemeta` looks for modules.
  let modules: ModuleResolver
  private var nextLabel = 0
  private var depth = 0
  /// Calls nested deeper than this fail with an error instead of overflowing the stack.
  static let maximumDepth = 2_000

  /// Evaluation steps left before the run fails (`QueryOptions.stepLimit`). Without a limit
  /// it starts at `Int.max`, which one decrement per step never exhausts: the check costs
  /// the same whether a limit is set or not.
  private var stepsLeft: Int
  /// Stops nesting before the stack overflows.
  var stackGuard = StackGuard()

  init(context: QueryContext, modules: ModuleResolver, stepLimit: Int? = nil) {
    self.context = context
    self.modules = modules
    stepsLeft = stepLimit.map { max($0, 0) } ?? .max
    stackGuard.enter()
  }

  /// Spends one evaluation step.
  @inline(__always)
  func step() throws(QueryError) {
    stepsLeft &-= 1
    if stepsLeft < 0 { throw QueryError.resourceLimit("evaluation step limit exceeded") }
  }

  func eval(_ ast: AST, _ input: Item, _ env: Environment) throws -> Generator {
    try step()
    try stackGuard.check()
    switch ast {
    case .identity:
      return .one(input)
    case .recurseDefault:
      return try eval(.call("recurse", [], SourceLocation(line: 0, column: 0, offset: 0, length: 0)), input, env)
    case .literal(let value):
      return .one(Item(value: value, path: nil))
    case .index(let target, let key):
      return try eval(target, input, env).flatMap { t in
        try self.values(key, input, env).flatMap { k in
          .one(Item(value: try ValueOps.index(t.value, k.value), path: t.path.map { $0 + [k.value] }))
        }
      }
    case .slice(let target, let from, let to):
      return try eval(target, input, env).flatMap { t in
        try self.values(to ?? .literal(.null), input, env).flatMap { end in
          try self.values(from ?? .literal(.null), input, env).flatMap { start in
            let value = try ValueOps.slice(t.value, from: start.value, to: end.value)
            let component: JSON = ["start": start.value, "end": end.value]
            return .one(Item(value: value, path: t.path.map { $0 + [component] }))
          }
        }
      }
    case .iterate(let target):
      return try eval(target, input, env).flatMap { t in try self.iterate(t) }
    case .optional(let body):
      // Created inside the generator: a builtin may fail while producing its generator.
      var inner: Generator?
      var failed = false
      return Generator {
        if failed { return nil }
        do {
          if inner == nil { inner = try self.eval(body, input, env) }
          return try inner!.next()
        } catch let error as QueryError where !error.endsRun {
          failed = true
          return nil
        }
      }
    case .pipe(let lhs, let rhs):
      return try eval(lhs, input, env).flatMap { try self.eval(rhs, $0, env) }
    case .comma(let lhs, let rhs):
      return try eval(lhs, input, env).then { try self.eval(rhs, input, env) }
    case .negate(let body):
      return try values(body, input, env).flatMap { v in
        guard v.value.type == .number else {
          throw QueryError.runtime("\(ValueOps.describe(v.value)) cannot be negated")
        }
        return .one(Item(value: ValueOps.number(-v.value.jqDouble), path: nil))
      }
    case .binary(let op, let lhs, let rhs):
      return try values(rhs, input, env).flatMap { r in
        try self.values(lhs, input, env).flatMap { l in
          .one(Item(value: try ValueOps.arithmetic(op, l.value, r.value), path: nil))
        }
      }
    case .and(let lhs, let rhs), .or(let lhs, let rhs):
      let isAnd: Bool
      if case .and = ast { isAnd = true } else { isAnd = false }
      return try values(lhs, input, env).flatMap { l in
        let truth = ValueOps.isTruthy(l.value)
        if truth != isAnd { return .one(Item(value: JSON(truth), path: nil)) }
        return try self.values(rhs, input, env).flatMap { r in
          .one(Item(value: JSON(ValueOps.isTruthy(r.value)), path: nil))
        }
      }
    case .alternative(let lhs, let rhs):
      return alternative(lhs, rhs, input, env)
    case .assign(let op, let lhs, let rhs):
      return try assign(op, lhs, rhs, input, env)
    case .array(let body):
      guard let body else { return .one(Item(value: JSON(array: []), path: nil)) }
      let items = try values(body, input, env).all().map(\.value)
      return .one(Item(value: JSON(array: items), path: nil))
    case .object(let entries):
      return try buildObject(entries[...], input, env, partial: [])
    case .string(let format, let parts):
      return try interpolate(parts[...].reversed()[...], format, input, env)
    case .format(let name):
      return .one(Item(value: JSON(try Formats.apply(name, input.value)), path: nil))
    case .ifThen(let condition, let then, let otherwise):
      return try values(condition, input, env).flatMap { c in
        if ValueOps.isTruthy(c.value) { return try self.eval(then, input, env) }
        if let otherwise { return try self.eval(otherwise, input, env) }
        return .one(input)
      }
    case .tryCatch(let body, let handler):
      return tryCatch(body, handler, input, env)
    case .reduce(let source, let pattern, let initial, let update):
      return try values(initial, input, env).flatMap { start in
        var accumulator: Item? = start
        let items = try self.values(source, input, env)
        while let item = try items.next() {
          let scope = try self.bind(pattern, item.value, env)
          var last: Item?
          let outputs = try self.eval(update, accumulator ?? Item(value: .null, path: nil), scope)
          while let output = try outputs.next() { last = output }
          accumulator = last
        }
        return accumulator.map { .one($0) } ?? .empty
      }
    case .foreach(let source, let pattern, let initial, let update, let extract):
      return try values(initial, input, env).flatMap { start in
        var state = start
        return try self.values(source, input, env).flatMap { item in
          let scope = try self.bind(pattern, item.value, env)
          return try self.eval(update, state, scope).flatMap { output in
            state = output
            if let extract { return try self.eval(extract, output, scope) }
            return .one(output)
          }
        }
      }
    case .bind(let source, let patterns, let body):
      return try bindAlternatives(source, patterns, body, input, env)
    case .label(let name, let body):
      nextLabel += 1
      let id = nextLabel
      let inner = try eval(body, input, Environment(parent: env, labels: [name: id]))
      var stopped = false
      return Generator {
        if stopped { return nil }
        do { return try inner.next() } catch let signal as BreakSignal where signal.label == id {
          stopped = true
          return nil
        }
      }
    case .breakLabel(let name):
      guard let id = env.label(name) else { throw QueryError.runtime("$*label-\(name) is not defined") }
      return Generator { throw BreakSignal(label: id) }
    case .variable(let name, _):
      if name == "ENV", env.variable(name) == nil {
        return .one(Item(value: environmentObject(), path: nil))
      }
      guard let value = env.variable(name) ?? context.variables[name] else {
        throw QueryError.runtime("$\(name) is not defined")
      }
      return .one(Item(value: value, path: nil))
    case .call(let name, let arguments, _):
      return try call(name, arguments, input, env)
    case .define(let definition, let rest):
      let key = "\(definition.name)/\(definition.parameters.count)"
      let scope = Environment(parent: env, functions: [key: Closure(definition: definition, scope: env)])
      return try eval(rest, input, scope)
    }
  }

  /// Outputs of `ast` as plain values (path mode off for its own input).
  func values(_ ast: AST, _ input: Item, _ env: Environment) throws -> Generator {
    try eval(ast, Item(value: input.value, path: nil), env)
  }

  func iterate(_ t: Item) throws -> Generator {
    switch t.value.type {
    case .array:
      let items = ValueOps.elements(t.value)
      var index = 0
      return Generator {
        guard index < items.count else { return nil }
        try self.step()
        index += 1
        return Item(value: items[index - 1], path: t.path.map { $0 + [JSON(index - 1)] })
      }
    case .dictionary:
      let members = ValueOps.members(t.value)
      var index = 0
      return Generator {
        guard index < members.count else { return nil }
        try self.step()
        index += 1
        let (key, value) = members[index - 1]
        return Item(value: value, path: t.path.map { $0 + [JSON(key)] })
      }
    default:
      throw QueryError.runtime("Cannot iterate over \(ValueOps.describe(t.value))")
    }
  }

  func environmentObject() -> JSON {
    ValueOps.object(context.environment.sorted { $0.key < $1.key }.map { ($0.key, JSON($0.value)) })
  }

  private func alternative(_ lhs: AST, _ rhs: AST, _ input: Item, _ env: Environment) -> Generator {
    var left: Generator?
    var produced = false
    var right: Generator?
    return Generator {
      if right == nil {
        do {
          if left == nil { left = try self.eval(lhs, input, env) }
          while let item = try left!.next() {
            if ValueOps.isTruthy(item.value) {
              produced = true
              return item
            }
          }
        } catch let error as QueryError where !error.endsRun {}
        if produced { return nil }
        right = try self.eval(rhs, input, env)
      }
      return try right!.next()
    }
  }

  private func tryCatch(_ body: AST, _ handler: AST?, _ input: Item, _ env: Environment) -> Generator {
    var inner: Generator?
    var done = false
    var caught: Generator?
    return Generator {
      if let caught { return try caught.next() }
      if done { return nil }
      do {
        if inner == nil { inner = try self.eval(body, input, env) }
        if let item = try inner!.next() { return item }
        done = true
        return nil
      } catch let error as QueryError where !error.endsRun {
        done = true
        if error.isBreakOut { throw error }
        guard let handler else { return nil }
        caught = try self.eval(handler, Item(value: error.value, path: nil), env)
        return try caught!.next()
      }
    }
  }

  private func buildObject(
    _ entries: ArraySlice<ObjectEntry>, _ input: Item, _ env: Environment, partial: [(String, JSON)]
  ) throws -> Generator {
    guard let entry = entries.first else { return .one(Item(value: ValueOps.object(partial), path: nil)) }
    return try values(entry.key, input, env).flatMap { k in
      guard k.value.type == .string else {
        throw QueryError.runtime("Object keys must be strings")
      }
      return try self.values(entry.value, input, env).flatMap { v in
        try self.buildObject(entries.dropFirst(), input, env, partial: partial + [(k.value.stringValue, v.value)])
      }
    }
  }

  /// `parts` reversed: the last interpolation varies slowest, as in jq.
  private func interpolate(
    _ parts: ArraySlice<StringPiece>, _ format: String?, _ input: Item, _ env: Environment,
    suffix: String = ""
  ) throws -> Generator {
    guard let part = parts.first else { return .one(Item(value: JSON(suffix), path: nil)) }
    switch part {
    case .literal(let text):
      return try interpolate(parts.dropFirst(), format, input, env, suffix: text + suffix)
    case .interpolation(let ast):
      return try values(ast, input, env).flatMap { v in
        let text = try format.map { name throws(QueryError) in try Formats.apply(name, v.value) } ?? ValueOps.text(v.value)
        return try self.interpolate(parts.dropFirst(), format, input, env, suffix: text + suffix)
      }
    }
  }

  func bind(_ pattern: Pattern, _ value: JSON, _ env: Environment) throws -> Environment {
    var bound: [String: JSON] = [:]
    try destructure(pattern, value, env, into: &bound)
    return Environment(parent: env, variables: bound)
  }

  private func destructure(_ pattern: Pattern, _ value: JSON, _ env: Environment, into bound: inout [String: JSON]) throws {
    switch pattern {
    case .variable(let name):
      bound[name] = value
    case .array(let items):
      if value.type != .array, value.type != .null {
        throw QueryError.runtime("Cannot index \(ValueOps.typeName(value)) with number")
      }
      for (i, item) in items.enumerated() {
        try destructure(item, try ValueOps.index(value, JSON(i)), env, into: &bound)
      }
    case .object(let entries):
      for entry in entries {
        let scope = Environment(parent: env, variables: bound)
        guard let key = try values(entry.key, Item(value: value, path: nil), scope).next()?.value else { continue }
        guard key.type == .string else {
          throw QueryError.runtime("Cannot index \(ValueOps.typeName(value)) with \(ValueOps.describe(key))")
        }
        let member = try ValueOps.index(value, key)
        if let name = entry.bindsKey { bound[name] = member }
        if let sub = entry.pattern { try destructure(sub, member, env, into: &bound) }
      }
    }
  }

  private func bindAlternatives(
    _ source: AST, _ patterns: [Pattern], _ body: AST, _ input: Item, _ env: Environment
  ) throws -> Generator {
    let allNames = patterns.flatMap(\.variables)
    return try values(source, input, env).flatMap { v in
      if patterns.count == 1 {
        return try self.eval(body, input, try self.bind(patterns[0], v.value, env))
      }
      var index = 0
      var current: Generator?
      return Generator {
        while true {
          do {
            if current == nil {
              var bound = Dictionary(allNames.map { ($0, JSON.null) }, uniquingKeysWith: { first, _ in first })
              try self.destructure(patterns[index], v.value, env, into: &bound)
              current = try self.eval(body, input, Environment(parent: env, variables: bound))
            }
            return try current!.next()
          } catch let error as QueryError where !error.endsRun && index < patterns.count - 1 {
            index += 1
            current = nil
          }
        }
      }
    }
  }

  // MARK: calls

  func call(_ name: String, _ arguments: [AST], _ input: Item, _ env: Environment) throws -> Generator {
    let key = "\(name)/\(arguments.count)"
    if let closure = env.function(key) ?? Prelude.table[key] {
      return try invoke(closure, key, arguments, input, env)
    }
    return try Builtins.call(key, arguments, input, env, self)
  }

  private func invoke(
    _ closure: Closure, _ key: String, _ arguments: [AST], _ input: Item, _ env: Environment
  ) throws -> Generator {
    let definition = closure.definition
    // Under its own name: an imported function is called as `ns::f` but recurses as `f`.
    var functions: [String: Closure] = closure.bindsItself ? [definition.key: closure] : [:]
    var valueParameters: [(String, AST)] = []
    for (parameter, argument) in zip(definition.parameters, arguments) {
      if parameter.hasPrefix("$") {
        valueParameters.append((String(parameter.dropFirst()), argument))
      } else {
        functions["\(parameter)/0"] = Closure(
          definition: FunctionDefinition(name: parameter, parameters: [], body: argument, location: definition.location),
          scope: env, bindsItself: false)
      }
    }
    depth += 1
    defer { depth -= 1 }
    if depth > Interpreter.maximumDepth {
      throw QueryError.runtime("maximum call depth (\(Interpreter.maximumDepth)) exceeded in \(key)")
    }
    if valueParameters.isEmpty {
      let scope = Environment(parent: closure.scope, functions: functions)
      return try eval(definition.body, input, scope)
    }
    return try bindValueParameters(valueParameters[...], [:], functions, closure, input, env)
  }

  private func bindValueParameters(
    _ remaining: ArraySlice<(String, AST)>, _ bound: [String: JSON], _ functions: [String: Closure],
    _ closure: Closure, _ input: Item, _ env: Environment
  ) throws -> Generator {
    guard let (name, argument) = remaining.first else {
      var functions = functions
      for (variable, value) in bound {
        functions["\(variable)/0"] = Closure(
          definition: FunctionDefinition(name: variable, parameters: [], body: .literal(value), location: closure.definition.location),
          scope: closure.scope)
      }
      let scope = Environment(parent: closure.scope, variables: bound, functions: functions)
      return try eval(closure.definition.body, input, scope)
    }
    return try values(argument, input, env).flatMap { v in
      var next = bound
      next[name] = v.value
      return try self.bindValueParameters(remaining.dropFirst(), next, functions, closure, input, env)
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
  var isBreakOut: Bool { false }
}
