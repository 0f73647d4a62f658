import Foundation
import Testing

/// jq 1.8.2 reads all its input files as one text, with one parser.
///
/// As `util.c`'s `jq_util_input_next_input` does it, a value may start in one file and end in the next, parse
/// errors count lines from the first file, while `input_filename` and `input_line_number`
/// follow the file being read. The expected outputs are what jq 1.8.2 printed for the same
/// command lines, run in the files' directory.
@Suite("Input files are one text, as jq 1.8.2 reads them")
struct InputFileBoundaryTests {
  /// The files the tests read, in a directory of their own.
  static func files() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    let contents = [
      "f1": "1 2", "f2": "3", "r1": "a", "r2": "b\nc", "h1": "1\n2\n[3,\n", "h2": "4]\n5",
      "h3": "\n\n6 7", "g1": "[1,", "g2": "\n2",
    ]
    for (name, text) in contents { _ = try directory.file(name, text) }
    return directory
  }

  /// Runs `jsonkit ARGUMENTS` in the files' directory (file names as given, relative).
  private func run(_ arguments: String) async throws -> RunResult {
    let directory = try Self.files()
    return try await CLI.shell("cd '\(directory.url.path)' && \"$JSONKIT\" \(arguments)")
  }

  @Test(
    "A number cut by the end of a file goes on in the next; each value has its file's name and line",
    arguments: [
      ("f1 f2", "[1,\"f1\",0]\n[23,\"f2\",0]\n"),
      (
        "h1 h2 h3",
        "[1,\"h1\",1]\n[2,\"h1\",2]\n[[3,4],\"h2\",1]\n[5,\"h3\",1]\n[6,\"h3\",2]\n[7,\"h3\",2]\n"
      ),
    ])
  func valuesAcrossFiles(files: String, output: String) async throws {
    let result = try await run("-c '[., input_filename, input_line_number]' \(files)")
    #expect(result.stdout == output)
    #expect(result.stderr == "")
    #expect(result.status == 0)
  }

  @Test("With -R a line without a newline at the end of a file goes on in the next")
  func rawLinesAcrossFiles() async throws {
    let result = try await run("-R -c '[., input_filename, input_line_number]' r1 r2")
    #expect(result.stdout == "[\"ab\",\"r2\",1]\n[\"c\",\"r2\",1]\n")
  }

  @Test(
    "A parse error counts lines and columns from the start of the first file",
    arguments: [
      ("g1 g2 f1", "", "Expected separator between values at EOF at line 2, column 4"),
      ("h1 g1", "1\n2\n", "Unfinished JSON term at EOF at line 4, column 3"),
    ])
  func errorPlaces(files: String, output: String, message: String) async throws {
    let result = try await run("-c . \(files)")
    #expect(result.stdout == output)
    #expect(result.stderr == "jsonkit: parse error: \(message)\n")
    #expect(result.status == 5)
  }

  @Test("A search path of exactly \".\" is the working directory, as jq 1.8.2's linker keeps it")
  func dataModuleSearchDot() async throws {
    let directory = try TemporaryDirectory()
    _ = try directory.file("cfg.json", #"{"where":"cwd"}"#)
    try FileManager.default.createDirectory(
      at: directory.url.appendingPathComponent("sub"), withIntermediateDirectories: true)
    _ = try directory.file("sub/cfg.json", #"{"where":"sub"}"#)
    _ = try directory.file("sub/dot.jq", #"import "cfg" as $c {search: "."}; $c[0].where"#)
    _ = try directory.file("sub/slash.jq", #"import "cfg" as $c {search: "./"}; $c[0].where"#)
    let cd = "cd '\(directory.url.path)' && \"$JSONKIT\""
    #expect(try await CLI.shell("\(cd) -n -f sub/dot.jq").stdout == "\"cwd\"\n")
    #expect(try await CLI.shell("\(cd) -n -f sub/slash.jq").stdout == "\"sub\"\n")
  }
}
