import JSONKitCore

/// An error raised while compiling or running a jq program.
///
/// jq's errors carry a value: the message string of a built-in error
/// (`"null (null) and number (1) cannot be added"`), or whatever was given to `error`.
/// That value is what `try … catch .` sees, so it is kept as a `JSON`, not only as text.
///
/// ```swift
/// let error = QueryError.runtime("cannot iterate over null")
/// error.message                          // "cannot iterate over null"
/// QueryError(value: ["code": 7]).message // "{\"code\":7} (not a string)"
/// ```
public struct QueryError: Error, Sendable, CustomStringConvertible {
  /// Where the error comes from.
  public enum Kind: Sendable, Hashable {
    /// The program does not compile (syntax, unknown function or variable).
    case compile
    /// The program failed while running (`error`, a type error, a bad argument).
    case runtime
    /// `halt` (status 0, value null) or `halt_error` (status given, value = its input):
    /// the caller stops processing and exits with `status`.
    case halt(status: Int32)
  }

  /// Whether the program failed to compile, failed while running, or halted.
  public var kind: Kind
  /// The error's value: what `catch` binds.
  public var value: JSON
  /// Where a compile error was found; `nil` for runtime errors.
  public var location: ProgramLocation?
  /// The module file `location` is in; `nil` when it is in the program itself.
  public var sourceFile: String?
  /// Whether the run was stopped by a resource limit (`QueryOptions.limits`, or nesting
  /// deeper than the thread's stack allows) rather than by the program: `try`/`catch`, `?`,
  /// `//` and `?//` do not catch it, so the run always ends with it.
  public internal(set) var isResourceLimit = false
  /// The limit of `QueryLimits` the run passed (`.memory` also for the machine's budget of
  /// one step when no memory limit is set); `nil` for other errors, and for nesting
  /// deeper than the thread's stack allows.
  public internal(set) var exceededLimit: QueryLimits.Kind?
  /// The compile errors found after this one, in order.
  ///
  /// jq reports every one it finds (each undefined name, a syntax error's follow-on hint
  /// such as `Possibly unterminated 'if' statement`) and then `N compile errors`.
  ///
  /// ```swift
  /// do { _ = try Query("foo | bar") } catch {
  ///   [error] + error.additionalErrors  // "foo/0 is not defined", "bar/0 is not defined"
  /// }
  /// ```
  public internal(set) var additionalErrors: [QueryError] = []
  /// Whether the parser's error recovery has dealt with this syntax error.
  ///
  /// jq's bison grammar resumes at the innermost `error` rule: an outer construct adds no
  /// hint.
  var isRecovered = false
  /// Whether this is the compiler's report of an undefined name (`foo/0 is not defined`,
  /// `$x is not defined`, `$*label-x is not defined`): jq reports those before a function
  /// too long to compile (`Compiler.errors(of:before:)`).
  private(set) var isUndefinedName = false

  /// A runtime error whose value is `value` (jq's `error(value)`).
  public init(value: JSON, kind: Kind = .runtime) {
    self.value = value
    self.kind = kind
  }

  /// A runtime error with a message (jq's built-in errors).
  public static func runtime(_ message: String) -> QueryError {
    QueryError(value: JSON(message))
  }

  /// A runtime error that ends the run: see `isResourceLimit`; `limit` is the limit passed.
  static func resourceLimit(_ message: String, _ limit: QueryLimits.Kind? = nil) -> QueryError {
    var error = QueryError.runtime(message)
    error.isResourceLimit = true
    error.exceededLimit = limit
    return error
  }

  /// The text jq prints after `jq: error: `: the string itself, or the value as
  /// compact JSON followed by ` (not a string)`.
  public var message: String {
    if let text = value.string { return text }
    return JSONWriter(options: []).string(value) + " (not a string)"
  }

  /// A compile error at `location`.
  public static func compile(_ message: String, at location: ProgramLocation?) -> QueryError {
    var error = QueryError(value: JSON(message), kind: .compile)
    error.location = location
    return error
  }

  /// The compile error for `name` (`foo/0`, `$x`), undefined where it is used at `location`.
  static func undefinedName(_ name: String, at location: ProgramLocation?) -> QueryError {
    var error = QueryError.compile("\(name) is not defined", at: location)
    error.isUndefinedName = true
    return error
  }

  public var description: String { message }
}
