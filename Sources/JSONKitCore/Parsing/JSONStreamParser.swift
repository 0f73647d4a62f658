#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
  /// Whether the parser hands out stream events (`Output.streamEvents`).
  private let events: Bool

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

  /// Creates a parser.
  ///
  /// `allowMultipleValues` is implied; `allowTrailingGarbage` is ignored.
  ///
  /// ```swift
  /// // A server reading NDJSON from clients: no value may be longer than 1 MiB.
  /// let parser = JSONStreamParser(maxValueBytes: 1 << 20)
  /// ```
  ///
  /// - Parameters:
  ///   - options: as for `JSONParser`.
  ///   - output: whole values (the default) or jq's stream events.
  ///   - maxValueBytes: the most bytes one value may span (counted from the end of the value
  ///     before it, white space included); a longer one throws
  ///     `JSONError.ParseFailure.valueTooLarge` once the limit is passed, so memory stays
  ///     bounded by the limit plus one chunk whatever a client sends. `nil` (the default
  ///     here, for files and pipes you trust): no limit. `jsonValues()` and its siblings
  ///     default to ``defaultMaxValueBytes``. Values output only.
  public init(
    options: JSONParser.Options = .default, output: Output = .values, maxValueBytes: Int? = nil
  ) {
    var options = options
    options.allowMultipleValues = true
    events = output == .streamEvents
    core = ParserCore(
      options: options, expectedSize: 0, streaming: true, events: output == .streamEvents)
    if output == .values { core.maxValueBytes = maxValueBytes }
  }

  /// The longest value `jsonValues()`, `decodedValues(_:)` and `mappedValues(_:)` accept
  /// unless told otherwise: 4 MiB (4,194,304 bytes).
  ///
  /// ```swift
  /// for try await event in body.jsonValues(maxValueBytes: 16 * 1024 * 1024) { … }
  /// ```
  public static let defaultMaxValueBytes = 4 * 1024 * 1024

  /// A parser for input that begins at byte `byte` of a longer stream, `column` bytes into
  /// line `line`: its errors and value lines are the ones a parser of the whole stream
  /// reports.
  ///
  /// For `jsonkit`'s parallel runs, which cut the input into batches at line
  /// starts, and for its reading after a value only jq's reader takes.
  package convenience init(
    options: JSONParser.Options, output: Output, startingAtByte byte: Int, line: Int,
    column: Int = 0
  ) {
    self.init(options: options, output: output)
    core.start(atByte: byte, line: line, column: column)
    core.builder.pointee.events.countedOffset = byte
    core.builder.pointee.events.countedLines = line - 1
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
      afterChunk()
    } catch {
      settleEvents()
      let values = take()
      if values.isEmpty { throw error }
      return values
    }
    return take()
  }

  /// Stream events: hands out the leaf jq would have handed out by the end of the chunk.
  private func afterChunk() {
    if events { _ = core.builder.pointee.flushPendingLeafAfterChunk() }
  }

  /// Stream events, after an error: hands out the leaf jq handed out before it, if any.
  private func settleEvents() {
    guard events else { return }
    let builder = core.builder
    if builder.pointee.events.pendingBeforeError { _ = builder.pointee.flushPendingLeaf() }
    builder.pointee.events.pendingLeaf = nil
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
    try finish(taking: core.takeValues)
  }

  /// Ends the parse once and takes what it completed; stream events then hand out the last
  /// pending leaf (a top-level number).
  ///
  /// Events handed out before an error come first, and
  /// the error from the next call.
  private func finish<T>(taking take: () -> [T]) throws(JSONError) -> [T] {
    if let deferredError { throw deferredError }
    if finished { return [] }
    finished = true
    do {
      try core.finish()
    } catch {
      settleEvents()
      let values = take()
      if values.isEmpty { throw error }
      deferredError = error
      return values
    }
    if events { _ = core.builder.pointee.flushPendingLeaf() }
    return take()
  }

  private var finished = false
  private var deferredError: JSONError?

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
    try finish(taking: core.takeValuesWithLines)
  }

  // MARK: Events to a sink

  /// Stream events only: parses `chunk` and hands each event to `body` as soon as it is
  /// read, with the line its last token ends on (see `feedWithLines`), without collecting
  /// them.
  ///
  /// An event that `body` does not keep is written over by the next one, so a run
  /// that looks at each event and lets it go allocates nothing per event. `body` must not
  /// call back into this parser.
  ///
  /// - Returns: `false` when `body` asked to stop (by returning `false`).
  /// - Throws: `JSONError`, after `body` has seen every event before it.
  package func feedEvents(
    _ chunk: UnsafeRawBufferPointer, to body: (JSON, _ line: Int) -> Bool
  ) throws(JSONError) -> Bool {
    try withSink(body) { () throws(JSONError) in
      try feed(chunk, taking: { () -> [JSON] in [] })
    }
  }

  /// `finish` for `feedEvents`: the last events (a top-level number), to `body`.
  package func finishEvents(to body: (JSON, _ line: Int) -> Bool) throws(JSONError) -> Bool {
    try withSink(body) { () throws(JSONError) in try finish(taking: { () -> [JSON] in [] }) }
  }

  /// Runs `work` with `body` as the builder's sink.
  private func withSink(
    _ body: (JSON, Int) -> Bool, _ work: () throws(JSONError) -> [JSON]
  ) throws(JSONError) -> Bool {
    // Safe: the sink is cleared (`defer`) before the closure returns, so `body` is not kept past
    // it.
    assert(events, "feedEvents needs Output.streamEvents")
    let builder = core.builder
    builder.pointee.events.linesBeforeChunk = core.newlines
    // (A `throws(JSONError)` closure returning Void crashes the 6.3.1 compiler: use Result.)
    let result = withoutActuallyEscaping(body) { body -> Result<[JSON], JSONError> in
      builder.pointee.events.sink = body
      defer { builder.pointee.events.sink = nil }
      do throws(JSONError) {
        return .success(try work())
      } catch {
        return .failure(error)
      }
    }
    if builder.pointee.events.stopped { return false }
    _ = try result.get()
    return true
  }

  /// Stream events with `--stream-errors`: jq's path at the last parse error (where an
  /// array's index moves at each ',' and an object's key is set at ':' and cleared at ','),
  /// for the `[message, path]` event jq 1.8 hands out instead of failing.
  package var errorPath: JSON? {
    core.builder.pointee.events.errorPath.map { JSON(array: $0) }
  }

  /// Bytes fed so far.
  public var bytesConsumed: Int { core.bytesFed }

  /// The newlines read so far (in the whole stream, when it started at a later line): the
  /// lines of the values handed out up to here that are closed.
  ///
  /// jq's reader counts a
  /// value's line only once the line's newline is read.
  package var newlinesRead: Int { core.newlines }

  /// The bytes fed since the last newline.
  package var bytesSinceNewline: Int { core.bytesFed - core.lastNewline - 1 }

  /// Values only: the offset in the stream just after the last value handed out (the start
  /// offset before any), where the text of the next one begins.
  package var endOfLastValue: Int { core.endOfTakenValues }

  /// Values only: the offset just after each value the last call handed out, in order.
  package var endsOfLastValues: [Int] { core.endsOfTakenValues }

  /// Top-level values completed so far.
  public var valueCount: Int { core.valueCount }
}
