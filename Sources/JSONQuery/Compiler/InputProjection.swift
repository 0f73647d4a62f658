import JSONKit

/// Works out which parts of its input a path program reads (`Query.inputProjection`).
///
/// Only programs made of path steps qualify: `.a`, `."a"`, `.[n]`, `.[]`, `.[a:b]`, `..`,
/// `?`, `|`, `,` and parentheses. Such a program can only output values found along its
/// paths, and can only fail on what it meets along them, so an input parsed with the
/// projection gives the same outputs and errors as the full input. Anything else (a
/// function call, a variable, a literal, an operator) could look at the whole input.
enum InputProjection {
  /// A path, and whether the value at its end is kept whole whatever follows (after a
  /// slice or `..`, later steps apply to values the projection cannot describe).
  typealias Path = (steps: [JSONProjection.Step], terminal: Bool)

  /// More alternative paths than this (`(.a, .b) | (.c, .d) | …` multiplies them) is not
  /// worth describing: the program reads the whole input.
  static let maxPaths = 256

  /// The projection for `body`, or `nil` when it is not a path program or would keep
  /// everything anyway.
  static func of(_ body: AST) -> JSONProjection? {
    guard let ends = paths(body, from: [([], false)]) else { return nil }
    let projection = JSONProjection(paths: ends.map(\.steps))
    return projection.keepsEverything ? nil : projection
  }

  /// Where the outputs of `ast` are, for inputs at `starts`; `nil` when `ast` is not made
  /// of path steps.
  static func paths(_ ast: AST, from starts: [Path]) -> [Path]? {
    switch ast {
    case .identity:
      return starts
    case .recurseDefault:
      return starts.map { ($0.steps, true) }
    case .optional(let inner):
      return paths(inner, from: starts)
    case .pipe(let first, let second):
      guard let middle = paths(first, from: starts) else { return nil }
      return paths(second, from: middle)
    case .comma(let first, let second):
      guard let a = paths(first, from: starts), let b = paths(second, from: starts),
        a.count + b.count <= maxPaths
      else { return nil }
      return a + b
    case .iterate(let target):
      return paths(target, from: starts).map { extend($0, .each) }
    case .index(let target, let key):
      guard let targets = paths(target, from: starts) else { return nil }
      if case .literal(let literal) = key, let name = literal.string {
        return extend(targets, .key(name))
      }
      return isNumber(key) ? extend(targets, .element) : nil
    case .slice(let target, let from, let to):
      guard isNumberOrAbsent(from), isNumberOrAbsent(to), let targets = paths(target, from: starts)
      else { return nil }
      return targets.map { ($0.steps, true) }
    default:
      return nil
    }
  }

  private static func extend(_ paths: [Path], _ step: JSONProjection.Step) -> [Path] {
    paths.map { $0.terminal ? $0 : ($0.steps + [step], false) }
  }

  private static func isNumberOrAbsent(_ bound: AST?) -> Bool {
    guard let bound else { return true }
    if case .literal(let value) = bound, value.type == .null { return true }
    return isNumber(bound)
  }

  /// A number literal, possibly negated (`-1` parses as a negation).
  private static func isNumber(_ ast: AST) -> Bool {
    switch ast {
    case .literal(let value): return value.type == .number
    case .negate(let inner): return isNumber(inner)
    default: return false
    }
  }
}
