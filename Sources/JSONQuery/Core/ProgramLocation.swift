/// Where a token or an error sits in a jq program. (Not `SourceLocation`, which Swift
/// Testing exports: a test file importing both could not name either.)
///
/// ```swift
/// do { _ = try Query(".a |") } catch { error.location?.column } // 4
/// ```
public struct ProgramLocation: Sendable, Hashable {
  /// 1-based line.
  public var line: Int
  /// 1-based column, counted in UTF-8 bytes from the start of that line, as jq counts
  /// (`"é" | foo` has `foo` at column 8).
  public var column: Int
  /// UTF-8 offset from the start of the program.
  public var offset: Int
  /// UTF-8 length of the offending token (0 at the end of the program).
  public var length: Int

  /// A location; `line` and `column` count from 1, `offset` and `length` in UTF-8 bytes.
  public init(line: Int, column: Int, offset: Int, length: Int) {
    self.line = line
    self.column = column
    self.offset = offset
    self.length = length
  }
}
