import JSONKitCore

/// The compiled form of a filter: the AST with every name resolved.
///
/// A call names its
/// target (a definition by table index, a closure parameter by slot, a builtin by enum
/// case), a variable names its slot `(hops, index)` in the chain of run-time `Frame`s,
/// and `def`s have disappeared (a definition is code in a `FunctionTable`, found by
/// index). The evaluator (`Executor`) runs it without looking any name up.
struct Node: Sendable {
  let op: Op
  /// Whether the filter always produces exactly one output (or throws): such a node is
  /// evaluated directly to a value, without building a generator.
  let single: Bool
}

indirect enum Op: Sendable {
  case identity
  case literal(JSON)
  /// `.[key]` applied to each output of `target`.
  case index(target: Node, key: Node)
  case slice(target: Node, from: Node?, to: Node?)
  case iterate(Node)
  case optional(Node)
  /// An `.index`, `.slice` or `.iterate` whose own failure yields nothing (see
  /// `AST.optionalStep`).
  case optionalStep(Node)
  case pipe(Node, Node)
  case comma(Node, Node)
  case negate(Node)
  case binary(BinaryOperator, Node, Node)
  /// `((a op b) op c) …`, a long chain of arithmetic (see `AST.arithmetic`).
  case arithmetic(operators: [BinaryOperator], operands: [Node])
  case and(Node, Node)
  case or(Node, Node)
  case alternative(Node, Node)
  case assign(AssignOperator, Node, Node)
  case array(Node?)
  case object([ObjectEntryIR])
  case string(format: String?, parts: [StringPartIR])
  case format(String)
  case ifThen(cond: Node, then: Node, otherwise: Node?)
  case tryCatch(Node, Node?)
  /// Each source output is destructured into a new frame of `slots` values.
  case reduce(source: Node, pattern: PatternIR, slots: Int, initial: Node, update: Node)
  case foreach(
    source: Node, pattern: PatternIR, slots: Int, initial: Node, update: Node, extract: Node?)
  /// `source as $x | body`, with `?//` alternatives: the patterns share one frame.
  case bind(source: Node, patterns: [PatternIR], slots: Int, body: Node)
  /// `label $name | body`: body runs in a new frame whose one value is the label's id.
  case label(Node)
  /// `break $name`: the label's id is the value at `(hops, 0)`.
  case breakLabel(hops: Int)
  /// A filter that fails when it runs (`break` to an undefined label, as jq at run time).
  case fail(String)
  /// `$name` bound by `as`, `reduce`, `foreach` or a `$param`.
  case variable(FrameSlot)
  /// `$name` given by the caller at run time (`QueryContext.variables`).
  case contextVariable(String)
  /// `$ENV`.
  case environment
  /// A call of a definition (prelude, module or program `def`).
  case call(FunctionRef, env: FrameReference, arguments: [Node])
  /// A call of a closure parameter (`f` in `def g(f): f;`).
  case callClosure(FrameSlot)
  /// A builtin written in Swift that needs the evaluator (generators, paths, closures).
  case intrinsic(Intrinsic, [Node])
  /// A builtin that maps its input and one value per argument to one value.
  case valueFunction(ValueFunctions.Body, [Node])
}

/// A place in the run-time frame chain: `hops` parents up, then `index`.
struct FrameSlot: Sendable {
  let hops: Int
  let index: Int
}

/// The frame a definition's body runs in: top-level definitions (prelude, modules, the
/// program's outermost `def`s) need none; a nested `def` closes over the frame `hops`
/// parents above its call site.
enum FrameReference: Sendable {
  case global
  case enclosing(hops: Int)
}

struct ObjectEntryIR: Sendable {
  var key: Node
  /// `nil` for `{"\(k)"}`: the value is the input's member at each key computed.
  var value: Node?
}

enum StringPartIR: Sendable {
  case literal(String)
  case interpolation(Node)
}

/// A destructuring pattern whose variables are slots of the frame it binds.
///
/// Matched in jq's order: an object's entries first to last, an array's elements last to
/// first (jq builds an array matcher with the earlier elements after the later ones). A
/// variable named twice takes the value matched first, as in jq, where the body refers to
/// the first store of that name in its matcher: later occurrences are `ignored`, only matched.
indirect enum PatternIR: Sendable {
  case variable(Int)
  /// A variable already bound earlier in the match order: it matches anything, binds nothing.
  case ignored
  case array([PatternIR])
  /// Key expressions see the variables bound so far (a frame over the partial values).
  case object([(key: Node, pattern: PatternIR?, bindsKey: Int?)])
}

extension PatternIR {
  /// Whether a key of an object pattern may have other than one output
  /// (`{("a", "b"): $x}`): then the pattern binds once per combination of the keys'
  /// outputs, as jq backtracks into each key.
  var hasGeneratorKeys: Bool {
    switch self {
    case .variable, .ignored: false
    case .array(let items): items.contains(where: \.hasGeneratorKeys)
    case .object(let entries):
      entries.contains { !$0.key.single || ($0.pattern?.hasGeneratorKeys ?? false) }
    }
  }
}
