import JSONKitCore

/// Input that is not JSON as jq reads it: jq's message (`Invalid numeric literal at line 1,
/// column 4`), printed after `parse error: `, and where it is when the parser knows.
struct InputParseError: Error, CustomStringConvertible {
  let description: String
  /// Where the error is (byte, line, column); `nil` when only the message says.
  let location: JSONError.Location?
  /// The input line jq reports for it (`input_line_number`, `(at <stdin>:N)`): the lines
  /// read when it failed; `nil` when it is `location`'s.
  let inputLine: Int?
  /// The line jq's parser counts on from after it: the newline dropped with the rest of
  /// the line (`--stream-errors`) is not counted.
  let messageLine: Int?

  /// An error of jq's reader (`JQTextParser.Reader`), whose message says where.
  init(message: String) {
    description = message
    location = nil
    inputLine = nil
    messageLine = nil
  }

  /// An error of jq's streaming reader, at the byte where it was found.
  init(message: String, location: JSONError.Location, inputLine: Int, messageLine: Int) {
    description = message
    self.location = location
    self.inputLine = inputLine
    self.messageLine = messageLine
  }

  /// An error of yajl that jq's reader could not be asked about (see `ValueStream`).
  init(_ error: JSONError) {
    description = error.description
    location = error.location
    inputLine = nil
    messageLine = nil
  }
}
