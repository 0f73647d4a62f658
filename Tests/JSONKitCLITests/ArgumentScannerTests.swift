import JSONKitCore
import Testing

@testable import JSONKitCLI

/// The argument scanner in process: a command line becomes options or a usage error (the
/// text jsonkit prints), and the files it names are read through the reader it is given.
@Suite("Argument scanner")
struct ArgumentScannerTests {
  /// Files by name, for the scanner to read; any other name cannot be opened.
  static let files: [String: String] = [
    "program.jq": ".a | length",
    "values.json": "1 [2]",
    "bad.json": "1 {",
    "text.txt": "héllo\n",
  ]

  /// Reads `files`, and records each name asked for.
  final class Table {
    var opened: [String] = []

    func read(_ path: String) -> Result<[UInt8], CommandLineFiles.Unreadable> {
      opened.append(path)
      guard let text = ArgumentScannerTests.files[path] else {
        return .failure(.init(reason: "No such file or directory"))
      }
      return .success(Array(text.utf8))
    }
  }

  /// The scan of `arguments` over `table`, or its usage error.
  func scan(_ arguments: [String], _ table: Table = Table()) -> Result<
    Options, ArgumentScanner.UsageError
  > {
    Result { () throws(ArgumentScanner.UsageError) in
      try ArgumentScanner.scan(arguments, files: table.read)
    }
  }

  /// The usage error of `arguments`, or `nil` when they scan.
  func error(_ arguments: [String]) -> ArgumentScanner.UsageError? {
    if case .failure(let error) = scan(arguments) { return error }
    return nil
  }

  @Test("-f without the program's file is jq's usage text, returned rather than exited")
  func fromFileWithoutFile() {
    let error = error(["-f"])
    #expect(error?.report == .usage)
    #expect(error?.text == HelpText.usage)
    #expect(self.error(["-nf"])?.report == .usage)
  }

  @Test("-f, --slurpfile and --rawfile read their files through the scanner's reader")
  func filesThroughTheReader() throws {
    let table = Table()
    let options = try scan(
      ["-f", "program.jq", "--slurpfile", "v", "values.json", "--rawfile", "t", "text.txt", "in"],
      table
    ).get()
    #expect(table.opened == ["program.jq", "values.json", "text.txt"])
    #expect(options.program == ".a | length" && options.programFile == "program.jq")
    #expect(options.files == ["in"])
    #expect(options.named.map { $0.name } == ["v", "t"])
    #expect(options.named[0].value == JSON(array: [1, [2]]))
    #expect(options.named[1].value == JSON("héllo\n"))
  }

  @Test("A later --slurpfile or --rawfile for a name already given does not open its file")
  func firstNameWinsWithoutOpening() throws {
    let table = Table()
    let options = try scan(
      ["--arg", "v", "x", "--slurpfile", "v", "bad.json", "--rawfile", "v", "none", "."], table
    ).get()
    #expect(table.opened.isEmpty)
    #expect(options.named.map { $0.value } == [JSON("x")])
  }

  @Test(
    "A file that cannot be used is jq's one line without the help lines",
    arguments: [
      (["-f", "none.jq"], "jsonkit: Could not open none.jq: No such file or directory\n"),
      (
        ["--rawfile", "t", "none", "."],
        "jsonkit: Bad JSON in --rawfile t none: Could not open none: No such file or directory\n"
      ),
      (
        ["--slurpfile", "v", "bad.json", "."],
        "jsonkit: Bad JSON in --slurpfile v bad.json: Unfinished JSON term at EOF at line 1, "
          + "column 3\n"
      ),
    ])
  func unusableFile(arguments: [String], text: String) {
    let error = error(arguments)
    #expect(error?.report == .file)
    #expect(error?.text == text)
  }

  @Test(
    "Option errors are jq's message and help lines; -L's message has no prefix",
    arguments: [
      (
        ["--slurpfile", "v"],
        "jsonkit: --slurpfile takes two parameters (e.g. --slurpfile "
          + "varname filename)\n"
      ),
      (["-nZ"], "jsonkit: Unknown option -Z\n"),
      (
        ["--memory-limit", "1T", "."],
        "jsonkit: --memory-limit takes a number of bytes, with "
          + "K, M or G after it or not\n"
      ),
      (["-L"], "-L takes a parameter: (e.g. -L /search/path or -L/search/path)\n"),
    ])
  func optionError(arguments: [String], firstLine: String) {
    #expect(error(arguments)?.text == firstLine + ArgumentScanner.UsageError.hint)
  }

  @Test("-h and -V end the scan: what follows them is not read, files included")
  func immediateEndsTheScan() throws {
    let table = Table()
    let options = try scan(["-nh", "--bogus", "-f", "none.jq", "--rawfile", "t", "x"], table)
      .get()
    #expect(options.immediate == .help)
    #expect(table.opened.isEmpty)
    #expect(error(["--bogus", "-h"])?.description == "Unknown option --bogus")
  }

  @Test("An option that reads one value takes the rest of a cluster; -L dir and -Ldir agree")
  func attachedValue() throws {
    #expect(try scan(["-nL/lib", "."]).get().libraryPaths == ["/lib"])
    #expect(try scan(["-nL", "/lib", "."]).get().libraryPaths == ["/lib"])
    #expect(try scan(["-Lf", "."]).get().fromFileFlag == false)
  }
}
