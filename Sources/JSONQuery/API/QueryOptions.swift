/// How a program is compiled.
///
/// ```swift
/// let query = try Query("$name", options: QueryOptions(variableNames: ["name"]))
/// let imported = try Query(#"import "util" as u; u::f"#, options: QueryOptions(libraryPaths: ["/opt/jq"]))
/// ```
public struct QueryOptions: Sendable {
  /// jq's search list when no `-L` is given.
  public static let defaultLibraryPaths = ["~/.jq", "$ORIGIN/../lib/jq", "$ORIGIN/../lib"]

  /// Module search paths (`-L`), in order; jq's defaults are added by the CLI, not here.
  ///
  /// `~` is the home directory, `$ORIGIN/` the running executable's directory; other
  /// relative paths are relative to the working directory.
  public var libraryPaths: [String]
  /// Names (without `$`) of variables the caller supplies at run time (`--arg x` → "x",
  /// plus "ARGS" and "__named"…); other free `$names` are compile errors, as in jq.
  public var variableNames: [String]
  /// Whether `~/.jq`, when it is a file, is included before the program, as jq does.
  public var includesHomeFile: Bool
  /// What the program's own relative `search` paths are relative to (jq: the directory of
  /// the `-f` file); `nil` is the working directory.
  public var programDirectory: String?
  /// Hard limits on each run: steps, time, memory, outputs, recursion, regex work.
  ///
  /// All are off by default, as in jq. See `QueryLimits`.
  ///
  /// ```swift
  /// let options = QueryOptions(limits: QueryLimits(time: .seconds(1), memory: 64 << 20))
  /// ```
  public var limits: QueryLimits
  /// An evaluation budget for each run: `limits.steps`.
  ///
  /// When set, a run fails with "evaluation step limit exceeded" (a `QueryError` with
  /// `isResourceLimit`, which `try` does not catch) after this many steps, so that
  /// `repeat(.)`, `[range(1e9)]` or `def f: 1 + f; f` cannot run for ever on untrusted
  /// programs. A step is one evaluation of an expression or one value produced by `range`
  /// or `.[]`. `nil` (the default) is no limit, as in jq.
  ///
  /// ```swift
  /// let query = try Query("[repeat(1)]", options: QueryOptions(stepLimit: 10_000))
  /// try query.values(on: .null)  // throws "evaluation step limit exceeded"
  /// ```
  public var stepLimit: Int? {
    get { limits.steps }
    set { limits.steps = newValue }
  }
  /// Whether only the prelude definitions the program's text can reach are compiled, for
  /// this query alone: `jsonkit` compiles one program per run, and compiling the whole
  /// prelude was half of a tiny run's start.
  ///
  /// Ignored (the whole prelude) when the program
  /// imports a module or includes a `~/.jq` file, whose code its text does not show.
  package var compilesReachablePreludeOnly = false

  /// Options; the defaults compile a self-contained program with no module paths, no
  /// caller-supplied variables and no limits, as `jq` with no options does.
  ///
  /// - Parameters:
  ///   - libraryPaths: Module search paths (`-L`).
  ///   - variableNames: Variables the caller supplies at run time.
  ///   - includesHomeFile: Whether `~/.jq`, when it is a file, is included.
  ///   - programDirectory: What the program's relative `search` paths are relative to.
  ///   - stepLimit: Evaluation steps per run (`limits.steps`); when set it replaces the
  ///     step limit of `limits`.
  ///   - limits: Hard limits on each run.
  public init(
    libraryPaths: [String] = [], variableNames: [String] = [], includesHomeFile: Bool = false,
    programDirectory: String? = nil, stepLimit: Int? = nil, limits: QueryLimits
  ) {
    self.libraryPaths = libraryPaths
    self.variableNames = variableNames
    self.includesHomeFile = includesHomeFile
    self.programDirectory = programDirectory
    self.limits = limits
    if let stepLimit { self.limits.steps = stepLimit }
  }

  /// Options without limits other than `stepLimit`, as in 0.4.0.
  ///
  /// Kept beside the initializer with `limits` so that 0.4.0's calls compile unchanged; the
  /// one with `limits` has no default for it, so that a call with neither picks this one.
  ///
  /// ```swift
  /// let options = QueryOptions(libraryPaths: ["lib"], stepLimit: 1_000_000)
  /// ```
  ///
  /// - Parameters:
  ///   - libraryPaths: Module search paths (`-L`).
  ///   - variableNames: Variables the caller supplies at run time.
  ///   - includesHomeFile: Whether `~/.jq`, when it is a file, is included.
  ///   - programDirectory: What the program's relative `search` paths are relative to.
  ///   - stepLimit: Evaluation steps per run (`limits.steps`).
  public init(
    libraryPaths: [String] = [], variableNames: [String] = [], includesHomeFile: Bool = false,
    programDirectory: String? = nil, stepLimit: Int? = nil
  ) {
    self.init(
      libraryPaths: libraryPaths, variableNames: variableNames,
      includesHomeFile: includesHomeFile, programDirectory: programDirectory,
      stepLimit: stepLimit, limits: QueryLimits())
  }
}
