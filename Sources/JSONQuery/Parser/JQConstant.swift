import JSONKitCore

/// The expressions jq 1.8's parser makes constants of, and their values.
///
/// jq's parser builds its bytecode as it reads, and some of it is one constant: a number
/// (`1`, never `-1`: a minus is a call of `_negate`), a string without interpolation (with
/// or without a format), `true`, `false`, `null`, `$__loc__`, `[]` and `{}`, an array of
/// constants joined by commas from the left (`[1, 2]`, not `[1, (2, 3)]`), an object whose
/// keys are constant strings and whose values are constants (`{a: [1]}`), and an operator
/// of `+ - * / %` or a comparison on two constants, which it folds (`1 + 1`, `"a" * 0`)
/// unless the fold fails (`1 / 0` stays an error raised when it runs).
///
/// What is constant decides what jq refuses when it compiles: a constant object key that is
/// not a string (`{(1 + 1): 2}`, `. as {([]): $x} | $x`), and module metadata that is not a
/// constant object (`module {a: -1};`); `{(-1): 2}` is refused only when it runs.
enum JQConstant {
  /// `a op b` as jq's `constant_fold` makes it: the value, or `nil` when the operator fails
  /// (jq then compiles the error, raised when the expression runs).
  static func fold(_ op: BinaryOperator, _ a: JSON, _ b: JSON) -> JSON? {
    // A repeat that large is a string either way; jq would build it while compiling.
    if op == .multiply, let text = a.string ?? b.string, (a.type == .number) != (b.type == .number),
      Double(text.utf8.count) * (a.type == .number ? a : b).jqDouble > Double(repeatLimit)
    {
      return nil
    }
    return try? ValueOps.arithmetic(op, a, b, budget: nil)
  }

  /// The longest string a fold repeats (`"ab" * 3`); a longer one is left to run time.
  private static let repeatLimit = 1 << 20

  /// The value of `ast` when jq's parser makes it a constant, else `nil`.
  static func value(of ast: AST) -> JSON? {
    switch ast {
    case .literal(let value): return value
    case .string(_, let parts):
      // A format applies to interpolations only: `@base64 "a"` is the constant "a".
      var text = ""
      for part in parts {
        guard case .literal(let piece) = part else { return nil }
        text += piece
      }
      return JSON(text)
    case .array(.none): return JSON(array: [])
    case .array(.some(let items)):
      guard let elements = elements(of: items) else { return nil }
      return JSON(array: elements)
    case .object(let entries):
      var members: [(String, JSON)] = []
      for entry in entries {
        guard !entry.indexesByKey, let key = value(of: entry.key)?.string,
          let value = value(of: entry.value)
        else { return nil }
        members.append((key, value))
      }
      return ValueOps.object(members)
    case .binary(let op, let lhs, let rhs):
      guard let a = value(of: lhs), let b = value(of: rhs) else { return nil }
      return fold(op, a, b)
    case .arithmetic(let operators, let operands):
      guard var result = value(of: operands[0]) else { return nil }
      for (op, operand) in zip(operators, operands.dropFirst()) {
        guard let next = value(of: operand), let folded = fold(op, result, next) else {
          return nil
        }
        result = folded
      }
      return result
    default:
      return nil
    }
  }

  /// The elements of `[items]` when jq makes the array a constant: every output of `items`
  /// a constant, joined by commas from the left (`1, 2, 3` is `(1, 2), 3`).
  ///
  /// jq folds `[(1, 2), 3]` and not `[1, (2, 3)]`. A chain longer than `AST.flatChain` is
  /// kept as a balanced tree, so there any grouping of constants is taken.
  private static func elements(of items: AST) -> [JSON]? {
    var leaves: [AST] = []
    var isLeftChain = true
    var pending = [items]
    while let node = pending.popLast() {
      guard case .comma(let lhs, let rhs) = node else {
        leaves.append(node)
        continue
      }
      if case .comma = rhs { isLeftChain = false }
      pending.append(rhs)
      pending.append(lhs)
    }
    guard isLeftChain || leaves.count > AST.flatChain else { return nil }
    var values: [JSON] = []
    values.reserveCapacity(leaves.count)
    for leaf in leaves {
      guard let value = value(of: leaf) else { return nil }
      values.append(value)
    }
    return values
  }

  /// jq's error for a constant object key that is not a string (`{(1): 2}`), if `key` is one.
  static func keyError(_ key: AST) -> String? {
    guard let constant = value(of: key), constant.type != .string else { return nil }
    return keyError(constant)
  }

  /// jq's error for `key`, the constant of an object key, unless it is a string.
  static func keyError(_ key: JSON) -> String? {
    guard key.type != .string else { return nil }
    return "Cannot use \(ValueOps.describe(key)) as object key"
  }
}
