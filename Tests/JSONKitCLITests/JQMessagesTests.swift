import Foundation
import Testing

/// jq 1.8.2's words and their order outside the parser.
///
/// The linker's module errors (no place, a blank line after), and standard error written at once while standard output
/// into a pipe waits in its buffer. The expected texts are what jq 1.8.2 printed for the
/// same command lines, with `jq` read as `jsonkit`.
@Suite("jq 1.8.2's module errors and the order of its two streams")
struct JQMessagesTests {
  /// A directory with modules that import each other, and a data file that is not JSON.
  static func modules() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    _ = try directory.file("a.jq", #"import "b" as b; def a: 1;"#)
    _ = try directory.file("b.jq", #"import "a" as a; def b: 2;"#)
    _ = try directory.file("bad.json", "{\"x\":\n")
    return directory
  }

  @Test("Module errors are the linker's: no place, a blank line, then the count")
  func moduleErrors() async throws {
    let directory = try Self.modules()
    let path = directory.url.path
    let cases: [(String, String)] = [
      (#"import "a" as a; a::a"#, "jsonkit: error: circular import of \(path)/a.jq\n"),
      (
        #"import "bad" as $d; $d"#,
        "jsonkit: error loading data file \(path)/bad.json: Unfinished JSON term at EOF at line 2, column 0\n"
      ),
      (
        #"include "../x"; 1"#,
        "jsonkit: error: Relative paths to modules may not traverse to parent directories (../x)\n"
      ),
      (#"import "nope" as x; 1"#, "jsonkit: error: module not found: nope\n"),
      (#"import "a\u0000b" as x; 1"#, "jsonkit: error: Module path contains a NUL byte\n"),
    ]
    for (program, message) in cases {
      let result = try await CLI.run(["-L", path, "-n", program])
      #expect(result.stderr == message + "\njsonkit: 1 compile error\n", "\(program)")
      #expect(result.status == 3)
    }
  }

  @Test(
    "Into a pipe, messages come before the results still buffered, as jq's stdio has it",
    arguments: [
      (#""$JSONKIT" -n '1, error("x")'"#, "jsonkit: error (at <unknown>): x\n1\n"),
      (#""$JSONKIT" -n '"a", ("b" | stderr), "c"'"#, "b\"a\"\n\"b\"\n\"c\"\n"),
      (#""$JSONKIT" -n '[1], ([2] | debug)'"#, "[\"DEBUG:\",[2]]\n[\n  1\n]\n[\n  2\n]\n"),
      (#""$JSONKIT" -n '1, ("stop\n" | halt_error)'"#, "stop\n1\n"),
      (
        #"printf '\036[1]]\n' | "$JSONKIT" --seq -c ."#,
        "jsonkit: ignoring parse error: Unmatched ']' at line 1, column 5 (need RS to resync)\n"
          + "\u{1E}[1]\n"
      ),
    ])
  func streamOrder(command: String, output: String) async throws {
    let result = try await CLI.shell("\(command) 2>&1 | cat")
    #expect(result.stdout == output)
  }
}
