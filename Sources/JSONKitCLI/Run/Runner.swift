import JSONKitCore
import JSONQuery

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the compiled program over the inputs as jq does, prints the results and works out
/// the exit status.
///
/// A runtime error stops the program on that input only: the error is reported with the
/// input's place (`jsonkit: error (at FILE:LINE): …`) and the next input is processed; the
/// exit status is the last input's, as in jq (5 when it failed, 0 when it succeeded after
/// earlier inputs failed). `halt` and `halt_error` stop everything at once.
final class Runner {
  private let query: Query
  private let options: Options
  private let output: OutputWriter
  private let diagnostics: Diagnostics
  private let inputs: InputSource
  private var context = QueryContext()

  /// The exit status so far and, for `-e`, the last value printed.
  private var outcome = InputEvaluation.Outcome()

  /// A runner for one run of `query` over the inputs that `options` names.
  ///
  /// - Parameters:
  ///   - query: the compiled program.
  ///   - options: the command line's options.
  ///   - output: where results and messages go.
  ///   - opened: the first file's reader, when another runner opened it (and
  ///     maybe read from it: see `InputReader.replay`).
  init(query: Query, options: Options, output: OutputWriter, opened: InputReader? = nil) {
    self.query = query
    self.options = options
    self.output = output
    self.diagnostics = Diagnostics(output: output)
    self.inputs = InputSource(
      paths: options.files, mode: options.rawInput ? .rawLines : .json, stream: options.stream,
      streamErrors: options.streamErrors,
      projection: options.slurp || options.stream ? nil : query.inputProjection, seq: options.seq,
      slurp: options.slurp && options.nullInput, diagnostics: diagnostics, opened: opened)
    context.variables = Self.variables(options)
    let inputs = self.inputs
    let asked = self.askedForInput
    context.nextInput = { () throws(QueryError) -> JSON? in
      asked.value = true
      return try inputs.nextForProgram()
    }
    context.inputFilename = { inputs.filename }
    context.inputLineNumber = { JSON(inputs.line) }
    let diagnostics = self.diagnostics
    context.debugMessage = { value in
      diagnostics.raw("[\"DEBUG:\",\(JSONWriter().string(value))]\n")
    }
    // jq 1.8's `stderr` writes a string as its text, anything else as JSON.
    context.stderrMessage = { value in
      diagnostics.raw(value.string ?? JSONWriter().string(value))
    }
  }

  /// `$name` for each `--arg`-like option, and `$ARGS`.
  static func variables(_ options: Options) -> [String: JSON] {
    var variables: [String: JSON] = ["ARGS": options.argsValue]
    for (name, value) in options.named { variables[name] = value }
    return variables
  }

  /// The names the program may use without defining them.
  static func variableNames(_ options: Options) -> [String] {
    ["ARGS"] + options.named.map(\.name)
  }

  func run() -> ExitStatus {
    if options.nullInput {
      process(.null)
    } else if options.slurp {
      if options.rawInput {
        process(JSON(inputs.remainingText()))
      } else {
        var values: [JSON] = []
        while let value = inputs.next() { values.append(value) }
        // jq's slurp: input that is not JSON leaves nothing to run the program on.
        if !inputs.failedToParse { process(JSON(array: values)) }
      }
    } else if options.stream && ProgramWords.readsNoInputs(options.program ?? ".") {
      // Each event is run as the parser reads it, and written over by the next one when
      // the program kept nothing of it: no queue, no allocation per event.
      inputs.deliverEach { [unowned self] value in
        process(value)
        return !output.isClosed
      }
    } else {
      // As jq's main loop: once a file could not be read, the value being read when that
      // was found is the last one run (`jq_util_input_errors` is checked before each read).
      while !output.isClosed, !inputs.hadUnreadableFile, let value = inputs.next() {
        process(value)
      }
    }
    return finish()
  }

  /// Runs the program on one input and prints its results.
  private func process(_ input: JSON) {
    evaluation.run(input, place: place, into: &outcome)
    // On a terminal each input's results show at once (as stdio's line buffering gives jq);
    // into a pipe or a file they wait for a full block: a flush per input cost a `write(2)`
    // per `--stream` event. Errors flush first anyway (`Diagnostics.raw`).
    if interactive { output.flush() }
  }

  private lazy var evaluation = InputEvaluation(
    query: query, context: context, output: output, diagnostics: diagnostics,
    halt: { [unowned self] code, value in halt(code, value) },
    shortcut: options.stream && !options.rawInput
      ? StreamShortcut(program: options.program ?? ".") : nil)

  /// Whether standard output is a terminal.
  private let interactive = isatty(1) != 0

  /// The input being processed, as errors name it: `FILE:LINE`; with `-n`, jq's
  /// `<unknown>` until the program asks for an input (`input`, `inputs`).
  private var place: String {
    if options.nullInput && !askedForInput.value { return "<unknown>" }
    return "\(inputs.name):\(inputs.line)"
  }

  /// Whether the program has called `input` or `inputs` (a class: the input callback
  /// sets it and must not hold the runner).
  private let askedForInput = AskedForInput()

  private final class AskedForInput {
    var value = false
  }

  /// `halt` / `halt_error`: prints the value (a string as it is, anything else as JSON and a
  /// newline) on standard error and exits at once: with `code`, as jq's `main` ends with
  /// it (a negative code is 0, or its absolute value with `-e`).
  private func halt(_ code: Int32, _ value: JSON) -> Never {
    if let text = value.string {
      diagnostics.raw(text)
    } else if value.type != .null {
      diagnostics.raw(JSONWriter().string(value) + "\n")
    }
    output.flush()  // as jq's exit: the message first, then what stdout held
    exit(options.exitStatusFromOutput ? abs(code) : max(code, 0))
  }

  private func finish() -> ExitStatus {
    outcome.exitStatus(
      reading: inputs.status, output: output, diagnostics: diagnostics,
      fromOutput: options.exitStatusFromOutput)
  }
}
