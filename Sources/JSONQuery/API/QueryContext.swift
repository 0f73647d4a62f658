import JSONKitCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Foundation
#endif

/// The environment of one run: variables, inputs for `input`/`inputs`, message sinks.
///
/// ```swift
/// var context = QueryContext()
/// context.variables["name"] = "Ada"
/// let results = try Query("$name", options: QueryOptions(variableNames: ["name"]))
///   .values(on: .null, context: context)   // ["Ada"]
/// ```
///
/// A value type whose fields live in one shared box, copied when a copy is changed: every
/// run takes the context, and a command line runs once per input, so passing it costs one
/// reference count, not one per field.
public struct QueryContext {
  /// The fields; shared between copies until one of them changes.
  private final class Storage {
    var variables: [String: JSON] = [:]
    var nextInput: () throws(QueryError) -> JSON? = { () throws(QueryError) -> JSON? in nil }
    var inputFilename: () -> JSON = { .null }
    var inputLineNumber: () -> JSON = { JSON(0) }
    var debugMessage: (JSON) -> Void = { _ in }
    var stderrMessage: (JSON) -> Void = { _ in }
    /// `nil`: the process's environment, read only when `$ENV` or `env` asks for it.
    var environment: [String: String]?

    func copy() -> Storage {
      let copy = Storage()
      copy.environment = environment
      copy.variables = variables
      copy.nextInput = nextInput
      copy.inputFilename = inputFilename
      copy.inputLineNumber = inputLineNumber
      copy.debugMessage = debugMessage
      copy.stderrMessage = stderrMessage
      return copy
    }
  }

  private var storage: Storage

  /// The box, made unique first: for the setters.
  private var writable: Storage {
    mutating get {
      if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
      return storage
    }
  }

  /// Name (without `$`) to value: `$ARGS`, the `--arg` ones, `$__prog_args` and others.
  public var variables: [String: JSON] {
    get { storage.variables }
    set { writable.variables = newValue }
  }
  /// The next input for `input` / `inputs`; `nil` when there are no more.
  public var nextInput: () throws(QueryError) -> JSON? {
    get { storage.nextInput }
    set { writable.nextInput = newValue }
  }
  /// `input_filename` (null for stdin).
  public var inputFilename: () -> JSON {
    get { storage.inputFilename }
    set { writable.inputFilename = newValue }
  }
  /// `input_line_number` (0 when unknown).
  public var inputLineNumber: () -> JSON {
    get { storage.inputLineNumber }
    set { writable.inputLineNumber = newValue }
  }
  /// `debug` and `debug(msg)` hand their value here.
  public var debugMessage: (JSON) -> Void {
    get { storage.debugMessage }
    set { writable.debugMessage = newValue }
  }
  /// `stderr` hands its value here.
  public var stderrMessage: (JSON) -> Void {
    get { storage.stderrMessage }
    set { writable.stderrMessage = newValue }
  }
  /// `$ENV` and `env`: the process's environment variables unless set.
  public var environment: [String: String] {
    get { storage.environment ?? Self.processEnvironment }
    set { writable.environment = newValue }
  }

  /// An empty environment: no variables, no further inputs, `debug` and `stderr` messages
  /// dropped, and the process's environment variables for `$ENV`.
  public init() {
    storage = Storage()
  }

  /// The process's environment variables, read once, when a program first uses `$ENV` or
  /// `env`: reading them (through `ProcessInfo`) was a fifth of a `jsonkit` run on a tiny
  /// input, and most programs never look.
  ///
  /// Of a name set twice, the first (as `getenv`).
  static let processEnvironment: [String: String] = {
    #if canImport(Glibc) || canImport(Musl)
      var variables: [String: String] = [:]
      var entry: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = environ
      while let pointer = entry.pointee {
        let text = String(cString: pointer)
        if let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) {
          let name = String(text[..<equals])
          if variables[name] == nil {
            variables[name] = String(text[text.utf8.index(after: equals)...])
          }
        }
        // Safe: `environ` ends with a null pointer, which ends the loop before `entry` passes it.
        entry += 1
      }
      return variables
    #else
      return ProcessInfo.processInfo.environment
    #endif
  }()
}
