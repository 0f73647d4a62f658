import JSONKitCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a list of `import`/`include` directives brings into scope: functions under
/// "ns::name/arity" (or "name/arity" for an include) and data variables.
struct ImportedNames {
  var functions: [String: FunctionRef] = [:]
  var variables: [String: JSON] = [:]

  /// What code below these directives sees besides its own scopes: these names over
  /// `prelude`'s, and the variables the caller supplies at run time.
  func globals(_ prelude: CompiledPrelude, contextVariables: Set<String> = []) -> Globals {
    Globals(
      functions: prelude.refs.merging(functions) { _, imported in imported },
      constants: variables, contextVariables: contextVariables)
  }
}

/// A library after loading: its definitions, compiled into the loader's table.
struct LoadedModule: Sendable {
  /// By "name/arity"; of two definitions with one key, the later.
  let exports: [String: FunctionRef]
}

/// Loads the modules one program needs, during its compilation.
///
/// Each library file is read, parsed and checked once per compilation, however many
/// modules import it; a file that imports itself, directly or not, is an error
/// ("circular import of …") rather than a loop. The libraries' definitions are compiled into
/// `table`, which the program's own definitions then join; the loader is thrown away.
final class ModuleLoader {
  let resolver: ModuleResolver
  /// The prelude every library's definitions (and then the program's) see.
  let prelude: CompiledPrelude
  /// The definitions of every library loaded, then of the program.
  let table = FunctionTable(isPrelude: false)
  /// Loaded libraries and data files by resolved path.
  private var libraries: [String: LoadedModule] = [:]
  private var dataFiles: [String: JSON] = [:]
  /// Libraries whose imports are being loaded (to find cycles).
  private var loading: Set<String> = []

  init(resolver: ModuleResolver, prelude: CompiledPrelude = Prelude.whole) {
    self.resolver = resolver
    self.prelude = prelude
  }

  /// The names `program`'s directives bring in, relative search paths being relative to
  /// `directory`; first, when `includeHomeFile` and `~/.jq` is a file, its definitions.
  func link(program: ModuleSource, directory: String, includeHomeFile: Bool) throws(QueryError)
    -> ImportedNames
  {
    var names = ImportedNames()
    if includeHomeFile, let file = resolver.homeFile {
      guard let module = try library(at: file) else {
        throw QueryError.compile("could not read module \(file)", at: nil)
      }
      names.functions.merge(module.exports) { _, later in later }
    }
    try bind(program.imports, directory: directory, file: nil, into: &names)
    return names
  }

  /// Resolves and loads each directive in order; a later one shadows an earlier one.
  private func bind(
    _ imports: [ImportDirective], directory: String, file: String?, into names: inout ImportedNames
  ) throws(QueryError) {
    for directive in imports {
      func failure(_ message: String) -> QueryError {
        var error = QueryError.compile(message, at: directive.location)
        error.sourceFile = file
        return error
      }
      if let problem = ModuleResolver.problem(with: directive.path) { throw failure(problem) }
      let directories = resolver.searchDirectories(for: directive, importerDirectory: directory)
      guard
        let path = resolver.locate(
          directive.path, suffix: directive.isData ? ".json" : ".jq", in: directories)
      else { throw failure("module not found: \(directive.path)") }
      if directive.isData, let alias = directive.alias {
        let value: JSON
        switch dataFile(at: path) {
        case .success(let values): value = values
        case .failure(let problem):
          throw failure("error loading data file \(path): \(problem.message)")
        }
        names.variables["\(alias)::\(alias)"] = value
        names.variables[alias] = value
        continue
      }
      if loading.contains(path) { throw failure("circular import of \(path)") }
      guard let module = try library(at: path) else {
        throw failure("could not read module \(path)")
      }
      for (key, ref) in module.exports {
        names.functions[directive.alias.map { "\($0)::\(key)" } ?? key] = ref
      }
    }
  }

  /// Every JSON value in the file at `path`, in an array, read as jq reads it; or why it
  /// cannot be read (jq's parse error, `Unfinished JSON term at EOF at line 2, column 0`).
  private func dataFile(at path: String) -> Result<JSON, DataFileProblem> {
    if let cached = dataFiles[path] { return .success(cached) }
    guard let data = FileManager.default.contents(atPath: path) else {
      return .failure(DataFileProblem(message: "Could not open \(path)"))
    }
    let (values, problem) = JQTextParser.parseAll([UInt8](data))
    if let problem { return .failure(DataFileProblem(message: problem)) }
    let value = JSON(array: values)
    dataFiles[path] = value
    return .success(value)
  }

  /// Why a data module could not be read.
  private struct DataFileProblem: Error {
    let message: String
  }

  /// The library at `path`, loaded with its own imports; `nil` if the file cannot be read.
  ///
  /// Errors found in the file name it.
  private func library(at path: String) throws(QueryError) -> LoadedModule? {
    if let cached = libraries[path] { return cached }
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    loading.insert(path)
    defer { loading.remove(path) }
    do {
      let source = try Parser.parseLibrary(String(decoding: data, as: UTF8.self), fileName: path)
      var names = ImportedNames()
      let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
      try bind(source.imports, directory: directory, file: path, into: &names)
      let exports = try Compiler(globals: names.globals(prelude), table: table, prelude: prelude)
        .compileLibrary(
          source.definitions)
      let module = LoadedModule(exports: exports)
      libraries[path] = module
      return module
    } catch {
      var error = error
      if error.sourceFile == nil { error.sourceFile = path }
      throw error
    }
  }
}
