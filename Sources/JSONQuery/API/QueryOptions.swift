/// How a program is compiled.
///
/// ```swift
/// let query = try Query("$name", options: QueryOptions(variableNames: ["name"]))
/// ```
public struct QueryOptions: Sendable {
  /// Module search paths (`-L`), in order; jq's defaults are added by the CLI, not here.
  public var libraryPaths: [String]
  /// Names (without `$`) of variables the caller supplies at run time (`--arg x` → "x",
  /// plus "ARGS" and "__named"…); other free `$names` are compile errors, as in jq.
  public var variableNames: [String]

  public init(libraryPaths: [String] = [], variableNames: [String] = []) {
    self.libraryPaths = libraryPaths
    self.variableNames = variableNames
  }
}
