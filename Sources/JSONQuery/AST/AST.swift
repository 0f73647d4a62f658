import JSONKitCore

/// A parsed jq expression.
///
/// Indirect so that nested filters share storage.
indirect enum AST: Sendable {
  case identity
  case recurseDefault
  case literal(JSON)
  /// `.[k]`, `.foo`, `.["x"]` applied to the output of `target`.
  case index(target: AST, key: AST)
  case slice(target: AST, from: AST?, to: AST?)
  case iterate(AST)
  /// `f?`: errors of `f` are dropped.
  case optional(AST)
  /// `t.k?`, `t[k]?`, `t[]?`, `t[a:b]?` (an `.index`, `.slice` or `.iterate`): the step's
  /// own failure yields nothing, as jq's INDEX_OPT and EACH_OPT; errors of `t` and of
  /// the key go through, and each key is guarded on its own (`.[0, "a", 1]?`).
  case optionalStep(AST)
  case pipe(AST, AST)
  case comma(AST, AST)
  case negate(AST)
  case binary(BinaryOperator, AST, AST)
  /// `a + b - c …` or `a * b / c …` with more than `AST.flatChain` operands: operators of one
  /// level joined from the left (`((a + b) - c) …`), in one node (see `AST.chain`).
  case arithmetic(operators: [BinaryOperator], operands: [AST])
  case and(AST, AST)
  case or(AST, AST)
  case alternative(AST, AST)
  /// `lhs op rhs` for `=`, `|=`, `+=`... and `//=`.
  case assign(AssignOperator, AST, AST)
  case array(AST?)
  case object([ObjectEntry])
  case string(format: String?, parts: [StringPiece])
  case format(String)
  case ifThen(cond: AST, then: AST, otherwise: AST?)
  case tryCatch(AST, AST?)
  case reduce(source: AST, pattern: Pattern, initial: AST, update: AST)
  case foreach(source: AST, pattern: Pattern, initial: AST, update: AST, extract: AST?)
  /// `source as $x | body`, with `?//` alternatives.
  case bind(source: AST, patterns: [Pattern], body: AST)
  case label(String, AST)
  /// `break $name`, with where it is written (for "$*label-name is not defined").
  case breakLabel(String, ProgramLocation)
  case variable(String, ProgramLocation)
  case call(String, [AST], ProgramLocation)
  /// `def name(params): body; rest`.
  case define(FunctionDefinition, AST)
}

enum BinaryOperator: String, Sendable {
  case add = "+"
  case subtract = "-"
  case multiply = "*"
  case divide = "/"
  case modulo = "%"
  case equal = "=="
  case notEqual = "!="
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="
}

enum AssignOperator: String, Sendable {
  case set = "="
  case update = "|="
  case alternative = "//="
  case add = "+="
  case subtract = "-="
  case multiply = "*="
  case divide = "/="
  case modulo = "%="
}

struct ObjectEntry: Sendable {
  var key: AST
  /// The value; for the `{a}` and `{$x}` shorthands, `.a` / `$x`.
  var value: AST
  /// The `{"\(k)"}` shorthand: the value is `.[key]` with each key the entry computes
  /// (`value` is that index, for analyses), not a second evaluation of the key.
  var indexesByKey = false
}

enum StringPiece: Sendable {
  case literal(String)
  case interpolation(AST)
}

/// A destructuring pattern: `$x`, `[$a, $b]`, `{a: $x, $b, "k": [$c]}`.
indirect enum Pattern: Sendable {
  case variable(String)
  case array([Pattern])
  case object([(key: AST, pattern: Pattern?, bindsKey: String?)])

  /// Every variable the pattern binds, in order of appearance.
  var variables: [String] {
    switch self {
    case .variable(let name): return [name]
    case .array(let items): return items.flatMap(\.variables)
    case .object(let entries):
      return entries.flatMap { entry in
        (entry.bindsKey.map { [$0] } ?? []) + (entry.pattern?.variables ?? [])
      }
    }
  }
}

/// A function definition, `def name(f; $x): body;`.
struct FunctionDefinition: Sendable {
  var name: String
  /// Parameter names; a `$x` parameter is stored as "$x".
  var parameters: [String]
  var body: AST
  var location: ProgramLocation

  /// "name/arity", how calls find it.
  var key: String { "\(name)/\(parameters.count)" }
}
