import JSONKit

/// Input that is not JSON as jq reads it: jq's message (`Invalid numeric literal at line 1,
/// column 4`), printed after `parse error: `, and where it is when the parser knows.
struct InputParseError: Error, CustomStringConvertible {
  let description: String
  /// Where the error is (byte, line, column); `nil` when only the message says.
  let location: JSONError.Location?

  /// An error of jq's reader (`JQTextParser.Reader`), whose message says where.
  init(message: String) {
    description = message
    location = nil
  }

  /// An error of yajl that jq's reader could not be asked about (see `ValueStream`).
  init(_ error: JSONError) {
    description = error.description
    location = error.location
  }
}
