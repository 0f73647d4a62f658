/// jq's limit on the closures one body of code creates.
///
/// jq compiles each function body (and the program's top level, and each argument of a
/// call) to bytecode of its own, which numbers the closures it creates in 12 bits (the
/// 13th, `ARG_NEWCLOSURE`, marks a new closure). A body's closures are the local
/// definitions it keeps (those called somewhere) and the arguments of its calls, unless an
/// argument is a parameter passed on (`def f(g): map(g)`). jq fails on the 4097th, with a
/// message that says 4095: `too many function parameters or local function definitions
/// (max 4095)`; a call with 4096 arguments fails with the definition it calls beside it.
/// jq also counts closures that are not written (its desugared assignments, the builtins a
/// program calls); only the written ones are counted here, so this check refuses no program
/// that jq compiles, beyond a definition counted as kept because a call elsewhere names it.
enum ClosureLimit {
  /// The most closures one body may create.
  static let maximum = 4096

  /// jq's message, which has no place.
  static let message = "too many function parameters or local function definitions (max 4095)"

  /// The parameters visible in a body, innermost first: an argument that only names one
  /// is passed on, not created.
  private final class Parameters {
    let names: [String]
    let outer: Parameters?

    init(_ names: [String], outer: Parameters?) {
      self.names = names
      self.outer = outer
    }

    func contains(_ name: String) -> Bool {
      var scope: Parameters? = self
      while let current = scope {
        if current.names.contains(name) { return true }
        scope = current.outer
      }
      return false
    }
  }

  /// Throws jq's error when a body of `ast` (its top level, a definition's body, or a
  /// call's argument) creates more than `maximum` closures.
  ///
  /// The walks keep their own stacks: a program of thousands of calls nests as deep.
  static func check(_ ast: AST) throws(QueryError) {
    let called = calledFunctions(in: ast)
    var counts = [0]
    var pending: [(node: AST, body: Int, parameters: Parameters?)] = [(ast, 0, nil)]
    while let (node, body, parameters) = pending.popLast() {
      func count() throws(QueryError) {
        counts[body] += 1
        if counts[body] > maximum { throw .compile(message, at: nil) }
      }
      func newBody(_ child: AST, _ scope: Parameters?) {
        counts.append(0)
        pending.append((child, counts.count - 1, scope))
      }
      switch node {
      case .call(_, let arguments, _):
        for argument in arguments {
          if case .call(let name, let inner, _) = argument, inner.isEmpty,
            parameters?.contains(name) == true
          {
            continue
          }
          try count()
          newBody(argument, parameters)
        }
      case .define(let definition, let rest):
        if called.contains(definition.key) { try count() }
        let names = definition.parameters.map { $0.hasPrefix("$") ? String($0.dropFirst()) : $0 }
        newBody(definition.body, Parameters(names, outer: parameters))
        pending.append((rest, body, parameters))
      default:
        for child in children(of: node) { pending.append((child, body, parameters)) }
      }
    }
  }

  /// The `name/arity` of every call in `ast`.
  static func calledFunctions(in ast: AST) -> Set<String> {
    var called: Set<String> = []
    var pending = [ast]
    while let node = pending.popLast() {
      switch node {
      case .call(let name, let arguments, _):
        called.insert("\(name)/\(arguments.count)")
        pending += arguments
      case .define(let definition, let rest): pending += [definition.body, rest]
      default: pending += children(of: node)
      }
    }
    return called
  }

  /// The expressions directly inside `node`, but for a call's arguments and a definition's
  /// body, which the walks treat on their own (`FunctionSize`'s too).
  static func children(of node: AST) -> [AST] {
    switch node {
    case .identity, .recurseDefault, .literal, .format, .breakLabel, .variable, .call, .define:
      return []
    case .index(let target, let key): return [target, key]
    case .slice(let target, let from, let to): return [target] + [from, to].compactMap { $0 }
    case .iterate(let inner), .optional(let inner), .optionalStep(let inner), .negate(let inner),
      .label(_, let inner):
      return [inner]
    case .array(let inner): return inner.map { [$0] } ?? []
    case .pipe(let a, let b), .comma(let a, let b), .binary(_, let a, let b), .and(let a, let b),
      .or(let a, let b), .alternative(let a, let b), .assign(_, let a, let b):
      return [a, b]
    case .arithmetic(_, let operands): return operands
    case .object(let entries): return entries.flatMap { [$0.key, $0.value] }
    case .string(_, let parts):
      return parts.compactMap { if case .interpolation(let inner) = $0 { inner } else { nil } }
    case .ifThen(let condition, let then, let otherwise):
      return [condition, then] + (otherwise.map { [$0] } ?? [])
    case .tryCatch(let body, let handler): return [body] + (handler.map { [$0] } ?? [])
    case .reduce(let source, _, let initial, let update): return [source, initial, update]
    case .foreach(let source, _, let initial, let update, let extract):
      return [source, initial, update] + (extract.map { [$0] } ?? [])
    case .bind(let source, _, let rest): return [source, rest]
    }
  }
}
