import JSONKitCore

/// A parsed program or library file: its `module` metadata, its `import`/`include`
/// directives and what follows them.
struct ModuleSource: Sendable {
  /// `module {…};`, when given.
  var metadata: JSON?
  var imports: [ImportDirective]
  /// A library's top-level definitions, in order (empty for a program).
  var definitions: [FunctionDefinition]
  /// A program's body (`nil` for a library).
  var body: AST?
}

/// `import "path" as name;`, `import "path" as $name;` or `include "path";`, with optional
/// constant metadata (`{search: "./"}`).
struct ImportDirective: Sendable {
  /// The relative path as written, without `.jq` / `.json`.
  var path: String
  /// The namespace (`name::f`) or, for data, the variable; `nil` for `include`.
  var alias: String?
  /// `import … as $name`: a JSON file bound to `$name::name` and `$name`.
  var isData: Bool
  var metadata: JSON?
  /// Where the directive starts, for errors about it.
  var location: ProgramLocation
}
