/// Checks, before running, that every called function and every variable is defined,
/// so that `foo` fails at compile time with jq's "foo/0 is not defined".
struct NameResolver {
  let known: Set<String>
  let variables: Set<String>

  func check(_ ast: AST) throws(QueryError) {
    try visit(ast, functions: [], variables: variables)
  }

  private func visit(_ ast: AST, functions: Set<String>, variables: Set<String>) throws(QueryError) {
    func go(_ node: AST?) throws(QueryError) {
      if let node { try visit(node, functions: functions, variables: variables) }
    }
    switch ast {
    case .identity, .recurseDefault, .literal, .format, .breakLabel: return
    case .index(let target, let key): try go(target); try go(key)
    case .slice(let target, let from, let to): try go(target); try go(from); try go(to)
    case .iterate(let body), .optional(let body), .negate(let body), .array(.some(let body)): try go(body)
    case .array(.none): return
    case .pipe(let a, let b), .comma(let a, let b), .binary(_, let a, let b), .and(let a, let b),
      .or(let a, let b), .alternative(let a, let b), .assign(_, let a, let b):
      try go(a); try go(b)
    case .object(let entries):
      for entry in entries { try go(entry.key); try go(entry.value) }
    case .string(_, let parts):
      for case .interpolation(let inner) in parts { try go(inner) }
    case .ifThen(let c, let t, let e): try go(c); try go(t); try go(e)
    case .tryCatch(let body, let handler): try go(body); try go(handler)
    case .reduce(let source, let pattern, let initial, let update):
      try go(source); try go(initial)
      try visit(update, functions: functions, variables: variables.union(pattern.variables))
    case .foreach(let source, let pattern, let initial, let update, let extract):
      try go(source); try go(initial)
      let inner = variables.union(pattern.variables)
      try visit(update, functions: functions, variables: inner)
      if let extract { try visit(extract, functions: functions, variables: inner) }
    case .bind(let source, let patterns, let body):
      try go(source)
      try visit(body, functions: functions, variables: variables.union(patterns.flatMap(\.variables)))
    case .label(_, let body): try go(body)
    case .variable(let name, let location):
      guard variables.contains(name) || name == "ENV" || name == "__prog_args" else {
        throw .compile("$\(name) is not defined", at: location)
      }
    case .call(let name, let arguments, let location):
      let key = "\(name)/\(arguments.count)"
      guard functions.contains(key) || known.contains(key) else {
        throw .compile("\(key) is not defined", at: location)
      }
      for argument in arguments { try go(argument) }
    case .define(let definition, let rest):
      let key = "\(definition.name)/\(definition.parameters.count)"
      var inner = functions
      inner.insert(key)
      var innerVariables = variables
      for parameter in definition.parameters {
        if parameter.hasPrefix("$") {
          innerVariables.insert(String(parameter.dropFirst()))
          inner.insert("\(parameter.dropFirst())/0")
        } else {
          inner.insert("\(parameter)/0")
        }
      }
      try visit(definition.body, functions: inner, variables: innerVariables)
      var after = functions
      after.insert(key)
      try visit(rest, functions: after, variables: variables)
    }
  }
}
