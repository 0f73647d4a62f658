import JSONKitCore

/// Reads jq's command line into `Options`.
///
/// jq's grammar does not fit a declarative parser: short flags combine (`-nr`, `-sR`),
/// options may come before or after the filter and the files, `--arg` takes two values,
/// `--args` / `--jsonargs` turn the remaining positional arguments into values, and `-f`
/// makes the first positional argument the program's file. So it is scanned by hand, the
/// way jq's `main` does, with jq's messages.
///
/// Scanning is a function of the arguments and of the files they name (`-f`, `--slurpfile`,
/// `--rawfile`, read through a `CommandLineFiles.Reader`): it never writes or exits, so the
/// tests and a fuzzer call it in process; `JSONKitCommand` prints its `UsageError`.
///
/// ```swift
/// let options = try ArgumentScanner.scan(["-nr", "--arg", "x", "1", "$x"])
/// options.program  // "$x"
/// ```
enum ArgumentScanner {
  /// What later positional arguments are: files (the default), or `--args` strings, or
  /// `--jsonargs` JSON texts.
  enum PositionalMode: Sendable {
    case files, strings, json
  }

  /// Reads `arguments` (without the program's name) with the options of
  /// `CommandLineOption.all`, reading the files they name with `files`.
  static func scan(
    _ arguments: [String], files: @escaping CommandLineFiles.Reader = CommandLineFiles.disk
  ) throws(UsageError) -> Options {
    var scanner = Scan(arguments: arguments, files: files)
    try scanner.run()
    // jq falls back to `.` only without -f: with it, a missing file name is the usage.
    if scanner.options.immediate == nil && scanner.options.fromFileFlag
      && scanner.options.program == nil
    {
      throw UsageError(description: "", report: .usage)
    }
    return scanner.options
  }

  /// The state of one scan: where it is and what it has read.
  private struct Scan {
    let arguments: [String]
    let files: CommandLineFiles.Reader
    var options = Options()
    var mode = PositionalMode.files
    var optionsDone = false
    var index = 0

    init(arguments: [String], files: @escaping CommandLineFiles.Reader) {
      self.arguments = arguments
      self.files = files
    }

    mutating func run() throws(UsageError) {
      // jq's `-h` and `-V` end the scan where they are read: `-Vh` and `-V --bogus` print
      // the version, `--bogus -V` is a usage error.
      while index < arguments.count && options.immediate == nil {
        let text = arguments[index]
        if optionsDone || !Self.looksLikeOption(text) {
          try positional(text)
        } else if text == "--" {
          optionsDone = true
        } else if text.hasPrefix("--") {
          guard let option = CommandLineOption.named(text) else {
            throw UsageError(description: "Unknown option \(text)")
          }
          try perform(option, spelled: text, attached: nil)
        } else {
          try shortOptions(text)
        }
        index += 1
      }
    }

    /// Whether `text` is read as options, as jq's `isoptish`: a dash, then a dash or an
    /// ASCII letter (`-`, `-1` and `-.5` are positional arguments).
    static func looksLikeOption(_ text: String) -> Bool {
      let bytes = Array(text.utf8.prefix(2))
      guard bytes.count == 2, bytes[0] == UInt8(ascii: "-") else { return false }
      let next = bytes[1]
      return next == UInt8(ascii: "-")
        || (next | 0x20 >= UInt8(ascii: "a") && next | 0x20 <= UInt8(ascii: "z"))
    }

    /// Short options, possibly combined: `-nr`, `-sR`, `-L dir`, `-Ldir`.
    mutating func shortOptions(_ text: String) throws(UsageError) {
      var letters = Substring(text.dropFirst())
      while let letter = letters.first, options.immediate == nil {
        letters = letters.dropFirst()
        guard let option = CommandLineOption.letter(letter) else {
          throw UsageError(description: "Unknown option -\(letter)")
        }
        if case .values(1, _, _) = option.action, !letters.isEmpty {
          // `-Ldir`: the rest of the word is the value (of an option that reads one).
          try perform(option, spelled: "-\(letter)", attached: String(letters))
          return
        }
        try perform(option, spelled: "-\(letter)", attached: nil)
      }
    }

    mutating func perform(_ option: CommandLineOption, spelled: String, attached: String?)
      throws(UsageError)
    {
      switch option.action {
      case .flag(let apply): apply(&options)
      case .positionalMode(let newMode): mode = newMode
      case .values(let count, let example, let apply):
        let values: [String]
        if let attached {
          values = [attached]
        } else {
          values = try parameters(count, for: spelled, example: example)
        }
        try apply(&options, values)
      case .namedFile(let raw):
        let values = try parameters(2, for: spelled, example: "varname filename")
        // As for `--arg`, a name already given is kept and its file is not even opened.
        let files = files
        try options.name(values[0]) { () throws(UsageError) in
          try Self.namedFile(values[1], raw: raw, option: spelled, name: values[0], in: files)
        }
      }
    }

    /// The next `count` arguments for `option`, or jq's "takes N parameters" error.
    mutating func parameters(_ count: Int, for option: String, example: String)
      throws(UsageError) -> [String]
    {
      guard index + count < arguments.count else {
        if option == "-L" || option == "--library-path" {
          throw UsageError(
            description: "-L takes a parameter: (e.g. -L /search/path or -L/search/path)",
            report: .unprefixed)
        }
        let what = count == 1 ? "one parameter" : "two parameters"
        let shown = example.isEmpty ? "" : " (e.g. \(option) \(example))"
        throw UsageError(description: "\(option) takes \(what)\(shown)")
      }
      let values = Array(arguments[(index + 1)...(index + count)])
      index += count
      return values
    }

    /// The program (or, with `-f`, its file), then files, `--args` strings or
    /// `--jsonargs` values.
    mutating func positional(_ text: String) throws(UsageError) {
      if options.program == nil {
        if options.programFile == nil, options.fromFileFlag {
          options.programFile = text
          options.program = try program(text)
        } else {
          options.program = text
        }
        return
      }
      switch mode {
      case .files: options.files.append(text)
      case .strings: options.positional.append(JSON(text))
      case .json:
        guard let value = parseOne(text) else {
          throw UsageError(description: "invalid JSON text passed to --jsonargs")
        }
        options.positional.append(value)
      }
    }

    /// The program in `path` (`-f`).
    func program(_ path: String) throws(UsageError) -> String {
      switch files(path) {
      case .success(let bytes): return String(decoding: bytes, as: UTF8.self)
      case .failure(let failure):
        throw UsageError(description: "Could not open \(path): \(failure.reason)", report: .file)
      }
    }

    /// `--slurpfile` (every value of the file, in an array) or `--rawfile` (its text).
    static func namedFile(
      _ path: String, raw: Bool, option: String, name: String, in files: CommandLineFiles.Reader
    ) throws(UsageError) -> JSON {
      let bytes: [UInt8]
      switch files(path) {
      case .success(let read): bytes = read
      case .failure(let failure):
        throw UsageError(
          description: "Bad JSON in \(option) \(name) \(path): Could not open \(path): "
            + failure.reason,
          report: .file)
      }
      if raw { return JSON(String(decoding: bytes, as: UTF8.self)) }
      // jq's `jv_load_file`: jq's reader, every value up to the first error.
      let (values, failure) = JQTextParser.parseAll(bytes)
      if let failure {
        throw UsageError(
          description: "Bad JSON in \(option) \(name) \(path): \(failure)", report: .file)
      }
      return JSON(array: values)
    }
  }

  /// One JSON value from text (for `--argjson` and `--jsonargs`), or `nil`: read by jq's
  /// reader as jq's `jv_parse` does (`nan` is a number, a second value is an error).
  static func parseOne(_ text: String) -> JSON? {
    try? JQTextParser.parse(text)
  }
}
