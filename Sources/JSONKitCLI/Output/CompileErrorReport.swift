import JSONQuery

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The text of a compile error: the message, then the program line with a caret under
/// the offending token, as jq 1.8 shows it.
///
/// ```
/// jsonkit: error: syntax error, unexpected end of file at <top-level>, line 1, column 4:
///     .a |
///        ^
/// jsonkit: 1 compile error
/// ```
enum CompileErrorReport {
  /// The report of `error` and the errors found after it.
  ///
  /// `program` is the program's text; an error in a module file is shown from that file.
  /// Every error is shown (jq reports each undefined name, and a syntax error's follow-on
  /// hint), then how many there were.
  static func text(for error: QueryError, program: String) -> String {
    let errors = [error] + error.additionalErrors
    let count = errors.count == 1 ? "1 compile error" : "\(errors.count) compile errors"
    return errors.map { block(for: $0, program: program) }.joined() + "jsonkit: \(count)\n"
  }

  /// The messages jq's linker reports about an `import` or `include`, with no place (the
  /// library keeps the directive's) and a blank line after them (its message ends in a
  /// newline, and its printer adds one).
  private static let linkerMessages = [
    "module not found: ", "circular import of ", "Module path contains a NUL byte",
    "Modules must be named by relative paths", "Relative paths to modules may not",
    "module names must not have equal consecutive components",
  ]

  /// One error's lines.
  private static func block(for error: QueryError, program: String) -> String {
    let message = error.message
    if message.hasPrefix("error loading data file ") { return "jsonkit: \(message)\n\n" }
    if linkerMessages.contains(where: message.hasPrefix) { return "jsonkit: error: \(message)\n\n" }
    guard let location = error.location else { return "jsonkit: error: \(message)\n" }
    let place = error.sourceFile ?? "<top-level>"
    let source =
      error.sourceFile.map { file in
        FileManager.default.contents(atPath: file).map { String(decoding: $0, as: UTF8.self) } ?? ""
      } ?? program
    var text =
      "jsonkit: error: \(error.message) at \(place), line \(location.line), column \(location.column):\n"
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    if location.line >= 1 && location.line <= lines.count {
      let line = lines[location.line - 1]
      text += "    \(line)\n"
      // As jq's: a space per byte before the token (a tab or an `é` included), then a
      // caret per byte of it, up to the end of its line.
      let prefix = String(repeating: " ", count: max(0, location.column - 1))
      let rest = source.utf8.dropFirst(location.offset)
      let lineEnd =
        rest.firstIndex(of: UInt8(ascii: "\n")).map { rest.distance(from: rest.startIndex, to: $0) }
        ?? rest.count
      let width = max(1, min(location.length, lineEnd))
      text += "    \(prefix)\(String(repeating: "^", count: width))\n"
    }
    return text
  }
}
