import JSONKit

/// Turns the chunks of one input into JSON values, each with the number of the line it ends
/// on (the line filter errors and `input_line_number` report, as jq's do).
///
/// Whole chunks go to the parser: it says on which line each value ends and hands back the
/// values completed before a syntax error, so a bad line in NDJSON does not swallow the
/// good lines before it. (Splitting the input at newlines to learn lines cost 4–5% of a
/// pretty-printed document's run in `memchr` alone.)
final class ValueStream {
  private let parser: JSONStreamParser

  /// - Parameter events: jq's `--stream` events instead of values, made while the text is
  ///   read (see `JSONStreamParser.Output.streamEvents`).
  init(options: JSONParser.Options = .default, events: Bool = false) {
    parser = JSONStreamParser(options: options, output: events ? .streamEvents : .values)
  }

  /// Values (or events) of input that starts at byte `byte`, the start of line `line`, of
  /// a file: a parallel run's batch, or the input after a `--stream-errors` error, whose
  /// errors and lines must be the whole file's.
  init(options: JSONParser.Options, events: Bool = false, startingAtByte byte: Int, line: Int) {
    parser = JSONStreamParser(
      options: options, output: events ? .streamEvents : .values, startingAtByte: byte,
      line: line)
  }

  /// Feeds `chunk`, calling `body` with each completed value and its line, in order.
  ///
  /// - Returns: `false` when `body` asked to stop (by returning `false`).
  /// - Throws: the parser's `JSONError`, after `body` has seen every value before it.
  func feed(
    _ chunk: UnsafeRawBufferPointer, to body: (JSON, _ line: Int) -> Bool
  ) throws(JSONError) -> Bool {
    var values = try parser.feedWithLines(chunk)
    while !values.isEmpty {
      for (value, line) in values where !body(value, line) { return false }
      // A syntax error after these values is thrown by the next call.
      values = try parser.feedWithLines(UnsafeRawBufferPointer(start: nil, count: 0))
    }
    return true
  }

  /// Ends the input and hands `body` the last value, if one was still open (a top-level
  /// number is complete only when the input ends).
  func finish(to body: (JSON, _ line: Int) -> Bool) throws(JSONError) {
    var values = try parser.finishWithLines()
    while !values.isEmpty {
      for (value, line) in values where !body(value, line) { return }
      // A syntax error after these values (events) is thrown by the next call.
      values = try parser.finishWithLines()
    }
  }

  /// Stream events: feeds `chunk`, calling `body` with each event as the parser reads it
  /// (none is collected: see `JSONStreamParser.feedEvents`). `body` must not read from
  /// this stream.
  ///
  /// - Returns: `false` when `body` asked to stop.
  func feedEvents(
    _ chunk: UnsafeRawBufferPointer, to body: (JSON, _ line: Int) -> Bool
  ) throws(JSONError) -> Bool {
    try parser.feedEvents(chunk, to: body)
  }

  /// `finish` for `feedEvents`.
  func finishEvents(to body: (JSON, _ line: Int) -> Bool) throws(JSONError) -> Bool {
    try parser.finishEvents(to: body)
  }

  /// Bytes fed so far (the offset of the next chunk's first byte in the whole input).
  var bytesConsumed: Int { parser.bytesConsumed }

  /// `--stream-errors`: jq's path at the parse error just thrown.
  var errorPath: JSON { parser.errorPath ?? JSON(array: []) }
}
