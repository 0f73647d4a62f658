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
/// jsonkit: error: syntax error, unexpected end of program at <top-level>, line 1, column 5:
///     .a |
///         ^
/// jsonkit: 1 compile error
/// ```
enum CompileErrorReport {
  /// `program` is the program's text; an error in a module file is shown from that file.
  static func text(for error: QueryError, program: String) -> String {
    guard let location = error.location else {
      return "jsonkit: error: \(error.message)\njsonkit: 1 compile error\n"
    }
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
      // Columns count characters; a tab keeps its width by being copied.
      let prefix = line.prefix(max(0, location.column - 1)).map { $0 == "\t" ? "\t" : " " }.joined()
      let token = source.utf8.dropFirst(location.offset).prefix(location.length)
      let width = max(1, String(decoding: token, as: UTF8.self).prefix { $0 != "\n" }.count)
      text += "    \(prefix)\(String(repeating: "^", count: width))\n"
    }
    return text + "jsonkit: 1 compile error\n"
  }
}
