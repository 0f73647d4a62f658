import Foundation
import Testing

/// `-L` / `--library-path`, jq's default search list, `~/.jq`, and errors in module files.
@Suite("Modules and -L")
struct ModuleTests {
  /// A directory with `one/a.jq` and `two/b.jq`, and a `two/a.jq` that `b` does not see
  /// first: without `search`, an import looks in the working directory, then along `-L`.
  static func libraries() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    for sub in ["one", "two"] {
      try FileManager.default.createDirectory(
        at: directory.url.appendingPathComponent(sub), withIntermediateDirectories: true)
    }
    _ = try directory.file("one/a.jq", #"def a: "one";"#)
    _ = try directory.file("two/a.jq", #"def a: "two";"#)
    _ = try directory.file("two/b.jq", #"import "a" as a; def b: "b+" + a::a;"#)
    return directory
  }

  @Test("-L dir, -Ldir and --library-path dir are all search paths, searched in order")
  func spellings() async throws {
    let directory = try Self.libraries()
    let one = directory.url.appendingPathComponent("one").path
    let two = directory.url.appendingPathComponent("two").path
    let program = #"import "a" as a; import "b" as b; [a::a, b::b]"#
    for arguments in [
      ["-L", one, "-L", two], ["-L\(one)", "--library-path", two],
      ["--library-path", one, "-L\(two)"],
    ] {
      let result = try await CLI.run(["-nc"] + arguments + [program])
      #expect(result.stdout == #"["one","b+one"]"# + "\n", "\(arguments): \(result.stderr)")
      #expect(result.status == 0)
    }
    // Order matters: `two` first finds its own `a`.
    #expect(
      try await CLI.run(["-nc", "-L", two, "-L", one, program]).stdout == #"["two","b+two"]"# + "\n"
    )
  }

  @Test("a relative -L is relative to the working directory, and get_search_list shows it absolute")
  func relativePath() async throws {
    let directory = try Self.libraries()
    let result = try await CLI.shell(
      "cd '\(directory.url.path)' && \"$JSONKIT\" -nc -L one 'include \"a\"; [a, (get_search_list | length)]'"
    )
    #expect(result.stdout == #"["one",1]"# + "\n", "\(result.stderr)")
    let list = try await CLI.shell(
      "cd '\(directory.url.path)' && \"$JSONKIT\" -nr -L one 'get_search_list[]'")
    #expect(list.stdout.hasSuffix("/one\n") && list.stdout.hasPrefix("/"), "\(list.stdout)")
  }

  @Test("without -L: ~/.jq as a file is included, as a directory it is searched")
  func defaults() async throws {
    let home = try TemporaryDirectory()
    _ = try home.file(".jq", #"def hello: "from ~/.jq";"#)
    let included = try await CLI.run(["-n", "hello"], environment: ["HOME": home.url.path])
    #expect(included.stdout == "\"from ~/.jq\"\n", "\(included.stderr)")
    #expect(
      try await CLI.run(["-nc", "get_search_list"]).stdout
        == #"["~/.jq","$ORIGIN/../lib/jq","$ORIGIN/../lib"]"# + "\n")

    let searched = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      at: searched.url.appendingPathComponent(".jq"), withIntermediateDirectories: true)
    _ = try searched.file(".jq/g.jq", "def g: 1;")
    let result = try await CLI.run(
      ["-n", #"import "g" as g; g::g"#], environment: ["HOME": searched.url.path])
    #expect(result.stdout == "1\n", "\(result.stderr)")
    // With -L the defaults are gone.
    let other = try Self.libraries()
    let withL = try await CLI.run(
      ["-n", "-L", other.url.path, #"import "g" as g; g::g"#],
      environment: ["HOME": searched.url.path])
    #expect(withL.status == 3)
  }

  @Test("a program file's relative search paths start at the file's directory (-f)")
  func programFile() async throws {
    let directory = try Self.libraries()
    let program = try directory.file("prog.jq", #"import "a" as a {search: "./one"}; a::a"#)
    let result = try await CLI.run(["-n", "-f", program])
    #expect(result.stdout == "\"one\"\n", "\(result.stderr)")
  }

  @Test(
    "a missing module is a compile error (exit 3) worded as jq's linker, an error inside a module has its place"
  )
  func errors() async throws {
    let directory = try Self.libraries()
    let missing = try await CLI.run(["-n", "-L", directory.url.path, #"import "zzz" as z; ."#])
    #expect(missing.status == 3)
    #expect(
      missing.stderr == """
        jsonkit: error: module not found: zzz

        jsonkit: 1 compile error

        """)

    let broken = try directory.file("broken.jq", "def ok: 1;\ndef bad: nope;\n")
    let result = try await CLI.run(["-n", "-L", directory.url.path, #"include "broken"; ok"#])
    #expect(result.status == 3)
    #expect(
      result.stderr == """
        jsonkit: error: nope/0 is not defined at \(broken), line 2, column 10:
            def bad: nope;
                     ^^^^
        jsonkit: 1 compile error

        """)
  }
}
