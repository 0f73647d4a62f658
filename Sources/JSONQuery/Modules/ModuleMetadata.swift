import JSONKitCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `modulemeta`: a library's `module` metadata with its imports (`deps`) and definitions
/// (`defs`), found on the library search path.
///
/// ```
/// "c" | modulemeta
/// // {"whatever":null,"deps":[{"as":"foo","is_data":false,"relpath":"a"},…],"defs":["a/0","c/0"]}
/// ```
enum ModuleMetadata {
  static func describe(_ name: JSON, resolver: ModuleResolver) throws(QueryError) -> JSON {
    guard let path = name.string else {
      throw QueryError.runtime("modulemeta input module name must be a string")
    }
    if let problem = ModuleResolver.problem(with: path) { throw QueryError.runtime(problem) }
    guard let file = resolver.locate(path, suffix: ".jq", in: resolver.libraryDirectories) else {
      throw QueryError.runtime("module not found: \(path)")
    }
    guard let data = FileManager.default.contents(atPath: file) else {
      throw QueryError.runtime("could not read module \(file)")
    }
    let source: ModuleSource
    do {
      source = try Parser.parseLibrary(String(decoding: data, as: UTF8.self), fileName: file)
    } catch {
      throw QueryError.runtime("\(error.message) in \(file)")
    }
    var members = source.metadata.map(ValueOps.members) ?? []
    set("deps", JSON(array: source.imports.map(dependency)), in: &members)
    set("defs", JSON(array: source.definitions.map { JSON($0.key) }), in: &members)
    return ValueOps.object(members)
  }

  /// One import as jq lists it: its metadata, then `as`, `is_data` and `relpath`.
  private static func dependency(_ directive: ImportDirective) -> JSON {
    var members = directive.metadata.map(ValueOps.members) ?? []
    if let alias = directive.alias { set("as", JSON(alias), in: &members) }
    set("is_data", JSON(directive.isData), in: &members)
    set("relpath", JSON(directive.path), in: &members)
    return ValueOps.object(members)
  }

  /// Replaces the member `key` where it is, or appends it.
  private static func set(_ key: String, _ value: JSON, in members: inout [(String, JSON)]) {
    if let index = members.firstIndex(where: { $0.0 == key }) {
      members[index].1 = value
    } else {
      members.append((key, value))
    }
  }
}
