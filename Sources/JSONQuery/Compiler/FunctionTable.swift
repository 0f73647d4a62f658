/// A compiled `def`: its body and how a call binds its parameters into a new frame.
///
/// A class: a call reads its definition from a table, and a class instance is one
/// reference to take, where a struct's copy retained each of its fields (a recursion
/// such as `def r: ., (. + 1 | r)` reads it once per level).
final class FunctionIR: Sendable {
  enum Parameter: Sendable {
    /// `f`: the argument, unevaluated, becomes closure slot `index`.
    case closure(index: Int)
    /// `$x`: each output of the argument becomes value slot `index`; the argument is also
    /// the next closure slot (the filter `x`).
    case value(index: Int)
  }

  /// "name/arity", for error messages.
  let key: String
  let parameters: [Parameter]
  let closureCount: Int
  let valueCount: Int
  let body: Node

  init(key: String, parameters: [Parameter], closureCount: Int, valueCount: Int, body: Node) {
    self.key = key
    self.parameters = parameters
    self.closureCount = closureCount
    self.valueCount = valueCount
    self.body = body
  }
}

/// Which table a definition lives in: the prelude's, compiled once for every program, or
/// the program's own (its `def`s and those of the modules it imports).
struct FunctionRef: Sendable {
  let inPrelude: Bool
  let index: Int
}

/// Definitions being compiled.
///
/// A slot is reserved before its body is compiled, so that the
/// body (and, for the prelude, any other definition) can call it.
final class FunctionTable {
  let isPrelude: Bool
  private var functions: [FunctionIR?] = []

  init(isPrelude: Bool) { self.isPrelude = isPrelude }

  func reserve() -> FunctionRef {
    functions.append(nil)
    return FunctionRef(inPrelude: isPrelude, index: functions.count - 1)
  }

  func define(_ ref: FunctionRef, _ function: FunctionIR) { functions[ref.index] = function }

  /// The compile errors of definitions whose bodies did not compile, by slot.
  private var failures: [Int: QueryError] = [:]

  /// A definition whose body failed to compile with `error`: never run, since a call to
  /// it fails to compile with that error (see `failure`).
  func defineUnusable(_ ref: FunctionRef, key: String, error: QueryError) {
    failures[ref.index] = error
    define(
      ref,
      FunctionIR(
        key: key, parameters: [], closureCount: 0, valueCount: 0,
        body: Node(op: .fail(error.description), single: false)))
  }

  /// The compile error of the definition at `ref`, if its body did not compile.
  func failure(_ ref: FunctionRef) -> QueryError? {
    ref.inPrelude == isPrelude ? failures[ref.index] : nil
  }

  /// Every definition; each reserved slot must have been defined.
  var compiled: [FunctionIR] { functions.map { $0! } }
}
