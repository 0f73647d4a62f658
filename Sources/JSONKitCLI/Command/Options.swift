import JSONKitCore
import JSONQuery

/// Everything the command line asks for, as jq's options name it.
struct Options {
  /// The jq program; `nil` until the first positional argument (or `-f FILE`) gives it.
  var program: String?
  /// `-f`: the first positional argument names the program's file.
  var fromFileFlag = false
  /// The file the program was read from (`-f`).
  var programFile: String?
  /// Input files; empty means standard input.
  var files: [String] = []

  // Input
  /// `-n`: run the program once on `null`; `input`/`inputs` read the inputs.
  var nullInput = false
  /// `-R`: each line of input is a string (with `-s`, the whole input is one string).
  var rawInput = false
  /// `-s`: all inputs in one array (one string with `-R`).
  var slurp = false
  /// `--stream`: each input value as `[path, leaf]` / `[path]` events.
  var stream = false
  /// `--stream-errors`: with `--stream`, a parse error is the input `[message, path]`.
  var streamErrors = false
  /// `--seq`: write an ASCII RS before each output value (RFC 7464).
  var seq = false
  /// `--unbuffered`: flush the output after each value.
  var unbuffered = false
  /// `--progress`: a progress line on standard error when it is a terminal.
  var progress = false
  /// `--threads n`: threads for parsing and running inputs; `nil`: one per core.
  var threads: Int?

  // Output
  /// `-c`: one line per value.
  var compact = false
  /// `--tab`: one tab per level.
  var tab = false
  /// `--indent n`: n spaces per level (0–7; 0: new lines without indentation, as jq 1.8).
  var indent = 2
  /// `-r`: strings without quotes.
  var rawOutput = false
  /// `-j`: `-r` without a newline after each value.
  var joinOutput = false
  /// `--raw-output0`: `-r` with a NUL after each value.
  var rawOutputNUL = false
  /// `-a`: non-ASCII characters as `\u` escapes.
  var asciiOutput = false
  /// `-S`: object keys sorted, at every depth.
  var sortKeys = false
  /// `-C` (true) / `-M` (false); `nil`: colors when standard output is a terminal.
  var color: Bool?
  /// `-e`: the exit status says whether the last output was truthy.
  var exitStatusFromOutput = false

  // Program environment
  /// `-L DIR`: module search paths, in order.
  var libraryPaths: [String] = []
  /// `--arg`, `--argjson`, `--slurpfile`, `--rawfile`: `$name` and `$ARGS.named`.
  var named: [(name: String, value: JSON)] = []
  /// `--args` / `--jsonargs` values: `$ARGS.positional`.
  var positional: [JSON] = []

  // Limits
  /// `--memory-limit`, `--time-limit` and the other limit options: each run's limits.
  var limits = QueryLimits()

  /// What jsonkit does instead of running a program: set by the first of `-h`, `-V`,
  /// `--build-configuration` and the packaging options, which ends the scan as in jq.
  var immediate: ImmediateAction?

  /// An option that answers at once and ends the run.
  enum ImmediateAction: Equatable {
    /// `-h`, `--help`.
    case help
    /// `-V`, `--version`.
    case version
    /// `--build-configuration`.
    case buildConfiguration
    /// `--generate-man-page`.
    case manualPage
    /// `--generate-completion shell`.
    case completion(ShellCompletion.Shell)
  }

  /// Names `$name` with `value()`, unless an earlier option named it: as in jq, the first
  /// `--arg`-like option for a name wins, and the later ones are not even read (a later
  /// `--argjson` with invalid text is no error).
  mutating func name<E: Error>(_ name: String, _ value: () throws(E) -> JSON) throws(E) {
    guard !named.contains(where: { $0.name == name }) else { return }
    named.append((name, try value()))
  }
}
