import JSONKitCore

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

  /// Builtins without arguments that read not the input they are given but other inputs:
  /// their outputs could be looked at anywhere.
  static let readsOtherInputs: Set<String> = ["input", "inputs"]

  /// A `Path` as a set element.
  struct VisitedPath: Hashable {
    let steps: [JSONProjection.Step]
    let terminal: Bool
  }

  /// The analysis gave up: the program may read anything.
  struct Unsupported: Error {}

  /// The projection for `body`, or `nil` when the program may read anything or would keep
  /// everything anyway.
  ///
  /// `shadowed` holds the "name/arity" of functions brought in by
  /// imports (or `~/.jq`): a call to one of them is not the builtin of that name.
  static func of(_ body: AST, shadowed: Set<String> = []) -> JSONProjection? {
    var analysis = Analysis(shadowed: shadowed)
    guard let outputs = try? analysis.outputs(body, from: [([], false)]) else { return nil }
    analysis.whole += outputs
    // A terminal path visited (`.a[1:][] | 1`) reaches values the projection cannot
    // describe: they are kept whole.
    analysis.whole += analysis.visited.filter(\.terminal)
    guard analysis.whole.count <= maxPaths else { return nil }
    let projection = JSONProjection(
      paths: analysis.whole.map(\.steps),
      visiting: analysis.visited.filter { !$0.terminal }.map(\.steps))
    return projection.keepsEverything ? nil : projection
  }

  struct Analysis {
    let shadowed: Set<String>
    /// Paths whose values are read whole.
    var whole: [Path] = []
    /// Every path a subexpression's outputs were found at: the containers along them are
    /// kept, so that going along them without reading (`.a[] | 1`) still finds as many
    /// values as in the full input.
    var visited: [Path] = []
    /// The paths in `visited`, a terminal one apart from the same steps not terminal.
    var seen: Set<VisitedPath> = []
    /// Where the values of the variables in scope are in the input (empty: computed).
    var variables: [String: [Path]] = [:]

    /// Where the outputs of `ast` are in the input, for inputs at `starts` (empty: the
    /// outputs are computed values, not parts of the input); records in `whole` what
    /// `ast` reads whole on the way, and in `visited` where its outputs were found.
    mutating func outputs(_ ast: AST, from starts: [Path]) throws(Unsupported) -> [Path] {
      let result = try locate(ast, from: starts)
      for path in result
      where seen.insert(VisitedPath(steps: path.steps, terminal: path.terminal)).inserted {
        visited.append(path)
      }
      guard visited.count <= 4 * maxPaths else { throw Unsupported() }
      return result
    }

    /// `body` with `name` bound to values found at `paths`.
    private mutating func binding(
      _ name: String, to paths: [Path], _ body: (inout Analysis) throws(Unsupported) -> [Path]
    ) throws(Unsupported) -> [Path] {
      let saved = variables[name]
      variables[name] = paths
      defer { variables[name] = saved }
      return try body(&self)
    }

    private mutating func locate(_ ast: AST, from starts: [Path]) throws(Unsupported) -> [Path] {
      guard starts.count + whole.count <= maxPaths else { throw Unsupported() }
      switch ast {
      case .identity:
        return starts
      case .recurseDefault:
        return starts.map { ($0.steps, true) }
      case .optional(let inner), .optionalStep(let inner):
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
      case .arithmetic(_, let operands):
        for operand in operands { try readWhole(operand, starts) }
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
      case .variable(let name, _):
        // A variable bound in the program is where its source's outputs were; any other
        // (`$ENV`, `$__loc__`, `--arg`) is not part of the input.
        return variables[name] ?? []
      case .bind(let source, let patterns, let body):
        guard patterns.count == 1, case .variable(let name) = patterns[0] else {
          throw Unsupported()
        }
        let values = try outputs(source, from: starts)
        return try binding(name, to: values) { analysis throws(Unsupported) in
          try analysis.outputs(body, from: starts)
        }
      case .reduce(let source, let pattern, let initial, let update):
        return try accumulate(source, pattern, initial, update, nil, starts)
      case .foreach(let source, let pattern, let initial, let update, let extract):
        return try accumulate(source, pattern, initial, update, extract, starts)
      case .call(let name, let arguments, _):
        let key = "\(name)/\(arguments.count)"
        guard !shadowed.contains(key) else { throw Unsupported() }
        guard !InputProjection.readsOtherInputs.contains(name),
          IntrinsicRunner.names.contains(key) || Prelude.names.contains(key)
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
        case "first/1", "last/1":
          // Some of the outputs of `f`.
          return try outputs(arguments[0], from: starts)
        case "limit/2":
          try readWhole(arguments[0], starts)
          return try outputs(arguments[1], from: starts)
        case "sort_by/1", "unique_by/1", "min_by/1", "max_by/1":
          // `f` of each element is compared whole; the output is made of elements (an
          // array of them, or one): reading it reads the input's elements. An object met
          // by `.element` is kept whole, so the error for a non-array names it as it is.
          let elements = extend(starts, .element)
          try readWhole(arguments[0], elements)
          return key == "min_by/1" || key == "max_by/1" ? elements : starts
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

    /// `reduce` (`extract` nil) or `foreach`: the source's outputs bound to the pattern's
    /// variable, the state kept whole wherever it comes from (the initial value, or a
    /// part of the input the update returns), so reads of the state need not be followed.
    private mutating func accumulate(
      _ source: AST, _ pattern: Pattern, _ initial: AST, _ update: AST, _ extract: AST?,
      _ starts: [Path]
    ) throws(Unsupported) -> [Path] {
      guard case .variable(let name) = pattern else { throw Unsupported() }
      let values = try outputs(source, from: starts)
      try readWhole(initial, starts)
      return try binding(name, to: values) { analysis throws(Unsupported) in
        try analysis.readWhole(update, [])
        guard let extract else { return [] }
        return try analysis.outputs(extract, from: [])
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
