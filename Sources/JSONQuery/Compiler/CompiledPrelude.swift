/// One compilation of the prelude's jq-source definitions: their bodies, where each
/// "name/arity" is, and those a call site may replace by their body.
///
/// Immutable once made:
/// `Prelude.whole` is made once and shared by every `Query`; a query compiled with
/// `QueryOptions.compilesReachablePreludeOnly` makes and keeps its own (see
/// `Prelude.reachable(from:)`), so no compilation changes what another one sees.
///
/// ```swift
/// let prelude = CompiledPrelude(text: "def map(f): [.[] | f];\n.")
/// prelude.refs["map/1"]  // where calls of `map/1` go
/// ```
final class CompiledPrelude: Sendable {
  /// The definitions' bodies, indexed by `FunctionRef.index`.
  let functions: [FunctionIR]
  /// Where calls of each "name/arity" go.
  let refs: [String: FunctionRef]
  /// Definitions a program's calls are replaced by (their body, the arguments in place of
  /// the parameters): those whose parameters are all closures and whose body binds
  /// nothing (no `as`, `reduce`, `foreach`, `label`, `def`) and does not call itself.
  /// Such a body adds no frame, so the arguments, compiled at the call site, stay valid
  /// inside it: `select(f)`, `numbers`, `map(f)`, `any(f)`…
  let inlinable: [String: FunctionDefinition]

  /// The definitions of `text` (jq source: definitions, then a body, which is ignored);
  /// `nil` is none.
  ///
  /// A definition's body sees every other (in any order), then the Swift
  /// builtins; of two definitions with one key, the later counts.
  init(text: String?) {
    var definitions: [String: FunctionDefinition] = [:]
    if let text {
      do {
        var ast = try Parser.parse(text)
        while case .define(let definition, let rest) = ast {
          definitions[definition.key] = definition
          ast = rest
        }
      } catch {
        fatalError("the jq prelude does not parse: \(error)")
      }
    }
    let table = FunctionTable(isPrelude: true)
    var globals = Globals()
    for key in definitions.keys.sorted() { globals.functions[key] = table.reserve() }
    var compiler = Compiler(globals: globals, table: table, prelude: nil)
    compiler.defersUndefinedCalls = true
    do {
      for (key, definition) in definitions {
        try compiler.define(definition, globals.functions[key]!, Scope())
      }
    } catch {
      fatalError("the jq prelude does not compile: \(error)")
    }
    functions = table.compiled
    refs = globals.functions
    inlinable = definitions.filter { key, definition in
      definition.parameters.allSatisfy { !$0.hasPrefix("$") }
        && !definition.body.bindsOrCalls(key)
    }
  }
}

extension AST {
  /// Whether the filter binds a variable, a label or a function, or calls `key`.
  fileprivate func bindsOrCalls(_ key: String) -> Bool {
    switch self {
    case .identity, .recurseDefault, .literal, .format, .breakLabel, .variable: return false
    case .reduce, .foreach, .bind, .label, .define: return true
    case .index(let a, let b), .pipe(let a, let b), .comma(let a, let b), .binary(_, let a, let b),
      .and(let a, let b), .or(let a, let b), .alternative(let a, let b), .assign(_, let a, let b):
      return a.bindsOrCalls(key) || b.bindsOrCalls(key)
    case .slice(let a, let b, let c):
      return a.bindsOrCalls(key) || (b?.bindsOrCalls(key) ?? false)
        || (c?.bindsOrCalls(key) ?? false)
    case .iterate(let a), .optional(let a), .optionalStep(let a), .negate(let a):
      return a.bindsOrCalls(key)
    case .arithmetic(_, let operands): return operands.contains { $0.bindsOrCalls(key) }
    case .array(let a): return a?.bindsOrCalls(key) ?? false
    case .object(let entries):
      return entries.contains { $0.key.bindsOrCalls(key) || $0.value.bindsOrCalls(key) }
    case .string(_, let parts):
      return parts.contains {
        if case .interpolation(let a) = $0 { a.bindsOrCalls(key) } else { false }
      }
    case .ifThen(let a, let b, let c):
      return a.bindsOrCalls(key) || b.bindsOrCalls(key) || (c?.bindsOrCalls(key) ?? false)
    case .tryCatch(let a, let b): return a.bindsOrCalls(key) || (b?.bindsOrCalls(key) ?? false)
    case .call(let name, let arguments, _):
      return "\(name)/\(arguments.count)" == key || arguments.contains { $0.bindsOrCalls(key) }
    }
  }
}
