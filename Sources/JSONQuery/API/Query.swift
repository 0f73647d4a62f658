import JSONKitCore

/// A compiled jq program: immutable, `Sendable`, reusable across threads and inputs.
///
/// ```swift
/// let query = try Query(".users[] | select(.age > 30) | .name")
/// let names = try query.values(on: JSON(parseJSON: #"{"users": [{"name": "Ada", "age": 36}]}"#))
/// // ["Ada"]
/// ```
public struct Query: Sendable {
  /// The program's body, compiled.
  private let body: Node
  /// The definitions it calls (its own and its modules'), by `FunctionRef.index`.
  private let functions: [FunctionIR]
  /// The prelude this program was compiled against (its calls index its definitions).
  private let prelude: CompiledPrelude
  /// For `modulemeta` and `get_search_list` at run time.
  private let modules: ModuleResolver
  /// `QueryOptions.stepLimit`.
  private let limits: QueryLimits

  /// The parts of an input this program can read, when that can be told from its text
  /// (`.a.b`, `.items[] | select(.x > 1) | {id, n: (.tags | length)}`); `nil` when it may
  /// read anything (variables, `reduce`, definitions, functions with arguments other than
  /// `select`…).
  ///
  /// Parse inputs with it and the program gives the same outputs and errors
  /// while the parser builds only those parts.
  ///
  /// ```swift
  /// let query = try Query(".statuses[].user.screen_name")
  /// let options = JSONParser.Options(projection: query.inputProjection)
  /// let input = try JSONParser.parse(data, options: options)
  /// let names = try query.values(on: input)
  /// ```
  public let inputProjection: JSONProjection?

  /// Compiles `program`.
  ///
  /// Throws a `QueryError` with `kind == .compile` and `location` set.
  ///
  /// ```swift
  /// try Query(".a | foo")  // throws "foo/0 is not defined" at line 1, column 6
  /// ```
  public init(_ program: String, options: QueryOptions = QueryOptions()) throws(QueryError) {
    let source = try Parser.parseProgram(program)
    var resolver = ModuleResolver(libraryPaths: options.libraryPaths)
    resolver.programDirectory = options.programDirectory
    // Only a program whose text shows all the code it runs may leave out the definitions
    // that text cannot reach: modules and `~/.jq` call what it does not name.
    let prelude =
      options.compilesReachablePreludeOnly && source.imports.isEmpty
        && !(options.includesHomeFile && resolver.homeFile != nil)
      ? Prelude.reachable(from: program) : Prelude.whole
    let loader = ModuleLoader(resolver: resolver, prelude: prelude)
    let names = try loader.link(
      program: source, directory: options.programDirectory ?? resolver.workingDirectory,
      includeHomeFile: options.includesHomeFile)
    let compiler = Compiler(
      globals: names.globals(prelude, contextVariables: Set(options.variableNames)),
      table: loader.table, prelude: prelude)
    // Each closure the limit counts (a kept definition, a call's argument) takes at least one
    // byte of the program's text, and a byte makes at most 10 of the words FunctionSize
    // counts (`.//.` 27 of 3), so a shorter text cannot pass either limit: the walks (and
    // their allocations, on every `jsonkit` run) are only for programs that could. A function
    // too long for jq is refused before its code is built (which a throw would free here,
    // recursively).
    let isLong = program.utf8.count > ClosureLimit.maximum
    if isLong {
      do throws(QueryError) { try FunctionSize.check(source.body ?? .identity) } catch {
        throw compiler.errors(of: source.body ?? .identity, before: error)
      }
    }
    self.body = try compiler.compile(source.body ?? .identity)
    if isLong { try ClosureLimit.check(source.body ?? .identity) }
    self.inputProjection = InputProjection.of(
      source.body ?? .identity, shadowed: Set(names.functions.keys))
    self.functions = loader.table.compiled
    self.prelude = prelude
    self.modules = resolver
    self.limits = options.limits
  }

  /// Runs on one input; results are produced lazily, one per `next()`.
  ///
  /// ```swift
  /// var results = try Query("range(3)").run(on: .null)
  /// try results.next()  // 0
  /// ```
  public func run(on input: JSON, context: QueryContext = QueryContext()) -> QueryResults {
    run(on: input, context: context, limits: limits)
  }

  /// `run` with another step limit than the compiled one (the conformance tests give every
  /// jq test a budget, so that a program that loops for ever fails instead of hanging).
  func run(on input: JSON, context: QueryContext, stepLimit: Int?) -> QueryResults {
    var limits = limits
    limits.steps = stepLimit
    return run(on: input, context: context, limits: limits)
  }

  /// `run` with other limits than the compiled ones.
  func run(on input: JSON, context: QueryContext, limits: QueryLimits) -> QueryResults {
    let executor = Executor(
      program: functions, prelude: prelude.functions, context: context, modules: modules,
      limits: limits)
    do {
      // A program of one output is evaluated here, at once: within the run's budget too.
      let start = Item(value: input, path: nil)
      let generator =
        if let memory = executor.memory {
          try MemoryBudget.$current.withValue(memory) { try executor.evaluate(body, start, nil) }
        } else {
          try executor.evaluate(body, start, nil)
        }
      return QueryResults(generator: generator, executor: executor)
    } catch let error as QueryError {
      return QueryResults(error: error)
    } catch {
      return QueryResults(error: .runtime("\(error)"))
    }
  }

  /// Every result, or the first error.
  ///
  /// ```swift
  /// try Query(".[] * 2").values(on: [1, 2])  // [2, 4]
  /// ```
  public func values(on input: JSON, context: QueryContext = QueryContext()) throws(QueryError)
    -> [JSON]
  {
    var results = run(on: input, context: context)
    var values: [JSON] = []
    while let value = try results.next() { values.append(value) }
    return values
  }
}
