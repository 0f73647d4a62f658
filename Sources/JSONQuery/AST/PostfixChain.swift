/// A term's postfix steps as the parser reads them (`.a.b[0][]?…`), kept from nesting as
/// deep as the chain is long, and held to jq's limit on a function's bytecode.
///
/// Each step is an `.index`, `.slice` or `.iterate` around the term before it: 100,000 steps
/// nested 100,000 levels, and the passes after the parser (the compiler, the evaluator,
/// Swift's release of the tree) recurse once per level, so such a program overflowed the
/// thread's stack. A step applies to its target's outputs, so `t.a.b` is `t | .a | .b`
/// (outputs, order, paths and errors alike; a `?` right after a step guards that step alone
/// either way): a long chain is cut into runs of `run` steps, each on `.`, joined by `|` as
/// a balanced tree (`AST.joined`). A `?` after a `?` (`t.a??`) guards the whole term so far,
/// so the runs are joined before it wraps them.
///
/// jq compiles a function to at most 65,535 bytes of bytecode (its program counter is 16
/// bits): 3 bytes per `.name`, `."name"` or `.[constant]` step (with its `?` too), 2 for
/// `.[e]` at least, 1 for `.[]`. A chain whose steps alone pass that fails with jq's
/// message, "function compiled to N bytes which is too long", where N counts the chain as
/// jq does, exactly so for a program that is a chain from `.` (jq counts the rest of the
/// function as well).
struct PostfixChain {
  /// Steps nested as written before a chain is cut: a chain this long or shorter keeps the
  /// shape every pass knows (`.a.b |= f` on one constant path).
  static let run = 64

  /// jq's largest function, in bytes.
  static let maximumBytes = 0xFFFF

  /// The runs cut so far, first first; the term being read continues the last of them.
  private var runs: [AST] = []
  /// Steps in the term being read since the last cut.
  private var steps = 0
  /// jq's bytes for the chain's steps, at least.
  private var bytes = 0

  /// Before a step is read onto `term`: cuts the chain when its run is full (`term` is then
  /// `.`).
  mutating func willStep(_ term: inout AST) {
    steps += 1
    guard steps > Self.run else { return }
    runs.append(term)
    term = .identity
    steps = 1
  }

  /// After a step is read (`step`, around its target): counts jq's bytes for it.
  mutating func didStep(_ step: AST) {
    switch step {
    case .index(_, let key):
      if case .literal = key { bytes += 3 } else { bytes += 2 }
    default:
      bytes += 1
    }
  }

  /// At the end of the chain: throws jq's compile error when its steps pass jq's largest
  /// function, with their whole count (jq counts the whole function before it fails).
  func checkSize() throws(QueryError) {
    // Two bytes around the code of a program's top level (its entry and its return).
    if bytes + 2 > Self.maximumBytes {
      throw .compile("function compiled to \(bytes + 2) bytes which is too long", at: nil)
    }
  }

  /// The whole term: `term` after the runs cut before it, joined by `|`; the chain starts
  /// over (a `?` that guards the whole term wraps this).
  mutating func whole(_ term: AST) -> AST {
    guard !runs.isEmpty else { return term }
    runs.append(term)
    defer {
      runs = []
      steps = 0
    }
    return AST.joined(runs, rightAssociative: true, AST.pipe)
  }
}
