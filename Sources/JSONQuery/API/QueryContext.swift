import Foundation
import JSONKit

/// The environment of one run: variables, inputs for `input`/`inputs`, message sinks.
///
/// ```swift
/// var context = QueryContext()
/// context.variables["name"] = "Ada"
/// let results = try Query("$name", options: QueryOptions(variableNames: ["name"]))
///   .values(on: .null, context: context)   // ["Ada"]
/// ```
public struct QueryContext {
  /// Name (without `$`) to value: `$ARGS`, `--arg` ones, `$__prog_args`…
  public var variables: [String: JSON]
  /// The next input for `input` / `inputs`; `nil` when there are no more.
  public var nextInput: () throws(QueryError) -> JSON?
  /// `input_filename` (null for stdin).
  public var inputFilename: () -> JSON
  /// `input_line_number` (0 when unknown).
  public var inputLineNumber: () -> JSON
  /// `debug` and `debug(msg)` hand their value here.
  public var debugMessage: (JSON) -> Void
  /// `stderr` hands its value here.
  public var stderrMessage: (JSON) -> Void
  /// `$ENV` and `env`.
  public var environment: [String: String]

  /// An empty environment: no variables, no further inputs, `debug` and `stderr` messages
  /// dropped, and the process's environment variables for `$ENV`.
  public init() {
    variables = [:]
    nextInput = { () throws(QueryError) -> JSON? in nil }
    inputFilename = { .null }
    inputLineNumber = { JSON(0) }
    debugMessage = { _ in }
    stderrMessage = { _ in }
    environment = ProcessInfo.processInfo.environment
  }
}
