import ArgumentParser
import JSONKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `jsonkit`: a jq-compatible command-line JSON processor built on JSONKit (paths only, in
/// this first version). Parses the command line and hands over to `Runner`.
@main
struct JSONKitCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "jsonkit",
    abstract: "Applies a jq path to each JSON value of the inputs and prints the results.",
    usage: "jsonkit [OPTIONS] [FILTER] [FILE...]",
    // `--help` is our own flag below, so that it prints `HelpText`.
    helpNames: []
  )

  @Flag(
    name: [.customShort("c"), .customLong("compact-output")],
    help: "Compact instead of pretty-printed output.")
  var compactOutput = false

  @Flag(
    name: [.customShort("S"), .customLong("sort-keys")],
    help: "Sort the keys of each object on output.")
  var sortKeys = false

  @Flag(name: .customLong("tab"), help: "Indent with one tab per level.")
  var tab = false

  @Option(
    name: .customLong("indent"),
    help: ArgumentHelp("Indent with n spaces per level (0–7; 0 is compact).", valueName: "n"))
  var indent = 2

  @Flag(name: [.customShort("h"), .customLong("help")], help: "Show this help and exit.")
  var help = false

  @Argument(help: "The path to print from each value.")
  var filter = "."

  @Argument(help: ArgumentHelp("Files to read; '-' is standard input.", valueName: "file"))
  var files: [String] = []

  func validate() throws {
    if help { return }
    guard (0...7).contains(indent) else {
      throw ValidationError("Cannot indent more than 7 characters (--indent takes 0 to 7)")
    }
  }

  func run() throws {
    if help {
      print(HelpText.text, terminator: "")
      return
    }
    let pathFilter: PathFilter
    do {
      pathFilter = try PathFilter(parsing: filter)
    } catch {
      var message = error.description
      if filter.first != ".", access(filter, F_OK) == 0 {
        message += " ('\(filter)' is a file: did you mean jsonkit . \(filter)?)"
      }
      Diagnostics.writeToStandardError("jsonkit: error: \(message)\n")
      throw ExitCode(ExitStatus.invalidFilter.rawValue)
    }
    let format = OutputFormat(compact: compactOutput, tab: tab, indent: indent, sortKeys: sortKeys)
    let runner = Runner(filter: pathFilter, inputs: files, output: OutputWriter(format: format))
    let status = runner.run()
    if status != .success { throw ExitCode(status.rawValue) }
  }

  /// Replaces `ParsableCommand.main` for two reasons: SIGPIPE is ignored so that a closed
  /// pipe becomes an `EPIPE` the output writer handles quietly (instead of a kill that a
  /// shell may report), and usage errors exit with 2, as jq's do, rather than
  /// swift-argument-parser's 64.
  static func main() {
    signal(SIGPIPE, SIG_IGN)
    let command: JSONKitCommand
    do {
      command = try parse()
    } catch {
      guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
      Diagnostics.writeToStandardError(
        "jsonkit: error: \(message(for: error))\nUse jsonkit --help for help with command-line options.\n"
      )
      exit(withError: ExitCode(ExitStatus.usageError.rawValue))
    }
    do {
      try command.run()
    } catch {
      exit(withError: error)
    }
  }
}
