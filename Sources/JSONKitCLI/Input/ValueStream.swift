import JSONKitCore

/// Turns the chunks of one input into JSON values, each with the number of the line it ends
/// on (the line filter errors and `input_line_number` report, as jq's do).
///
/// Whole chunks go to the parser: it says on which line each value ends and hands back the
/// values completed before a syntax error, so a bad line in NDJSON does not swallow the
/// good lines before it. (Splitting the input at newlines to learn lines cost 4–5% of a
/// pretty-printed document's run in `memchr` alone.)
///
/// Values are read by yajl, which takes only JSON. jq 1.8's reader takes more: `nan`,
/// `NaN`, `-Infinity`, `01`, `.5`, `+1` are numbers for it. So when yajl refuses a value,
/// its text (kept from the end of the value before it, see `retained`) goes to jq's own
/// reader (`JQTextParser.Reader`), which reads it as jq does, or fails with jq's message
/// and place; once that reader is between values again, yajl takes over. Valid JSON never
/// leaves yajl. `--stream` events are made by jq's reader in its streaming mode
/// (`JQTextParser.StreamReader`), whose messages and places for invalid text are its own.
final class ValueStream {
  private var parser: JSONStreamParser
  private let options: JSONParser.Options
  private let events: Bool
  /// After yajl refused a value: jq's reader, until it is between values again.
  private var lenient: JQTextParser.Reader?
  /// `--stream`: jq's streaming reader, which reads all of the text (yajl reads none).
  private var streaming: JQTextParser.StreamReader?
  /// The input's line less the streaming reader's for the same byte: jq's parser does not
  /// count the newline of a line it dropped after an error (see `InputParseError`).
  private var streamingLineOffset = 0
  /// The offset of the next byte fed.
  private var fed: Int
  /// The line the last value handed out ends on (where the text of the next one starts).
  private var anchorLine: Int
  /// The bytes from `retainedStart` up to `fed`, where `retainedStart` is at most the end
  /// of the last value handed out and `retainedColumn` bytes into its line; `nil` when
  /// they were more than `retainLimit` (a value or line that long: then yajl's error
  /// stands).
  ///
  /// For NDJSON it is the part of the last line in the chunk.
  private var retained: [UInt8]? = []
  private var retainedStart: Int
  private var retainedColumn = 0
  /// Values read whose line is not closed yet, in order (see `release`).
  private var held: [(value: JSON, line: Int)] = []
  /// The newlines in the text read so far: the lines that are closed.
  private var closedLines: Int
  /// The most text kept for jq's reader: a value that refuses yajl beyond it is yajl's
  /// error, and memory stays bounded when one document is read in pieces.
  static let retainLimit = 1 << 20

  /// A stream with nothing read yet.
  ///
  /// - Parameters:
  ///   - options: how the text is parsed.
  ///   - events: jq's `--stream` events instead of values, made while the text is
  ///     read (see `JSONStreamParser.Output.streamEvents`).
  init(options: JSONParser.Options = .default, events: Bool = false) {
    self.options = options
    self.events = events
    parser = JSONStreamParser(options: options, output: events ? .streamEvents : .values)
    if events { streaming = JQTextParser.StreamReader() }
    fed = 0
    anchorLine = 1
    retainedStart = 0
    closedLines = 0
  }

  /// Values (or events) of input that starts at byte `byte`, the start of line `line`, of
  /// a file: a parallel run's batch, or the input after a `--stream-errors` error, whose
  /// errors and lines must be the whole file's.
  ///
  /// With `--stream`, jq's parser counts lines from `messageLine` (see `InputParseError`).
  init(
    options: JSONParser.Options, events: Bool = false, startingAtByte byte: Int, line: Int,
    messageLine: Int? = nil
  ) {
    self.options = options
    self.events = events
    parser = JSONStreamParser(
      options: options, output: events ? .streamEvents : .values, startingAtByte: byte,
      line: line)
    if events {
      streaming = JQTextParser.StreamReader(line: messageLine ?? line)
      streamingLineOffset = line - (messageLine ?? line)
    }
    fed = byte
    anchorLine = line
    retainedStart = byte
    closedLines = line - 1
  }

  /// Feeds `chunk`, calling `body` with each completed value and its line, in order.
  ///
  /// - Returns: `false` when `body` asked to stop (by returning `false`).
  /// - Throws: jq's error for the text, after `body` has seen every value before it.
  func feed(
    _ chunk: UnsafeRawBufferPointer, to body: (JSON, _ line: Int) -> Bool
  ) throws(InputParseError) -> Bool {
    let offset = fed
    fed += chunk.count
    if streaming != nil { return try readEvents(chunk, at: offset, to: body) }
    guard try read(chunk, at: offset, to: body) else { return false }
    return release(to: body, atEnd: false)
  }

  // MARK: Lines

  /// Hands `value` to `body` now if its line is closed and none waits before it, or keeps
  /// it until its line is (see `release`).
  private func hand(_ value: JSON, line: Int, to body: (JSON, _ line: Int) -> Bool) -> Bool {
    if held.isEmpty && line <= closedLines { return body(value, line) }
    held.append((value, line))
    return true
  }

  /// Hands `body` the values kept whose line is now closed.
  ///
  /// jq reads its input a line at a
  /// time (`fgets`, at most 4,091 bytes) and counts a line once it has read its newline, so
  /// a value is at the line of its last byte when that line's newline came with it, and at
  /// the line before otherwise: on a last line without a newline (`atEnd`), or in a line
  /// longer than jq's buffer.
  private func release(to body: (JSON, _ line: Int) -> Bool, atEnd: Bool) -> Bool {
    guard !held.isEmpty else { return true }
    let all = atEnd || openLineLength > Self.jqLineBuffer
    var taken = 0
    defer { held.removeFirst(taken) }
    for (value, line) in held {
      if line > closedLines && !all { break }
      taken += 1
      if !body(value, min(line, closedLines)) { return false }
    }
    return true
  }

  /// The most bytes of a line jq reads at once (its 4,096-byte buffer, less room for a
  /// UTF-8 character and the terminating NUL).
  private static let jqLineBuffer = 4091

  /// The bytes read since the last newline.
  private var openLineLength: Int {
    if let lenient { return lenient.column }
    if let streaming { return streaming.openLineLength }
    return parser.bytesSinceNewline
  }

  // MARK: Reading

  /// The most bytes handed to yajl at once.
  ///
  /// After each value jq's reader took, yajl starts
  /// again on the rest of what it was given, and counts that rest's newlines first: given a
  /// 1 MiB batch, NDJSON with a `nan` on every third line cost time quadratic in the batch.
  static let feedWindow = 64 << 10

  /// Reads `piece`, the bytes at `offset`, with yajl or with jq's reader, at most
  /// `feedWindow` bytes at a time.
  private func read(
    _ piece: UnsafeRawBufferPointer, at offset: Int, to body: (JSON, _ line: Int) -> Bool
  ) throws(InputParseError) -> Bool {
    // Safe: `start < end <= piece.count`, so each window is in `piece`.
    var start = 0
    repeat {
      let end = min(start + Self.feedWindow, piece.count)
      let window = UnsafeRawBufferPointer(rebasing: piece[start..<end])
      guard try readWindow(window, at: offset + start, to: body) else { return false }
      start = end
    } while start < piece.count
    return true
  }

  /// `read` of at most `feedWindow` bytes.
  private func readWindow(
    _ piece: UnsafeRawBufferPointer, at offset: Int, to body: (JSON, _ line: Int) -> Bool
  ) throws(InputParseError) -> Bool {
    if lenient != nil { return try readLeniently(piece, at: offset, to: body) }
    var start = parser.endOfLastValue
    var joined: RefusedText?
    do throws(JSONError) {
      var values = try parser.feedWithLines(piece)
      taking: while !values.isEmpty {
        closedLines = parser.newlinesRead
        guard release(to: body, atEnd: false) else { return false }
        let ends = parser.endsOfLastValues
        for (k, (value, line)) in values.enumerated() {
          // yajl ends `0`, `true`, `1` before `1`, `x`, `e`; jq reads `01`, `truex`, `1x`
          // as one literal (a number, or an error).
          if !events, k < ends.count, Self.isBareLiteral(value),
            let next = byte(at: ends[k], piece, offset), Self.continuesLiteral(next),
            let text = textOfRefusedValue(piece, at: offset, from: start)
          {
            joined = text
            break taking
          }
          anchorLine = line
          if k < ends.count { start = ends[k] }
          if !hand(value, line: line, to: body) { return false }
        }
        // A syntax error after these values is thrown by the next call.
        values = try parser.feedWithLines(UnsafeRawBufferPointer(start: nil, count: 0))
      }
      closedLines = parser.newlinesRead
    } catch {
      if events {
        closedLines = parser.newlinesRead
        _ = release(to: body, atEnd: true)
        throw InputParseError(error)
      }
      guard let text = textOfRefusedValue(piece, at: offset) else {
        closedLines = parser.newlinesRead
        _ = release(to: body, atEnd: true)
        throw InputParseError(error)
      }
      return try readLeniently(text, piece, at: offset, to: body)
    }
    if let joined { return try readLeniently(joined, piece, at: offset, to: body) }
    if !events { retain(piece, at: offset) }
    return true
  }

  /// Keeps the text after the last value handed out (from its line's start when that is in
  /// `piece`), for jq's reader should yajl refuse what follows.
  private func retain(_ piece: UnsafeRawBufferPointer, at offset: Int) {
    // Safe: `lastNewline` returns an index below `piece.count`, so `newline + 1 <= piece.count`.
    let end = parser.endOfLastValue
    // Only the last `retainLimit` bytes of the piece can be kept: a newline before them
    // would start a text too long to keep, so the search stops there (searching a 25 MB
    // document on one line back to its start cost 14 instructions a byte, 0.1 s a run).
    let floor = max(0, piece.count - Self.retainLimit)
    if end > offset {
      if let newline = Self.lastNewline(in: piece, from: floor, before: end - offset) {
        retained = Array(piece[(newline + 1)...])
        retainedStart = offset + newline + 1
        retainedColumn = 0
        return
      }
      if floor > 0 {
        retained = nil
        return
      }
    }
    if let count = retained?.count, count + piece.count > Self.retainLimit {
      retained = nil
    } else {
      retained?.append(contentsOf: piece)
    }
  }

  /// The offset of the last newline in `piece[floor..<end]`, if any.
  private static func lastNewline(
    in piece: UnsafeRawBufferPointer, from floor: Int, before end: Int
  )
    -> Int?
  {
    // Safe: `i` starts at most `piece.count` and is lowered before each read, never below
    // `floor >= 0`.
    var i = min(end, piece.count)
    while i > floor {
      i -= 1
      if piece[i] == 0x0A { return i }
    }
    return nil
  }

  /// Where jq's reader starts on a value yajl refused: in `piece` itself (no copy), or in
  /// bytes kept from earlier pieces followed by `piece`.
  private enum RefusedText {
    case inPiece(from: Int)
    case copied(bytes: [UInt8], offset: Int)
  }

  /// The text from the end of the last value handed out to the end of `piece`, with where
  /// it starts, for jq's reader (which starts there); `nil` when it was not kept.
  ///
  /// A value
  /// that starts in `piece` is read where it is: copying the rest of the piece for each
  /// refused value was quadratic in a batch of NDJSON with many `nan` lines.
  private func textOfRefusedValue(
    _ piece: UnsafeRawBufferPointer, at offset: Int, from given: Int? = nil
  ) -> RefusedText? {
    let start = given ?? parser.endOfLastValue
    if start >= offset, start - offset <= piece.count {
      let inPiece = start - offset
      var column: Int?
      if let newline = Self.lastNewline(in: piece, from: 0, before: inPiece) {
        column = inPiece - (newline + 1)
      } else if let kept = retained, retainedStart + kept.count == offset {
        if let newline = kept.lastIndex(of: 0x0A) {
          column = kept.count - (newline + 1) + inPiece
        } else {
          column = retainedColumn + kept.count + inPiece
        }
      }
      if let column {
        lenient = JQTextParser.Reader(line: anchorLine, column: column)
        return .inPiece(from: inPiece)
      }
    }
    var text: [UInt8]
    var textStart: Int
    var column: Int
    if let kept = retained {
      text = kept + piece
      (textStart, column) = (retainedStart, retainedColumn)
    } else {
      return nil
    }
    guard start >= textStart, start - textStart <= text.count else { return nil }
    let before = text[..<(start - textStart)]
    if let newline = before.lastIndex(of: 0x0A) {
      column = before.count - (newline + 1)
    } else {
      column += before.count
    }
    lenient = JQTextParser.Reader(line: anchorLine, column: column)
    return .copied(bytes: Array(text[(start - textStart)...]), offset: start)
  }

  /// `readLeniently` on the text `textOfRefusedValue` found for `piece` (at `offset`).
  private func readLeniently(
    _ text: RefusedText, _ piece: UnsafeRawBufferPointer, at offset: Int,
    to body: (JSON, _ line: Int) -> Bool
  ) throws(InputParseError) -> Bool {
    // Safe: `textOfRefusedValue` finds `from` in `piece` (at most its count).
    switch text {
    case .inPiece(let from):
      return try readLeniently(
        UnsafeRawBufferPointer(rebasing: piece[from...]), at: offset + from, to: body)
    case .copied(let bytes, let start):
      return try readLeniently(bytes, at: start, to: body)
    }
  }

  /// Reads `piece` with jq's reader, and hands the rest to yajl once the reader is between
  /// values.
  private func readLeniently(
    _ piece: UnsafeRawBufferPointer, at offset: Int, to body: (JSON, _ line: Int) -> Bool
  ) throws(InputParseError) -> Bool {
    // Safe: the reader advances `i` only over `piece`, so `i <= piece.count`.
    guard var reader = lenient else { return try read(piece, at: offset, to: body) }
    var i = 0
    while let result = reader.next(in: piece, &i) {
      switch result {
      case .value(let value):
        anchorLine = reader.valueLine
        closedLines = reader.line - 1
        lenient = reader
        guard release(to: body, atEnd: false), hand(value, line: reader.valueLine, to: body)
        else { return false }
        if reader.isIdle {
          resumeYajl(at: offset + i, line: reader.line, column: reader.column)
          return try read(
            UnsafeRawBufferPointer(rebasing: piece[i...]), at: offset + i, to: body)
        }
      case .failure(let message):
        lenient = nil
        // jq read the whole line of the error before it failed.
        closedLines = reader.line - 1 + (piece[i...].contains(0x0A) ? 1 : 0)
        _ = release(to: body, atEnd: true)
        throw InputParseError(message: message)
      case .end:
        // Only after a failure, which ended the reading already.
        lenient = nil
        return true
      }
    }
    closedLines = reader.line - 1
    lenient = reader
    return true
  }

  /// Whether `value` is a number, `true`, `false` or `null`: a literal token, which jq's
  /// reader would have read on up to the next white space or structural byte.
  private static func isBareLiteral(_ value: JSON) -> Bool {
    switch value.type {
    case .number, .bool, .null: true
    default: false
    }
  }

  /// Whether jq's reader takes `c` as part of a literal token (its `classify`: anything
  /// but white space, `"`, and `[ , ] { : }`).
  private static func continuesLiteral(_ c: UInt8) -> Bool {
    switch c {
    case 0x20, 0x09, 0x0D, 0x0A, 0x22, 0x5B, 0x2C, 0x5D, 0x7B, 0x3A, 0x7D: false
    default: true
    }
  }

  /// The byte at `position` of the input, if it is in `piece` (at `offset`) or kept.
  private func byte(at position: Int, _ piece: UnsafeRawBufferPointer, _ offset: Int) -> UInt8? {
    // Safe: `position - offset` is checked against `piece.count`, and the kept index against
    // `kept.count`.
    if position >= offset {
      return position - offset < piece.count ? piece[position - offset] : nil
    }
    guard let kept = retained, position >= retainedStart, position - retainedStart < kept.count
    else { return nil }
    return kept[position - retainedStart]
  }

  /// `readLeniently` on bytes in an array.
  private func readLeniently(
    _ bytes: [UInt8], at offset: Int, to body: (JSON, _ line: Int) -> Bool
  ) throws(InputParseError) -> Bool {
    // (`withUnsafeBytes` rethrows untyped errors: carry them out in a Result.)
    let result = bytes.withUnsafeBytes { buffer -> Result<Bool, InputParseError> in
      do throws(InputParseError) {
        return .success(try readLeniently(buffer, at: offset, to: body))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// yajl reads again from `offset`, `column` bytes into line `line`.
  private func resumeYajl(at offset: Int, line: Int, column: Int) {
    lenient = nil
    parser = JSONStreamParser(
      options: options, output: .values, startingAtByte: offset, line: line, column: column)
    anchorLine = line
    retained = []
    retainedStart = offset
    retainedColumn = column
  }

  /// Ends the input and hands `body` the last value, if one was still open (a top-level
  /// number is complete only when the input ends), and the values kept for their line.
  func finish(to body: (JSON, _ line: Int) -> Bool) throws(InputParseError) {
    if streaming != nil {
      _ = try finishEvents(to: body)
      return
    }
    if lenient == nil {
      do throws(JSONError) {
        var values = try parser.finishWithLines()
        while !values.isEmpty {
          for (value, line) in values {
            anchorLine = line
            if !hand(value, line: line, to: body) { return }
          }
          // A syntax error after these values (events) is thrown by the next call.
          values = try parser.finishWithLines()
        }
        _ = release(to: body, atEnd: true)
        return
      } catch {
        if events {
          _ = release(to: body, atEnd: true)
          throw InputParseError(error)
        }
        // Nothing is left to read: what jq's reader gets was kept from earlier pieces.
        let nothing = UnsafeRawBufferPointer(start: nil, count: 0)
        guard let text = textOfRefusedValue(nothing, at: fed) else {
          _ = release(to: body, atEnd: true)
          throw InputParseError(error)
        }
        let more = try readLeniently(text, nothing, at: fed, to: body)
        if !more { return }
        // The text may have ended in a value yajl would read: then the reader gave it back.
        if lenient == nil { return try finish(to: body) }
      }
    }
    guard var reader = lenient else { return }
    while true {
      switch reader.finish() {
      case .value(let value):
        if !hand(value, line: reader.valueLine, to: body) { return }
      case .failure(let message):
        lenient = nil
        _ = release(to: body, atEnd: true)
        throw InputParseError(message: message)
      case .end:
        lenient = nil
        _ = release(to: body, atEnd: true)
        return
      }
    }
  }

  /// Whether the input fed so far ends between top-level values: no value is open, and only
  /// white space follows the last one.
  ///
  /// `bytes` are the bytes of the last `feed`. With jq's
  /// reader at work (after a value yajl refused) the answer is `false`, which is safe: a
  /// parallel run then joins the batch to the next.
  func endsBetweenValues(lastFed bytes: UnsafeRawBufferPointer) -> Bool {
    // Safe: `from < bytes.count` is checked first.
    guard lenient == nil, streaming == nil else { return false }
    let from = max(parser.endOfLastValue - (fed - bytes.count), 0)
    guard from < bytes.count else { return true }
    return UnsafeRawBufferPointer(rebasing: bytes[from...]).allSatisfy {
      $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09
    }
  }

  /// A parallel run's batch that is not its file's last: hands `body` the values kept for
  /// their line (its cut is after a newline, so there are none on valid input).
  func release(to body: (JSON, _ line: Int) -> Bool) {
    _ = release(to: body, atEnd: true)
  }

  /// Stream events: feeds `chunk`, calling `body` with each event once jq would have
  /// handed it out (when its line is read; see `release`).
  ///
  /// `body` must not read from this
  /// stream.
  ///
  /// - Returns: `false` when `body` asked to stop.
  func feedEvents(
    _ chunk: UnsafeRawBufferPointer, to body: (JSON, _ line: Int) -> Bool
  ) throws(InputParseError) -> Bool {
    try feed(chunk, to: body)
  }

  /// `finish` for `feedEvents`.
  func finishEvents(to body: (JSON, _ line: Int) -> Bool) throws(InputParseError) -> Bool {
    guard var reader = streaming else { preconditionFailure("events without --stream") }
    defer { streaming = reader }
    while true {
      switch reader.finish() {
      case .event(let event):
        if !hand(event, line: reader.eventLine + streamingLineOffset, to: body) { return false }
      case .failure(let message):
        _ = release(to: body, atEnd: true)
        errorPath = reader.errorPath
        throw InputParseError(
          message: message,
          location: JSONError.Location(
            byte: fed, line: reader.eventLine + streamingLineOffset, column: reader.column),
          inputLine: closedLines, messageLine: reader.line)
      case .end:
        return release(to: body, atEnd: true)
      }
    }
  }

  /// `--stream`: reads `piece`, the bytes at `offset`, with jq's streaming reader.
  private func readEvents(
    _ piece: UnsafeRawBufferPointer, at offset: Int, to body: (JSON, _ line: Int) -> Bool
  ) throws(InputParseError) -> Bool {
    // Safe: the reader fails only after taking the byte it failed on, so `1 <= i <= piece.count`.
    guard var reader = streaming else { preconditionFailure("events without --stream") }
    defer { streaming = reader }
    // jq reads a line at a time: an event is at its line once that line's newline is read.
    closedLines += piece.count(where: { $0 == 0x0A })
    var i = 0
    while let result = reader.next(in: piece, &i) {
      switch result {
      case .event(let event):
        if !hand(event, line: reader.eventLine + streamingLineOffset, to: body) { return false }
      case .failure(let message):
        // jq read the whole line of the error (and counted it) before it failed.
        let lineClosed = piece[(i - 1)...].contains(0x0A)
        let errorLine = reader.eventLine + streamingLineOffset
        closedLines = errorLine - (lineClosed ? 0 : 1)
        _ = release(to: body, atEnd: true)
        errorPath = reader.errorPath
        throw InputParseError(
          message: message,
          location: JSONError.Location(
            byte: offset + i - 1, line: errorLine, column: reader.column),
          inputLine: closedLines, messageLine: reader.line)
      case .end:
        return true
      }
    }
    return release(to: body, atEnd: false)
  }

  /// Bytes fed so far (the offset of the next chunk's first byte in the whole input).
  var bytesConsumed: Int { fed }

  /// `--stream-errors`: jq's path at the parse error just thrown.
  private(set) var errorPath = JSON(array: [])
}
