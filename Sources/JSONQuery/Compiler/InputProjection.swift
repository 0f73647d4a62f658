import JSONKit

/// Works out which parts of its input a program reads (`Query.inputProjection`).
///
/// The analysis follows where each subexpression's outputs come from. A path step (`.a`,
/// `."a"`, `.[n]`, `.[]`, `.[a:b]`, `..`, `?`) moves along the input; anything that looks at
/// a value as a whole (an operator, a condition, `length` and other builtins without
/// arguments, a constructed array, object or string, the program's own outputs) needs that
/// value whole; `|`, `,`, `if`, `//`, `try`, `select(f)` and `map(f)` combine their parts;
/// any other builtin keeps its input whole. The projection keeps exactly the values needed
/// whole and the containers on the way to them, so the program gives the same outputs and
/// errors on the projected input as on the full one. Anything else (variables, `reduce`,
/// definitions, assignments, `input`, functions shadowed by imports) could look anywhere: no
/// projection.
enum InputProjection {
  /// A path, and whether the value at its end is kept whole whatever follows (after a
  /// slice or `..`, later steps apply to values the projection cannot describe).
  typealias Path = (steps: [JSONProjection.Step], terminal: Bool)

  /// More paths than this (`(.a, .b) | (.c, .d) | …` multiplies them) is not worth
  /// describing: the program reads the whole input.
  static let maxPaths = 256

  /// IntrinsicRunner without arguments that do not read the input they are given but other inputs:
  /// their outputs could be looked at anywhere.
  static let readsOtherInputs: Set<String> = ["input", "inputs"]

  /// The analysis gave up: the program may read anything.
  struct Unsupported: Error {}

  /// The projection for `body`, or `nil` when the program may read anything or would keep
  /// everything anyway. `shadowed` holds the "name/arity" of functions brought in by
  /// imports (or `~/.jq`): a call to one of them is not the builtin of that name.
  static func of(_ body: AST, shadowed: Set<String> = []) -> JSONProjection? {
    var analysis = Analysis(shadowed: shadowed)
    guard let outputs = try? analysis.outputs(body, from: [([], false)]) else { return nil }
    analysis.whole += outputs
    guard analysis.whole.count <= maxPaths else { return nil }
    let projection = JSONProjection(paths: analysis.whole.map(\.steps))
    return projection.keepsEverything ? nil : projection
  }

  struct Analysis {
    let shadowed: Set<String>
    /// Paths whose values are read whole.
    var whole: [Path] = []

    /// Where the outputs of `ast` are in the input, for inputs at `starts` (empty: the
    /// outputs are computed values, not parts of the input); records in `whole` what
    /// `ast` reads whole on the way.
    mutating func outputs(_ ast: AST, from starts: [Path]) throws(Unsupported) -> [Path] {
      guard starts.count + whole.count <= maxPaths else { throw Unsupported() }
      switch ast {
      case .identity:
        return starts
      case .recurseDefault:
        return starts.map { ($0.steps, true) }
      case .optional(let inner):
        return try outputs(inner, from: starts)
      case .pipe(let first, let second):
        return try outputs(second, from: try outputs(first, from: starts))
      case .comma(let first, let second):
        return try outputs(first, from: starts) + outputs(second, from: starts)
      case .iterate(let target):
        return extend(try outputs(target, from: starts), .each)
      case .index(let target, let key):
        let targets = try outputs(target, from: starts)
        if case .literal(let literal) = key, let name = literal.string {
          return extend(targets, .key(name))
        }
        guard isNumber(key) else { throw Unsupported() }
        return extend(targets, .element)
      case .slice(let target, let from, let to):
        guard isNumberOrAbsent(from), isNumberOrAbsent(to) else { throw Unsupported() }
        return try outputs(target, from: starts).map { ($0.steps, true) }
      case .literal:
        return []
      case .negate(let operand):
        try readWhole(operand, starts)
        return []
      case .binary(_, let lhs, let rhs), .and(let lhs, let rhs), .or(let lhs, let rhs):
        try readWhole(lhs, starts)
        try readWhole(rhs, starts)
        return []
      case .alternative(let lhs, let rhs):
        return try outputs(lhs, from: starts) + outputs(rhs, from: starts)
      case .array(let body):
        if let body { try readWhole(body, starts) }
        return []
      case .object(let entries):
        for entry in entries {
          if case .literal = entry.key {} else { try readWhole(entry.key, starts) }
          try readWhole(entry.value, starts)
        }
        return []
      case .string(_, let parts):
        for case .interpolation(let inner) in parts { try readWhole(inner, starts) }
        return []
      case .format:
        whole += starts
        return []
      case .ifThen(let condition, let then, let otherwise):
        try readWhole(condition, starts)
        var result = try outputs(then, from: starts)
        if let otherwise {
          result += try outputs(otherwise, from: starts)
        } else {
          result += starts
        }
        return result
      case .tryCatch(let body, let handler):
        // The handler gets the error, a computed value.
        var result = try outputs(body, from: starts)
        if let handler { result += try outputs(handler, from: []) }
        return result
      case .call(let name, let arguments, _):
        let key = "\(name)/\(arguments.count)"
        guard !shadowed.contains(key) else { throw Unsupported() }
        guard !InputProjection.readsOtherInputs.contains(name),
          IntrinsicRunner.names.contains(key) || Prelude.refs[key] != nil
        else { throw Unsupported() }
        switch key {
        case "select/1":
          // `if f then . else empty end`
          try readWhole(arguments[0], starts)
          return starts
        case "map/1":
          // `[.[] | f]`
          try readWhole(.pipe(.iterate(.identity), arguments[0]), starts)
          return []
        default:
          // A builtin sees only its input and what its arguments make of it (there are no
          // variables here): keeping the input whole covers whatever it reads. The
          // arguments are still checked for what the analysis cannot follow (`input`).
          whole += starts
          for argument in arguments { _ = try outputs(argument, from: starts) }
          return []
        }
      default:
        throw Unsupported()
      }
    }

    /// `ast`'s outputs are looked at as whole values.
    mutating func readWhole(_ ast: AST, _ starts: [Path]) throws(Unsupported) {
      whole += try outputs(ast, from: starts)
    }

    private func extend(_ paths: [Path], _ step: JSONProjection.Step) -> [Path] {
      paths.map { $0.terminal ? $0 : ($0.steps + [step], false) }
    }

    private func isNumberOrAbsent(_ bound: AST?) -> Bool {
      guard let bound else { return true }
      if case .literal(let value) = bound, value.type == .null { return true }
      return isNumber(bound)
    }

    /// A number literal, possibly negated (`-1` parses as a negation).
    private func isNumber(_ ast: AST) -> Bool {
      switch ast {
      case .literal(let value): return value.type == .number
      case .negate(let inner): return isNumber(inner)
      default: return false
      }
    }
  }
}
