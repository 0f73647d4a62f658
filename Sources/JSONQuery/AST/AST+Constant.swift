import JSONKitCore

extension AST {
  /// The value of an expression made only of literals (`{search: "./"}`, `[1, -2]`), or
  /// `nil` when evaluating it would need an input or a function.
  var constantValue: JSON? {
    switch self {
    case .literal(let value): return value
    case .array(.none): return JSON(array: [])
    case .array(.some(let items)):
      var values: [JSON] = []
      var pending = [items]
      while let node = pending.popLast() {
        if case .comma(let lhs, let rhs) = node {
          pending.append(rhs)
          pending.append(lhs)
        } else {
          guard let value = node.constantValue else { return nil }
          values.append(value)
        }
      }
      return JSON(array: values)
    case .object(let entries):
      var members: [(String, JSON)] = []
      for entry in entries {
        guard let key = entry.key.constantValue?.string, let value = entry.value.constantValue
        else { return nil }
        members.append((key, value))
      }
      return ValueOps.object(members)
    case .negate(let body):
      guard let value = body.constantValue, value.type == .number else { return nil }
      // A literal is negated exactly, as jq negates its decNumber (`-(0)` is `0`).
      if !value.isBinaryDouble, let exact = ValueOps.flippingSign(value) { return exact }
      return ValueOps.number(-value.jqDouble)
    default:
      return nil
    }
  }
}
