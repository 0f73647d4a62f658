import Foundation
import JSONKit
import Testing

@testable import JSONQuery

/// Search paths, module file lookup and loading (`import`, `include`, cycles, errors).
@Suite("modules: resolver and loader")
struct ModuleLoaderTests {
  /// jq's own module fixtures (`Fixtures/jq/modules`).
  static let fixtures = JQTestFile.directory.appendingPathComponent("modules").path

  static func query(_ program: String, paths: [String] = [fixtures]) throws(QueryError) -> Query {
    try Query(program, options: QueryOptions(libraryPaths: paths))
  }

  /// The compile error `program` fails with.
  static func compileError(_ program: String, paths: [String] = [fixtures]) -> QueryError? {
    do {
      _ = try query(program, paths: paths)
      return nil
    } catch {
      return error
    }
  }

  // MARK: search paths

  @Test("~ is the home directory, $ORIGIN/ the executable's; other relative paths the base's")
  func expansion() {
    let resolver = ModuleResolver(
      libraryPaths: ["~/.jq", "$ORIGIN/../lib/jq", "lib", "/abs/./x"], home: "/home/ada",
      executableDirectory: "/opt/jq/bin", workingDirectory: "/work")
    #expect(resolver.expand("~/.jq", relativeTo: "/m") == "/home/ada/.jq")
    #expect(resolver.expand("~", relativeTo: "/m") == "/home/ada")
    #expect(resolver.expand("$ORIGIN/../lib", relativeTo: "/m") == "/opt/jq/lib")
    #expect(resolver.expand("./", relativeTo: "/m/c") == "/m/c")
    #expect(resolver.expand("./../lib/jq", relativeTo: "/m/c") == "/m/lib/jq")
    #expect(resolver.expand("/abs", relativeTo: "/m") == "/abs")
    // Library paths are relative to the working directory.
    #expect(
      resolver.libraryDirectories == ["/home/ada/.jq", "/opt/jq/lib/jq", "/work/lib", "/abs/x"])
  }

  @Test("without a home directory or an executable directory, those entries are dropped")
  func unexpandable() {
    let resolver = ModuleResolver(
      libraryPaths: QueryOptions.defaultLibraryPaths, home: nil, executableDirectory: nil,
      workingDirectory: "/w")
    #expect(resolver.expand("~/.jq", relativeTo: "/") == nil)
    #expect(resolver.libraryDirectories.isEmpty)
  }

  @Test("an import searches its own `search`, else the working directory then the library paths")
  func searchDirectories() {
    let resolver = ModuleResolver(
      libraryPaths: ["/lib"], home: nil, executableDirectory: nil, workingDirectory: "/w")
    func directive(_ metadata: JSON?) -> ImportDirective {
      ImportDirective(
        path: "m", alias: "m", isData: false, metadata: metadata,
        location: ProgramLocation(line: 1, column: 1, offset: 0, length: 0))
    }
    #expect(
      resolver.searchDirectories(for: directive(nil), importerDirectory: "/mods/c") == [
        "/w", "/lib",
      ])
    #expect(
      resolver.searchDirectories(for: directive(["search": "./"]), importerDirectory: "/mods/c")
        == ["/mods/c"])
    // jq 1.8.2 keeps a search path of exactly "." as it is: the working directory.
    #expect(
      resolver.searchDirectories(for: directive(["search": "."]), importerDirectory: "/mods/c") == [
        "/w"
      ])
    #expect(
      resolver.searchDirectories(
        for: directive(["search": ["../x", "/y", 3]]), importerDirectory: "/mods/c")
        == ["/mods/x", "/y"])
  }

  // MARK: file lookup

  @Test("a/b is a/b.jq, else a/b/jq/main.jq, else a/b/b.jq, in each directory in turn")
  func lookup() throws {
    let tree = try FileTree([
      "one/a/b.jq": "def x: 1;",
      "one/a/b/b.jq": "def x: 2;",
      "two/p/q/q.jq": "def x: 3;",
      "two/m/jq/main.jq": "def x: 4;",
      "two/a/b.jq": "def x: 5;",
      "two/d.json": "1 2",
    ])
    let resolver = ModuleResolver(
      libraryPaths: [], home: nil, executableDirectory: nil, workingDirectory: tree.root)
    let directories = [tree.path("one"), tree.path("two")]
    #expect(resolver.locate("a/b", suffix: ".jq", in: directories) == tree.path("one/a/b.jq"))
    #expect(resolver.locate("p/q", suffix: ".jq", in: directories) == tree.path("two/p/q/q.jq"))
    #expect(resolver.locate("m", suffix: ".jq", in: directories) == tree.path("two/m/jq/main.jq"))
    #expect(resolver.locate("d", suffix: ".json", in: directories) == tree.path("two/d.json"))
    #expect(resolver.locate("d", suffix: ".jq", in: directories) == nil)
    #expect(resolver.locate("a", suffix: ".jq", in: directories) == nil)

    let query = try Self.query(
      #"import "a/b" as ab; import "p/q" as pq; [ab::x, pq::x]"#, paths: directories)
    #expect(try query.values(on: .null) == [[1, 3]])
  }

  @Test("module paths may not climb out, use backslashes or repeat a component")
  func invalidPaths() {
    #expect(ModuleResolver.problem(with: "a/b") == nil)
    #expect(
      ModuleResolver.problem(with: "../a")
        == "Relative paths to modules may not traverse to parent directories (../a)")
    #expect(
      ModuleResolver.problem(with: #"a\b"#)
        == #"Modules must be named by relative paths using '/', not '\' (a\b)"#)
    #expect(
      ModuleResolver.problem(with: "a/a")
        == "module names must not have equal consecutive components: a/a")
    #expect(
      Self.compileError(#"import "../a" as a; ."#)?.message.hasPrefix("Relative paths") == true)
  }

  // MARK: loading

  @Test("a missing module is a compile error at the directive, worded as jq's")
  func missingModule() throws {
    let error = try #require(Self.compileError(#"import "nope/x" as n; n::f"#))
    #expect(error.kind == .compile)
    #expect(error.message == "module not found: nope/x")
    #expect(error.location?.line == 1)
    #expect(error.location?.column == 1)
    #expect(error.location?.length == #"import "nope/x""#.utf8.count)
    #expect(error.sourceFile == nil)
    #expect(Self.compileError(#"include "nope"; ."#)?.message == "module not found: nope")
    #expect(Self.compileError(#"import "nope" as $n; ."#)?.message == "module not found: nope")
  }

  @Test("an import cycle is an error naming the file, not a hang")
  func cycles() throws {
    let cycle = try #require(Self.compileError(#"import "cycle_a" as a; ."#))
    #expect(cycle.message == "circular import of \(Self.fixtures)/cycle_a.jq")
    #expect(cycle.sourceFile == "\(Self.fixtures)/cycle_b.jq")
    let selfImport = try #require(Self.compileError(#"import "cycle_self" as s; ."#))
    #expect(selfImport.message == "circular import of \(Self.fixtures)/cycle_self.jq")
    #expect(selfImport.sourceFile == "\(Self.fixtures)/cycle_self.jq")
  }

  @Test("errors inside a module name the module's file and their place in it")
  func errorsInModules() throws {
    let syntax = try #require(Self.compileError(#"import "syntaxerror" as e; ."#))
    #expect(syntax.sourceFile == "\(Self.fixtures)/syntaxerror/syntaxerror.jq")
    #expect(syntax.location?.line == 1)

    let tree = try FileTree(["m.jq": "def f: secret;"])
    let undefined = try #require(
      Self.compileError(#"def secret: 1; import "m" as m; m::f"#, paths: [tree.root]))
    #expect(undefined.message.contains("syntax error"))  // imports come first
    let hidden = try #require(
      Self.compileError(#"import "m" as m; def secret: 1; m::f"#, paths: [tree.root]))
    #expect(hidden.message == "secret/0 is not defined")  // a module does not see its importer
    #expect(hidden.sourceFile == tree.path("m.jq"))
  }

  @Test("each file is loaded once per compilation, whoever imports it")
  func loadedOnce() throws {
    let tree = try FileTree(["d.jq": "def meh: 1;"])
    let loader = ModuleLoader(
      resolver: ModuleResolver(libraryPaths: [tree.root], home: nil, executableDirectory: nil))
    let program = try Parser.parseProgram(#"import "d" as x; import "d" as y; include "d"; ."#)
    let names = try loader.link(program: program, directory: tree.root, includeHomeFile: false)
    let x = try #require(names.functions["x::meh/0"])
    let y = try #require(names.functions["y::meh/0"])
    let included = try #require(names.functions["meh/0"])
    // Compiled once: every name reaches the one definition in the loader's table.
    #expect(x.index == y.index && y.index == included.index)
    #expect(loader.table.compiled.count == 1)
  }

  @Test("~/.jq, when a file, is included; when a directory, it is only a search path")
  func homeFile() throws {
    func link(home: String) throws -> ImportedNames {
      let loader = ModuleLoader(
        resolver: ModuleResolver(
          libraryPaths: QueryOptions.defaultLibraryPaths, home: home, executableDirectory: nil))
      return try loader.link(
        program: try Parser.parseProgram("."), directory: home, includeHomeFile: true)
    }
    let file = try link(home: "\(Self.fixtures)/home1")
    #expect(Set(file.functions.keys) == ["foo/0", "f/0", "g/0", "fg/0"])
    #expect(try link(home: "\(Self.fixtures)/home2").functions.isEmpty)
  }

  @Test("imported functions recurse under their own names and keep their own scope")
  func recursionAndScope() throws {
    let tree = try FileTree([
      "math.jq": "def fact: if . <= 1 then 1 else . * (. - 1 | fact) end; def twice(f): f | f;",
      "lib/util.jq":
        #"import "math" as m; import "cfg" as $cfg {search: "./"}; def f: m::fact; def c: $cfg::cfg[0].n + $cfg[0].n;"#,
      "lib/cfg.json": #"{"n": 7}"#,
    ])
    let query = try Self.query(
      #"import "lib/util" as u; include "math"; [(5 | u::f), (3 | twice(. * 2)), u::c]"#,
      paths: [tree.root])
    #expect(try query.values(on: .null) == [[120, 12, 14]])
  }

  @Test("metadata must be a constant object")
  func metadata() {
    #expect(Self.compileError("module (.+1); 0")?.message == "Module metadata must be constant")
    #expect(Self.compileError("module []; 0")?.location?.column == 8)
    #expect(
      Self.compileError(#"include "a" []; 0"#)?.message == "Module metadata must be an object")
    #expect(Self.compileError(#"import "\(1)" as a; 0"#)?.message == "Import path must be constant")
    #expect(
      Self.compileError(#"module {a: [1, 2 - 4, {b: "c"}]}; import "a" as a {x: null}; a::a"#)
        == nil)
    // jq 1.8.2 folds `2 - 4` into a constant, and not `-2`: a negation it runs.
    #expect(
      Self.compileError(#"module {a: [1, -2]}; 0"#)?.message == "Module metadata must be constant")
  }

  @Test("modulemeta lists metadata, deps and defs; get_search_list the configured paths")
  func modulemeta() throws {
    let meta = try Self.query(#""a" | modulemeta"#).values(on: .null)
    #expect(meta == [["version": 1.7, "deps": [], "defs": ["a/0"]]])
    #expect(throws: QueryError.self) { try Self.query(#""nope" | modulemeta"#).values(on: .null) }
    #expect(
      try Self.query("get_search_list", paths: ["~/.jq", "/x"]).values(on: .null) == [
        ["~/.jq", "/x"]
      ])
  }
}

/// Files under a fresh temporary directory, removed when the value goes away.
final class FileTree {
  let root: String

  init(_ files: [String: String]) throws {
    root =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("jsonquery-modules-\(UUID().uuidString)").resolvingSymlinksInPath()
      .path
    for (name, contents) in files {
      let url = URL(fileURLWithPath: path(name))
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: url)
    }
  }

  deinit { try? FileManager.default.removeItem(atPath: root) }

  func path(_ name: String) -> String { root + "/" + name }
}
