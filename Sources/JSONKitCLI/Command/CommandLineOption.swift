import JSONKitCore

/// One option of jsonkit's command line: its names, what it reads, what it sets and its
/// line in `--help`.
///
/// `ArgumentScanner` reads the command line with this table; `HelpText`,
/// `ManualPage` and `ShellCompletion` print it, so none of them can drift apart.
struct CommandLineOption: Sendable {
  /// What the option does when it is seen.
  enum Action: Sendable {
    /// Sets something in `Options`.
    case flag(@Sendable (inout Options) -> Void)
    /// Reads the next `count` arguments (`example` shows them in jq's "takes N parameters"
    /// message) and sets something from them.
    case values(
      count: Int, example: String,
      @Sendable (inout Options, [String]) throws(ArgumentScanner.UsageError) -> Void)
    /// Makes the remaining positional arguments strings (`--args`) or JSON (`--jsonargs`).
    case positionalMode(ArgumentScanner.PositionalMode)
    /// Reads `name file` and names `$name` after the file's JSON values in an array
    /// (`--slurpfile`) or its text (`raw`, `--rawfile`): the scanner reads the file.
    case namedFile(raw: Bool)
  }

  /// What one value of the option is, for the shell completions.
  enum ValueKind: Sendable, Equatable {
    /// Any text (a name, a number, JSON): nothing to complete.
    case text
    /// A file name.
    case file
    /// A directory name.
    case directory
    /// One of a fixed set of words.
    case choices([String])
  }

  /// Where an option is shown.
  enum Visibility: Sendable, Equatable {
    /// In `--help`, the manual page and the completions.
    case listed
    /// Accepted as jq accepts it but doing nothing here (`-b`, jq's Windows-only option,
    /// which jq's `--help` leaves out too): only in the manual page.
    case compatibility
    /// For those who package jsonkit (the manual page and completions printed from this
    /// table): only in the manual page.
    case packaging
  }

  /// The single-letter name (`n` for `-n`), if any.
  let short: Character?
  /// The long name with its dashes (`--null-input`).
  let long: String
  /// The names of the values it reads, for `--help` (`"name value"`).
  let valueNames: String
  /// What it does, for `--help`; one entry per line.
  let help: [String]
  let action: Action
  /// What each value is, when `valueNames` alone does not say (see `values`).
  private let valueKinds: [ValueKind]?
  /// `true` for an option jq 1.8 does not have.
  let jsonkitOnly: Bool
  /// Where the option is shown: `--help`, or the manual page only.
  let visibility: Visibility

  init(
    _ short: Character?, _ long: String, _ valueNames: String = "", help: [String],
    values: [ValueKind]? = nil, jsonkitOnly: Bool = false, visibility: Visibility = .listed,
    _ action: Action
  ) {
    self.short = short
    self.long = long
    self.valueNames = valueNames
    self.help = help
    self.action = action
    self.valueKinds = values
    self.jsonkitOnly = jsonkitOnly
    self.visibility = visibility
  }

  /// What each value is (one per word of `valueNames`), for the completions: by default a
  /// value named `file` is a file and one named `dir` a directory.
  ///
  /// Worked out when asked (only the completions ask), not stored: every run builds the
  /// table, and splitting every option's value names was two allocations an option.
  var values: [ValueKind] {
    valueKinds
      ?? valueNames.split(separator: " ").map {
        $0 == "file" ? .file : $0 == "dir" ? .directory : .text
      }
  }

  /// What the option does, as one sentence: the `--help` lines joined, without jq's
  /// closing semicolon.
  var summary: String {
    var text = help.joined(separator: " ")
    if text.hasSuffix(";") { text.removeLast() }
    return text
  }

  /// Every option, in the order `--help` lists them.
  static let all: [CommandLineOption] = [
    .init(
      "n", "--null-input", help: ["use `null` as the single input value;"],
      .flag { $0.nullInput = true }),
    .init(
      "R", "--raw-input", help: ["read each line as a string instead of JSON;"],
      .flag { $0.rawInput = true }),
    .init(
      "s", "--slurp",
      help: [
        "read all inputs into an array and use it as the",
        "single input value (one string with -R);",
      ],
      .flag { $0.slurp = true }),
    .init(
      "c", "--compact-output", help: ["compact instead of pretty-printed output;"],
      .flag {
        // As in jq, the last of -c, --tab and --indent decides.
        $0.compact = true
        $0.tab = false
      }),
    .init(
      "r", "--raw-output", help: ["output strings without escapes and quotes;"],
      .flag { $0.rawOutput = true }),
    .init(
      nil, "--raw-output0",
      help: [
        "like -r, with NUL instead of a newline after each",
        "output (a string holding NUL is an error);",
      ],
      .flag {
        $0.rawOutput = true
        $0.rawOutputNUL = true
      }),
    .init(
      "j", "--join-output", help: ["like -r, without a newline after each output;"],
      .flag {
        $0.rawOutput = true
        $0.joinOutput = true
      }),
    .init(
      "a", "--ascii-output",
      help: ["output strings by only ASCII characters using", "escape sequences;"],
      .flag { $0.asciiOutput = true }),
    .init(
      "S", "--sort-keys", help: ["sort keys of each object on output;"],
      .flag { $0.sortKeys = true }),
    .init(
      "C", "--color-output", help: ["colorize JSON output (JQ_COLORS sets the colors);"],
      .flag { $0.color = true }),
    .init(
      "M", "--monochrome-output",
      help: ["disable colored output (the default when standard", "output is not a terminal);"],
      .flag { $0.color = false }),
    .init(
      nil, "--tab", help: ["use tabs for indentation;"],
      .flag {
        $0.tab = true
        $0.compact = false
      }),
    .init(
      nil, "--indent", "n",
      help: [
        "use n spaces for indentation (0 to 7, default 2;",
        "0: new lines without indentation; -1: tabs);",
      ],
      values: [.choices((-1...7).map(String.init))],
      .values(count: 1, example: "") { options, values throws(ArgumentScanner.UsageError) in
        // jq reads it with `strtol`, base 10, the whole argument, no leading space.
        guard let n = Int(values[0]), (-1...7).contains(n) else {
          throw ArgumentScanner.UsageError(description: "--indent takes a number between -1 and 7")
        }
        options.compact = false
        options.tab = n == -1
        if n >= 0 { options.indent = n }
      }),
    .init(
      nil, "--stream",
      help: [
        "parse the input in streaming fashion: each value",
        "becomes [path, leaf] and [path] events;",
      ],
      .flag { $0.stream = true }),
    .init(
      nil, "--stream-errors",
      help: [
        "implies --stream; a parse error becomes the input",
        "[message, path] and reading goes on at the next line;",
      ],
      .flag {
        $0.stream = true
        $0.streamErrors = true
      }),
    .init(
      nil, "--unbuffered", help: ["flush the output after each value;"],
      .flag { $0.unbuffered = true }),
    .init(
      nil, "--progress",
      help: [
        "show bytes read, rate and time left on standard",
        "error when it is a terminal;",
      ],
      jsonkitOnly: true, .flag { $0.progress = true }),
    .init(
      nil, "--threads", "n",
      help: [
        "parse and run inputs on n threads (default: one per",
        "core; 1: one thread); output is in input order;",
      ],
      jsonkitOnly: true,
      .values(count: 1, example: "4") { options, values throws(ArgumentScanner.UsageError) in
        guard let n = Int(values[0]), n >= 1 else {
          throw ArgumentScanner.UsageError(description: "--threads takes a number of at least 1")
        }
        options.threads = n
      }),
    .init(
      nil, "--seq",
      help: [
        "read and write RFC 7464 text: ASCII RS before each",
        "value; a bad input record is skipped;",
      ],
      .flag { $0.seq = true }),
    // The limits for programs from elsewhere (`QueryLimits`): jsonkit's own.
    LimitArgument.memory, LimitArgument.time, LimitArgument.steps, LimitArgument.outputs,
    LimitArgument.outputSize, LimitArgument.depth, LimitArgument.regex,
    .init(
      "f", "--from-file",
      help: ["read the filter from the file named by the first", "argument instead;"],
      .flag { $0.fromFileFlag = true }),
    .init(
      "L", "--library-path", "dir", help: ["search modules in dir (may be repeated);"],
      .values(count: 1, example: "~/.jq") { options, values throws(ArgumentScanner.UsageError) in
        options.libraryPaths.append(values[0])
      }),
    .init(
      nil, "--arg", "name value", help: ["set $name to the string value;"],
      .values(count: 2, example: "varname value") {
        options, values throws(ArgumentScanner.UsageError) in
        options.name(values[0]) { JSON(values[1]) }
      }),
    .init(
      nil, "--argjson", "name value", help: ["set $name to the JSON value;"],
      .values(count: 2, example: "varname text") {
        options, values throws(ArgumentScanner.UsageError) in
        try options.name(values[0]) { () throws(ArgumentScanner.UsageError) in
          guard let value = ArgumentScanner.parseOne(values[1]) else {
            throw ArgumentScanner.UsageError(description: "invalid JSON text passed to --argjson")
          }
          return value
        }
      }),
    .init(
      nil, "--slurpfile", "name file", help: ["set $name to an array of the JSON values in file;"],
      .namedFile(raw: false)),
    .init(
      nil, "--rawfile", "name file", help: ["set $name to the text of file;"],
      .namedFile(raw: true)),
    .init(
      nil, "--args",
      help: ["the remaining arguments are strings, not files", "($ARGS.positional);"],
      .positionalMode(.strings)),
    .init(
      nil, "--jsonargs", help: ["the remaining arguments are JSON values, not files;"],
      .positionalMode(.json)),
    .init(
      "e", "--exit-status", help: ["set the exit status by the last output;"],
      .flag { $0.exitStatusFromOutput = true }),
    .init(
      "b", "--binary",
      help: ["accepted and ignored (jq opens its streams in binary", "mode with it on Windows);"],
      visibility: .compatibility, .flag { _ in }),
    // As in jq, -V, --build-configuration and -h act when they are read: the rest of the
    // command line is not read (`-Vh` prints the version).
    .init("V", "--version", help: ["show the version;"], .flag { $0.immediate = .version }),
    .init(
      nil, "--build-configuration", help: ["show how jsonkit was built;"],
      .flag { $0.immediate = .buildConfiguration }),
    .init("h", "--help", help: ["show the help;"], .flag { $0.immediate = .help }),
    .init(
      nil, "--generate-man-page", help: ["print the manual page jsonkit(1), in roff;"],
      jsonkitOnly: true, visibility: .packaging, .flag { $0.immediate = .manualPage }),
    .init(
      nil, "--generate-completion", "shell",
      help: ["print the completion script for shell (bash, zsh", "or fish);"],
      values: [.choices(ShellCompletion.Shell.allCases.map(\.rawValue))], jsonkitOnly: true,
      visibility: .packaging,
      .values(count: 1, example: "bash") { options, values throws(ArgumentScanner.UsageError) in
        guard let shell = ShellCompletion.Shell(rawValue: values[0]) else {
          throw ArgumentScanner.UsageError(
            description: "--generate-completion takes bash, zsh or fish")
        }
        options.immediate = .completion(shell)
      }),
  ]

  /// The option whose long name is `name`.
  static func named(_ name: String) -> CommandLineOption? { all.first { $0.long == name } }

  /// The option whose short letter is `letter`.
  static func letter(_ letter: Character) -> CommandLineOption? {
    all.first { $0.short == letter }
  }

  /// The options `--help` lists, in its order.
  static var listed: [CommandLineOption] { all.filter { $0.visibility == .listed } }

  /// The option's lines in `--help`: names in a column of 26, then the description.
  var helpLines: [String] {
    var names = (short.map { "-\($0), " } ?? "    ") + long
    if !valueNames.isEmpty { names += " " + valueNames }
    let padded =
      names.count < 26 ? names + String(repeating: " ", count: 26 - names.count) : names + " "
    var lines = ["  " + padded + (help.first ?? "")]
    for more in help.dropFirst() { lines.append(String(repeating: " ", count: 28) + more) }
    return lines
  }
}
