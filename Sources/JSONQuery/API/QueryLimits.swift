/// Hard limits on one run of a program, for programs a server did not write.
///
/// Every limit is off (`nil`) by default, so that a program runs as it does in jq. A limit
/// that is set ends the run, when it is passed, with a `QueryError` whose `exceededLimit`
/// names it and whose `isResourceLimit` is `true`: jq's `try`, `?`, `//` and `?//` do not
/// catch it. Each run (one input) starts with the whole of every limit.
///
/// ```swift
/// let limits = QueryLimits(time: .seconds(1), memory: 64 << 20, outputs: 1_000)
/// let query = try Query(#""x" * 1e9"#, options: QueryOptions(limits: limits))
/// try query.values(on: .null)  // throws: memory limit, with exceededLimit == .memory
/// ```
public struct QueryLimits: Sendable, Hashable {
  /// One of the limits, as `QueryError.exceededLimit` names it.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// `QueryLimits.steps`: evaluation steps.
    case steps
    /// `QueryLimits.time`: wall time from the start of the run.
    case time
    /// `QueryLimits.memory`, or (with no memory limit) the machine's budget for one value.
    case memory
    /// `QueryLimits.outputs`: values produced.
    case outputs
    /// `QueryLimits.outputBytes`: the compact JSON text of the values produced.
    case outputBytes
    /// `QueryLimits.depth`: nested calls of jq functions.
    case depth
    /// `QueryLimits.regexRetries`: backtracking of one regular expression match.
    case regexRetries
  }

  /// Evaluation steps.
  ///
  /// A step is one evaluation of an expression, or one value produced by `range` or `.[]`.
  public var steps: Int?
  /// Wall time from the start of the run.
  ///
  /// It is checked every few thousand steps: a regular expression or one large builtin
  /// call (bounded by `regexRetries` and `memory`) runs to its end before the check.
  public var time: Duration?
  /// Bytes the run may allocate, in total.
  ///
  /// Every value a step makes (an array's elements, an object's members, a string's
  /// bytes; a builtin's result with the elements of its elements) is counted when it is
  /// made, and a step that would pass the limit fails before it allocates. Values shared
  /// with the input or an earlier value are counted again where a builtin hands them on,
  /// so size the limit as a multiple of the input.
  public var memory: Int?
  /// Values the run produces.
  public var outputs: Int?
  /// Bytes of the values the run produces, each counted as its compact JSON text.
  public var outputBytes: Int?
  /// Nested calls of jq functions (recursion).
  ///
  /// At most 2,000, past which a run fails anyway (with an error `try` catches, as in jq).
  public var depth: Int?
  /// Backtracking steps of one search of a regular expression.
  ///
  /// Oniguruma's retry limits in a match and in a search, for that search alone, so that
  /// `test("(a+)+$")` on a long input stops.
  public var regexRetries: Int?

  /// Limits; every one left out (`nil`) is off.
  ///
  /// - Parameters:
  ///   - steps: Evaluation steps.
  ///   - time: Wall time from the start of the run.
  ///   - memory: Bytes allocated, in total.
  ///   - outputs: Values produced.
  ///   - outputBytes: Bytes of the values produced (compact JSON).
  ///   - depth: Nested calls of jq functions.
  ///   - regexRetries: Backtracking steps of one regular expression match.
  public init(
    steps: Int? = nil, time: Duration? = nil, memory: Int? = nil, outputs: Int? = nil,
    outputBytes: Int? = nil, depth: Int? = nil, regexRetries: Int? = nil
  ) {
    self.steps = steps
    self.time = time
    self.memory = memory
    self.outputs = outputs
    self.outputBytes = outputBytes
    self.depth = depth
    self.regexRetries = regexRetries
  }

  /// Whether any limit is set.
  var isEmpty: Bool { self == QueryLimits() }
}
