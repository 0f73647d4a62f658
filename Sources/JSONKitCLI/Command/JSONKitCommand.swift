import JSONKitCore
import JSONQuery

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `jsonkit`: a jq-compatible command-line JSON processor built on JSONKit and JSONQuery.
///
/// Reads the command line, compiles the program and hands over to `Runner`.
@main
enum JSONKitCommand {
  /// The stack of the thread that runs everything.
  ///
  /// jq programs recurse (`def f: …; f`,
  /// `recurse`, `repeat`), and the evaluator stops a recursion at its depth limit with an
  /// error; the main thread's 8 MiB would overflow first. Only the pages used are ever
  /// committed.
  static let stackSize = 1 << 30

  static func main() {
    // A closed pipe becomes an `EPIPE` that the output writer handles quietly, instead of a
    // kill that a shell may report.
    signal(SIGPIPE, SIG_IGN)
    // A POSIX thread, not Foundation's `Thread`: starting one of those was 7% of a run on a
    // tiny input.
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    pthread_attr_setstacksize(&attributes, stackSize)
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    let started = pthread_create(&thread, &attributes, runThread, nil)
    precondition(started == 0, "cannot start the main thread: \(started)")
    // The worker ends the process.
    while true { pause() }
  }

  static func run(_ arguments: [String]) -> ExitStatus {
    let options: Options
    do {
      options = try ArgumentScanner.scan(arguments)
    } catch {
      Diagnostics.writeToStandardError(error.text)
      return .usageError
    }
    if let immediate = options.immediate {
      Diagnostics.writeToStandardOutput(answer(immediate))
      return .success
    }
    // Without a program jq uses `.` unless both ends are terminals (then it shows usage).
    guard let program = options.program ?? (isatty(0) != 0 && isatty(1) != 0 ? nil : ".") else {
      Diagnostics.writeToStandardError(HelpText.usage)
      return .usageError
    }
    var queryOptions = QueryOptions(
      libraryPaths: libraryPaths(options), variableNames: Runner.variableNames(options),
      includesHomeFile: true, programDirectory: programDirectory(options),
      limits: options.limits)
    // One program per run: only the prelude definitions it can call are compiled (its
    // modules and a `~/.jq` file are code its text does not show: then all are).
    queryOptions.compilesReachablePreludeOnly = ProgramWords.readsNoHiddenCode(program)
    let query: Query
    do {
      query = try compile(program, queryOptions)
    } catch {
      var text = CompileErrorReport.text(for: error, program: program)
      // Only a regular file: `//` names the root directory, and is jq's syntax error alone.
      var info = stat()
      if options.programFile == nil, !program.hasPrefix("."), stat(program, &info) == 0,
        info.st_mode & S_IFMT == S_IFREG
      {
        text += "jsonkit: '\(program)' is a file: did you mean jsonkit . \(program)?\n"
      }
      Diagnostics.writeToStandardError(text)
      return .invalidFilter
    }
    if options.progress && isatty(2) != 0 {
      ProgressMeter.current = ProgressMeter(paths: options.files)
    }
    defer { ProgressMeter.current?.clear() }
    let format = format(options)
    let output = OutputWriter(format: format)
    // (`sysconf`, not `ProcessInfo`: this is the whole start of every run.)
    let threads = options.threads ?? max(sysconf(Int32(_SC_NPROCESSORS_ONLN)), 1)
    if threads > 1 && !fitsOneBatch(options) && ParallelRunner.allows(options, program: program) {
      return ParallelRunner(
        query: query, options: options, format: format, output: output, threads: threads
      ).run()
    }
    return Runner(query: query, options: options, output: output).run()
  }

  /// The run's one program, compiled.
  ///
  /// The process holds it until it exits (`halt` and a `--threads` run end the process
  /// while it runs). A function of its own, never inlined, so that Scripts/check-sanitizers'
  /// LeakSanitizer suppression can name what it allocates (Scripts/sanitizers/lsan.supp).
  ///
  /// - Parameters:
  ///   - program: The jq program's text.
  ///   - options: How to compile it.
  /// - Returns: The compiled program.
  /// - Throws: The program's compile errors.
  @inline(never)
  static func compile(_ program: String, _ options: QueryOptions) throws(QueryError) -> Query {
    try Query(program, options: options)
  }

  /// What `-h`, `-V`, `--build-configuration` and the packaging options print.
  static func answer(_ action: Options.ImmediateAction) -> String {
    switch action {
    case .help: HelpText.text
    case .version: BuildInformation.version + "\n"
    case .buildConfiguration: BuildInformation.configuration + "\n"
    case .manualPage: ManualPage.text
    case .completion(let shell): ShellCompletion.script(for: shell)
    }
  }

  /// Whether every input is a regular file and all of them together are no larger than
  /// one of `ParallelRunner`'s batches: one thread evaluates such a run whatever the
  /// options, so it goes to `Runner` without setting up batches (a tenth of the
  /// instructions of a run on a tiny file).
  ///
  /// Standard input counts when it is a file;
  /// a pipe's size is not known.
  static func fitsOneBatch(_ options: Options) -> Bool {
    var total = 0
    for path in options.files.isEmpty ? ["-"] : options.files {
      var info = stat()
      let found = path == "-" ? fstat(0, &info) : stat(path, &info)
      guard found == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
      total += Int(info.st_size)
      if total > ParallelRunner.batchSize { return false }
    }
    return true
  }

  /// `-L` paths, or jq's defaults: `~/.jq`, `$ORIGIN/../lib/jq`, `$ORIGIN/../lib`.
  ///
  /// Like jq, a `-L` path that exists is made absolute (others stay as given, so that `~`
  /// and `$ORIGIN` are expanded when modules are looked up).
  static func libraryPaths(_ options: Options) -> [String] {
    if options.libraryPaths.isEmpty { return QueryOptions.defaultLibraryPaths }
    return options.libraryPaths.map { path in
      guard FileManager.default.fileExists(atPath: path) else { return path }
      return URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    }
  }

  /// The directory of the `-f` file: the program's relative module search paths start there.
  static func programDirectory(_ options: Options) -> String? {
    options.programFile.map {
      URL(fileURLWithPath: $0).standardizedFileURL.resolvingSymlinksInPath()
        .deletingLastPathComponent().path
    }
  }

  /// The output format the options and the terminal ask for.
  static func format(_ options: Options) -> OutputFormat {
    var format = OutputFormat()
    format.compact = options.compact
    format.tab = options.tab
    format.indent = options.indent
    format.sortKeys = options.sortKeys
    format.ascii = options.asciiOutput
    format.raw = options.rawOutput
    format.separator = options.rawOutputNUL ? [0] : options.joinOutput ? [] : [0x0A]
    format.seq = options.seq
    format.unbuffered = options.unbuffered
    // Colour by default on a terminal, unless NO_COLOR is set to something (no-color.org),
    // as jq 1.8; -C and -M decide over both.
    let noColor = getenv("NO_COLOR").map { $0.pointee != 0 } ?? false
    if options.color ?? (isatty(1) != 0 && !noColor) {
      if let text = getenv("JQ_COLORS").map({ String(cString: $0) }) {
        if let scheme = ColorScheme(environment: text) {
          format.colors = scheme
        } else {
          Diagnostics.writeToStandardError("Failed to set $JQ_COLORS\n")
          format.colors = ColorScheme()
        }
      } else {
        format.colors = ColorScheme()
      }
    }
    return format
  }
}

/// The body of `jsonkit`'s main thread: runs the command line and ends the process.
#if canImport(Darwin)
  private func runThread(_: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    exit(JSONKitCommand.run(Array(CommandLine.arguments.dropFirst())).rawValue)
  }
#else
  private func runThread(_: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    exit(JSONKitCommand.run(Array(CommandLine.arguments.dropFirst())).rawValue)
  }
#endif
