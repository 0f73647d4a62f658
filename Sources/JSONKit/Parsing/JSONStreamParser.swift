import Foundation

/// A push parser: feed it chunks of any size, as they arrive from a file, a pipe or a
/// socket, and it hands back each top-level value as soon as it is complete.
///
/// NDJSON and concatenated values (`{"a":1}{"a":2}`, `1 2 3`) both work. Memory is bounded
/// by the largest single value: each value is its own document, released when you drop it.
///
/// ```swift
/// let parser = JSONStreamParser()
/// for chunk in chunks {                       // e.g. 64 KiB reads from a socket
///   for value in try parser.feed(chunk) { handle(value) }
/// }
/// for value in try parser.finish() { handle(value) }   // a trailing bare number, say
/// ```
///
/// After an error, every further call throws the same error. Not thread-safe: feed one
/// parser from one task at a time.
public final class JSONStreamParser {
  private let core: ParserCore

  /// What the parser hands back.
  public enum Output: Sendable {
    /// Each top-level value, whole.
    case values
    /// jq's `--stream` events, as the text is read: `[path, leaf]` for each scalar and
    /// empty container, and `[path]` when a non-empty container closes (`path` ending at
    /// its last member), exactly as jq's `tostream` gives them for each value. Nothing of
    /// the document is kept, so memory stays flat however large one value is; events
    /// before a syntax error are handed back before the error. A projection is ignored.
    ///
    /// ```swift
    /// let parser = JSONStreamParser(output: .streamEvents)
    /// let events = try parser.feed(Array(#"{"a":[1,{}]}"#.utf8)) + parser.finish()
    /// // [["a",0],1], [["a",1],{}], [["a",1]], [["a"]]
    /// ```
    case streamEvents
  }

  /// Creates a parser. `allowMultipleValues` is implied; `allowTrailingGarbage` is ignored.
  ///
  /// - Parameters:
  ///   - options: as for `JSONParser`.
  ///   - output: whole values (the default) or jq's stream events.
  public init(options: JSONParser.Options = .default, output: Output = .values) {
    var options = options
    options.allowMultipleValues = true
    core = ParserCore(
      options: options, expectedSize: 0, streaming: true, events: output == .streamEvents)
  }

  /// A parser for input that begins at byte `byte`, the start of line `line`, of a longer
  /// stream: its errors and value lines are the ones a parser of the whole stream reports.
  /// For `jsonkit`'s parallel runs, which cut the input into batches at line starts.
  package convenience init(
    options: JSONParser.Options, output: Output, startingAtByte byte: Int, line: Int
  ) {
    self.init(options: options, output: output)
    core.start(atByte: byte, line: line)
  }

  /// Parses the next chunk and returns the values it completed, in order.
  ///
  /// When the chunk completes some values and then has an error, this call returns those
  /// values and the error is thrown by the next call (`feed` or `finish`), so no value
  /// that was complete before the error is lost (NDJSON line 3 being bad does not lose
  /// lines 1 and 2).
  ///
  /// - Throws: `JSONError` with the offset, line and column in the whole stream.
  @discardableResult
  public func feed(_ chunk: UnsafeRawBufferPointer) throws(JSONError) -> [JSON] {
    try feed(chunk, taking: core.takeValues)
  }

  /// Parses `chunk` and takes what it completed; an error waits for the next call when
  /// values came before it.
  private func feed<T>(_ chunk: UnsafeRawBufferPointer, taking take: () -> [T]) throws(JSONError)
    -> [T]
  {
    do {
      try core.feed(chunk)
    } catch {
      let values = take()
      if values.isEmpty { throw error }
      return values
    }
    return take()
  }

  /// Parses the next chunk and returns the values it completed, in order.
  @discardableResult
  public func feed(_ chunk: Data) throws(JSONError) -> [JSON] {
    do {
      return try chunk.withUnsafeBytes { bytes throws(JSONError) -> [JSON] in try feed(bytes) }
    } catch let error as JSONError {
      throw error
    } catch {
      fatalError("unreachable: \(error)")
    }
  }

  /// Parses the next chunk and returns the values it completed, in order.
  @discardableResult
  public func feed(_ chunk: [UInt8]) throws(JSONError) -> [JSON] {
    do {
      return try chunk.withUnsafeBytes { bytes throws(JSONError) -> [JSON] in try feed(bytes) }
    } catch let error as JSONError {
      throw error
    } catch {
      fatalError("unreachable: \(error)")
    }
  }

  /// Ends the stream and returns the last values (a top-level number is complete only
  /// when the input ends).
  ///
  /// - Throws: `JSONError.Reason.unexpectedEndOfInput` when a value is still open.
  public func finish() throws(JSONError) -> [JSON] {
    try core.finish()
    return core.takeValues()
  }

  /// `feed`, with the line (1-based, in the whole stream) on which each value's last token
  /// ends, as jq reports the place of an input: a value that ends on line 3 of an NDJSON
  /// stream is at line 3.
  ///
  /// ```swift
  /// for (value, line) in try parser.feedWithLines(chunk) { print(line, value) }
  /// ```
  public func feedWithLines(_ chunk: UnsafeRawBufferPointer) throws(JSONError) -> [(
    value: JSON, line: Int
  )] {
    try feed(chunk, taking: core.takeValuesWithLines)
  }

  /// `finish`, with the line of each value (see `feedWithLines`).
  public func finishWithLines() throws(JSONError) -> [(value: JSON, line: Int)] {
    try core.finish()
    return core.takeValuesWithLines()
  }

  /// Bytes fed so far.
  public var bytesConsumed: Int { core.bytesFed }

  /// Top-level values completed so far.
  public var valueCount: Int { core.valueCount }
}
