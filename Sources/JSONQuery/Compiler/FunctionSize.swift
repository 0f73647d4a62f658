/// jq's limit on the bytecode of one function, for what jsonkit can count of it.
///
/// jq compiles each function (a program's top level, each definition) to at most 65,535
/// words of bytecode (its program counter is 16 bits) and refuses a longer one: "function
/// compiled to N bytes which is too long" (compile.c's `compile`; it says bytes). This counts
/// the code jq's generator (parser.y, compile.c) makes of a body: 34 words for `label $x | …`,
/// 27 for `//`, 17 for `and` and `or`, 4 for `,`, 2 for a constant (jq folds `[1, 2]` and
/// `1 + 1` into one), 3 for `.name` or `$x`, 15 around a `[…]` that is no constant, 8 for
/// `if`, 6 for `?` and for `try` without `catch`, 5 for `try … catch`, one around an operand
/// of `+` or `==`, 14 for a string's interpolation, 9 for a slice, and two for the top
/// level's entry and return. Where jq's code depends on what jsonkit does not model (a call's
/// arguments are functions of their own or are compiled inline, as the callee is written in
/// jq or in C; assignments, patterns, `reduce`, objects), it counts the least jq makes, so
/// the count is jq's for a program of the constructs above and never more than jq's: no
/// program jq compiles is refused (3,000 `label`s or 3,000 `//` are, with jq's count), beyond
/// a definition counted as kept because a call elsewhere names it (as in `ClosureLimit`).
enum FunctionSize {
  /// jq's largest function, in words.
  static let maximum = 0xFFFF

  /// Throws jq's error when a function of `ast` (the top level or the body of a definition
  /// it calls: jq drops the others) compiles to more than `maximum` words.
  ///
  /// The walk keeps its own stack: a program of thousands of labels nests as deep.
  static func check(_ ast: AST) throws(QueryError) {
    let called = ClosureLimit.calledFunctions(in: ast)
    // Each function with the words around its body: the top level's entry and return, a
    // definition's return.
    var functions: [(body: AST, around: Int)] = [(ast, 2)]
    while let (body, around) = functions.popLast() {
      var definitions: [FunctionDefinition] = []
      let size = code(of: body, definitions: &definitions).words + around
      if size > maximum {
        throw .compile("function compiled to \(size) bytes which is too long", at: nil)
      }
      for definition in definitions where called.contains(definition.key) {
        functions.append((definition.body, 1))
      }
    }
  }

  /// What jq makes of an expression, as far as it is counted.
  private struct Code {
    var words: Int
    /// Whether jq may fold the expression into one constant (the words are then 2).
    var mayBeConstant = false
    /// Whether the expression is constants joined by `,`, which jq may fold in `[…]`.
    var constantElements = false
    var isIdentity = false

    static let constant = Code(words: 2, mayBeConstant: true)

    /// Its words as an operand jq compiles inline (`gen_subexp`): `.` is one `DUP`, a
    /// constant one `PUSHK_UNDER`, anything else its code between two words.
    var inline: Int { isIdentity ? 1 : mayBeConstant ? 2 : words + 2 }
  }

  /// The code of `body`, one function; the definitions in it are added to `definitions`,
  /// each a function of its own.
  private static func code(of body: AST, definitions: inout [FunctionDefinition]) -> Code {
    var pending: [(node: AST, children: [AST]?)] = [(body, nil)]
    var results: [Code] = []
    while let (node, children) = pending.popLast() {
      guard let children else {
        let inner = parts(of: node, definitions: &definitions)
        pending.append((node, inner))
        for part in inner.reversed() { pending.append((part, nil)) }
        continue
      }
      let codes = Array(results.suffix(children.count))
      results.removeLast(children.count)
      results.append(code(of: node, codes))
    }
    return results.last ?? Code(words: 0)
  }

  /// The expressions counted in `node`'s function: not a call's arguments nor a definition
  /// (added to `definitions`), nor the operands of an assignment (jq's `_modify` and
  /// `_assign` take them as functions).
  private static func parts(of node: AST, definitions: inout [FunctionDefinition])
    -> [AST]
  {
    switch node {
    case .define(let definition, let rest):
      definitions.append(definition)
      return [rest]
    case .assign: return []
    default: return ClosureLimit.children(of: node)
    }
  }

  /// The code of `node` from the code of its parts (`parts(of:)`, in order).
  private static func code(of node: AST, _ parts: [Code]) -> Code {
    let sum = parts.reduce(0) { $0 + $1.words }
    switch node {
    case .identity: return Code(words: 0, isIdentity: true)
    case .literal: return .constant
    case .recurseDefault, .format, .variable, .breakLabel, .call, .assign:
      // A call (`..` is `recurse`, `@csv` is `format("csv")`), a `LOADV`; at least 3 words.
      return Code(words: 3)
    case .define, .pipe, .reduce, .foreach, .bind: return Code(words: sum)
    case .and, .or: return Code(words: 17 + sum)
    // The condition inline, and two branches.
    case .ifThen: return Code(words: 8 + parts[0].inline + sum - parts[0].words)
    case .index: return Code(words: parts[0].words + parts[1].inline + 1)
    case .slice(_, let from, let to):
      // `{} | .start = from | .end = to` as the key, inline, a bound left out `null`.
      var bounds = parts.dropFirst().makeIterator()
      let start = from == nil ? 2 : bounds.next()!.inline
      let end = to == nil ? 2 : bounds.next()!.inline
      return Code(words: 9 + parts[0].words + start + end)
    case .iterate: return Code(words: sum + 1)
    // `INDEX_OPT` and `EACH_OPT` are as long as the step they guard.
    case .optionalStep: return parts[0]
    case .optional: return Code(words: 6 + sum)
    case .tryCatch: return Code(words: (parts.count == 1 ? 6 : 5) + sum)
    case .negate: return Code(words: 3 + sum)
    case .label: return Code(words: 34 + sum)
    case .alternative: return Code(words: 27 + sum)
    case .comma:
      let elements = parts.allSatisfy { $0.mayBeConstant || $0.constantElements }
      return Code(words: 4 + sum, constantElements: elements)
    case .binary:
      return binary(parts[0], parts[1])
    case .arithmetic:
      return parts.dropFirst().reduce(parts[0], binary)
    case .array:
      guard let inner = parts.first, !inner.mayBeConstant, !inner.constantElements else {
        return .constant
      }
      return Code(words: 15 + inner.words)
    case .object:
      return parts.allSatisfy(\.mayBeConstant) ? .constant : Code(words: sum)
    case .string(_, let pieces):
      // `"" + text + format(q) + …` from the left: each piece is added to what comes before
      // it (a constant while no interpolation has come), an interpolation as a `format`
      // call on its query. jsonkit joins the texts jq reads as several pieces: fewer words.
      var result = Code.constant
      var queries = parts.makeIterator()
      for piece in pieces {
        switch piece {
        case .literal:
          if !result.mayBeConstant { result = Code(words: result.inline + 2 + 3) }
        case .interpolation:
          result = Code(words: result.inline + queries.next()!.words + 7 + 3)
        }
      }
      return result
    }
  }

  /// `a op b` for an operator jq folds or calls in C with its operands inline (`_plus`).
  private static func binary(_ a: Code, _ b: Code) -> Code {
    a.mayBeConstant && b.mayBeConstant ? .constant : Code(words: a.inline + b.inline + 3)
  }
}
