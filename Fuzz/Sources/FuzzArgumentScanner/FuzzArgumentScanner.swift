import FuzzSupport
import JSONKitCore
import JSONQuery

/// The files the fuzzed command lines can name (`-f`, `--slurpfile`, `--rawfile`).
///
/// Any other name cannot be opened. The scanner reads no disk here: the files are this table.
let files: [String: [UInt8]] = [
  "values.json": Array(#"1 [2, "a"] {"b": null} nan"#.utf8),
  "bad.json": Array("1 {".utf8),
  "text.txt": Array("héllo\n\u{0}x\u{1F600}".utf8),
  "program.jq": Array(".a | length".utf8),
  "empty": [],
]

/// Reads a file of `files`.
func read(_ path: String) -> Result<[UInt8], CommandLineFiles.Unreadable> {
  guard let bytes = files[path] else { return .failure(.init(reason: "No such file or directory")) }
  return .success(bytes)
}

/// A scan of `arguments` over `files`: the options, or the usage error jsonkit would print.
func scan(_ arguments: [String]) -> Result<Options, ArgumentScanner.UsageError> {
  Result { () throws(ArgumentScanner.UsageError) in
    try ArgumentScanner.scan(arguments, files: read)
  }
}

/// Everything a scan gives, as text to compare two scans by.
func describe(_ result: Result<Options, ArgumentScanner.UsageError>) -> String {
  switch result {
  case .success(let options): "options: \(options)"
  case .failure(let error): "error: \(error.report) \(error.text)"
  }
}

/// The CLI's argument scanner on an argument vector: the input split at NUL bytes, each
/// argument's bytes read as `CommandLine.arguments` reads them (invalid UTF-8 repaired).
///
/// The scanner must return options or a usage error (never exit or crash), the same ones
/// twice, and what it returns must hold together: an unknown option is one of the arguments,
/// files keep their order, `-h`/`-V` end the scan, and one more positional argument is one
/// more file, string or program. The limit values' readers are checked on every argument.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArgumentScanner(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let input = UnsafeRawBufferPointer(start: data, count: size)
  let arguments = input.split(separator: 0, omittingEmptySubsequences: false).map {
    String(decoding: $0, as: UTF8.self)
  }
  let result = scan(arguments)
  fuzzCheck(
    describe(scan(arguments)) == describe(result), "two scans of the same arguments differ",
    input: input)
  switch result {
  case .failure(let error): check(error, arguments, input)
  case .success(let options): check(options, arguments, input)
  }
  for argument in arguments { checkLimitValues(argument, input) }
  return 0
}

/// A usage error: text that ends a line, and an unknown option that was given.
func check(
  _ error: ArgumentScanner.UsageError, _ arguments: [String], _ input: UnsafeRawBufferPointer
) {
  fuzzCheck(
    error.text.hasSuffix("\n") && (error.report == .usage) == error.description.isEmpty,
    "usage error \(error) is not written as a line", input: input)
  if error.description.hasPrefix("Unknown option -") {
    let name = error.description.dropFirst("Unknown option ".count)
    // `--name`, or a letter of a cluster (`-a-` is "Unknown option --", as in jq).
    let given =
      arguments.contains(String(name))
      || (name.count == 2
        && arguments.contains { $0.hasPrefix("-") && $0.dropFirst().contains(name.last!) })
    fuzzCheck(given, "\(error.description), an option not given", input: input)
  }
  if error.report == .file {
    fuzzCheck(
      ["Could not open ", "Bad JSON in --slurpfile ", "Bad JSON in --rawfile "].contains {
        error.description.hasPrefix($0)
      }, "a file error that names no file option: \(error)", input: input)
  }
}

/// Options read: what they hold comes from the arguments, in order, within range.
func check(_ options: Options, _ arguments: [String], _ input: UnsafeRawBufferPointer) {
  fuzzCheck(
    isSubsequence(options.files, of: arguments), "files \(options.files) not in order",
    input: input)
  if let path = options.programFile {
    fuzzCheck(
      arguments.contains(path)
        && files[path].map { String(decoding: $0, as: UTF8.self) }
          == options.program,
      "-f \(path) gave another program", input: input)
  } else if let program = options.program {
    fuzzCheck(arguments.contains(program), "program \(program) not given", input: input)
  }
  let named = names(options)
  fuzzCheck(
    Set(named).count == named.count && named.allSatisfy(arguments.contains),
    "named \(named): twice or not given", input: input)
  let used = options.files.count + options.positional.count + (options.program == nil ? 0 : 1)
  fuzzCheck(used <= arguments.count, "\(used) values from \(arguments.count)", input: input)
  let limits = options.limits
  fuzzCheck(
    (0...7).contains(options.indent) && (options.threads ?? 1) >= 1
      && [
        limits.steps, limits.memory, limits.outputs, limits.outputBytes, limits.depth,
        limits.regexRetries,
      ].allSatisfy { ($0 ?? 0) >= 0 } && (limits.time ?? .zero) >= .zero,
    "a value out of range: \(options)", input: input)

  if options.immediate != nil {
    // `-h` and `-V` end the scan: nothing after them is read.
    let longer = scan(arguments + ["--bogus", "-Z", "--arg"])
    fuzzCheck(
      describe(longer) == describe(.success(options)),
      "arguments after \(options.immediate!) "
        + "were read", input: input)
    return
  }
  checkOneMore(["1"], options, arguments, input)
  if !arguments.contains("--") { checkOneMore(["--", "1"], options, arguments, input) }
}

/// `more` (ending in one positional argument) after a command line that scanned: the program
/// (or `-f`'s file) when there was none, else one more file or `--args`/`--jsonargs` value.
func checkOneMore(
  _ more: [String], _ options: Options, _ arguments: [String], _ input: UnsafeRawBufferPointer
) {
  switch scan(arguments + more) {
  case .success(let longer):
    if options.program == nil {
      fuzzCheck(
        !options.fromFileFlag && longer.program == "1", "\(more) did not give the program",
        input: input)
    } else {
      fuzzCheck(
        longer.program == options.program && longer.named.map { $0.name } == names(options)
          && longer.files.count + longer.positional.count
            == options.files.count + options.positional.count + 1,
        "\(more) is not one more value", input: input)
    }
  case .failure(let error):
    fuzzCheck(
      options.program == nil && options.fromFileFlag && error.report == .file,
      "\(more) after a command line that scanned: \(error)", input: input)
  }
}

/// The names of `$name` variables, in order.
func names(_ options: Options) -> [String] { options.named.map { $0.name } }

/// Whether `items` are elements of `all` in the same order.
func isSubsequence(_ items: [String], of all: [String]) -> Bool {
  var rest = all[...]
  for item in items {
    guard let found = rest.firstIndex(of: item) else { return false }
    rest = rest[(found + 1)...]
  }
  return true
}

/// The readers of limit values on any text: a size keeps its value with a `B` after a digit
/// or a K, M or G; a whole number reads back from its decimal text.
func checkLimitValues(_ text: String, _ input: UnsafeRawBufferPointer) {
  if let bytes = try? LimitArgument.size(text, "--memory-limit") {
    fuzzCheck(bytes >= 0, "size \(text) read as \(bytes)", input: input)
    if let last = text.last, last.isASCII, last.isNumber || "KMGkmg".contains(last) {
      fuzzCheck(
        (try? LimitArgument.size(text + "B", "--memory-limit")) == bytes,
        "size \(text)B is not \(bytes)", input: input)
    }
  }
  if let count = try? LimitArgument.count(text, "--step-limit") {
    fuzzCheck(
      count >= 0 && (try? LimitArgument.count(String(count), "--step-limit")) == count,
      "count \(text) read as \(count)", input: input)
  }
  guard case .values(_, _, let apply) = LimitArgument.time.action else { return }
  var options = Options()
  do {
    try apply(&options, [text])
    fuzzCheck(
      options.limits.time.map { $0 >= .zero } == true, "time \(text) read as \(options.limits)",
      input: input)
  } catch {
    fuzzCheck(
      error.description == "--time-limit takes a number of seconds", "time \(text): \(error)",
      input: input)
  }
}
