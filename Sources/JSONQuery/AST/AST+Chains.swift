/// Long chains of one operator (`1, 2, 3, …`, `a | b | …`, `1 + 2 + …`) as trees that are not
/// as deep as the chain is long.
///
/// The passes after the parser (the compiler, the analyses, the evaluator, and Swift's
/// release of the tree's nodes) recurse once per level of nesting: a chain of 100,000
/// elements nested as written overflowed a thread's stack. jq's `,`, `|`, `//`, `and` and
/// `or` give the same outputs in the same order, and the same errors, however a chain of
/// them is grouped, so a long one is grouped as a balanced tree (17 levels for 100,000
/// elements). Arithmetic is not associative (`(1 - 2) - 3`, and doubles round): a long
/// chain of it is one `.arithmetic` node that the evaluator folds in a loop.
extension AST {
  /// Chains up to this many operands keep the shape their operator's grammar gives (`a | (b
  /// | c)`, `(a, b), c`, `(a + b) + c`), which the evaluator's loops follow: a call after
  /// `|` in tail position runs in constant stack, and `. + x` is an in-place append.
  static let flatChain = 8

  /// `operands` joined by `join`, an associative operator: grouped to the right or to the
  /// left (as the grammar has it) up to `flatChain` operands, as a balanced tree of such
  /// groups beyond.
  static func joined(
    _ operands: [AST], rightAssociative: Bool, _ join: (AST, AST) -> AST
  ) -> AST {
    joined(operands[...], rightAssociative, join)
  }

  private static func joined(
    _ operands: ArraySlice<AST>, _ rightAssociative: Bool, _ join: (AST, AST) -> AST
  ) -> AST {
    if operands.count > flatChain {
      // One level per halving: the recursion is as deep as the tree, not as the chain.
      let middle = operands.startIndex + operands.count / 2
      return join(
        joined(operands[..<middle], rightAssociative, join),
        joined(operands[middle...], rightAssociative, join))
    }
    if rightAssociative {
      var result = operands.last!
      for operand in operands.dropLast().reversed() { result = join(operand, result) }
      return result
    }
    var result = operands.first!
    for operand in operands.dropFirst() { result = join(result, operand) }
    return result
  }

  /// `operands` joined from the left by `operators` (one fewer): nested `.binary` nodes up
  /// to `flatChain` operands, one `.arithmetic` node beyond.
  static func chain(_ operators: [BinaryOperator], _ operands: [AST]) -> AST {
    if operands.count > flatChain { return .arithmetic(operators: operators, operands: operands) }
    var result = operands[0]
    for (op, operand) in zip(operators, operands.dropFirst()) {
      result = .binary(op, result, operand)
    }
    return result
  }
}
