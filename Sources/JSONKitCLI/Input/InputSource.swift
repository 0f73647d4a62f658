import JSONKitCore
import JSONQuery

/// All inputs as one sequence of values, pulled one at a time: by the main loop, and by the
/// program's `input` / `inputs` (which is why it is pull-based and shared).
///
/// Files are read in order, 64 KiB at a time; only the values completed by the last chunk
/// wait in memory, so memory is bounded by the largest value. As jq 1.8's `main`, the files
/// are one text read by one parser: a value may start in one file and end in the next
/// (`1 2` without a newline, then `3`, gives `1` and `23`), and parse errors count lines
/// from the start of the first file, while `input_filename` and `input_line_number` follow
/// the file being read. A file that cannot be opened is reported (exit status 2) and the
/// next file is read; input that is not JSON is reported as `jsonkit: parse error: …` and
/// ends the reading (exit status 5), after the values before the error. With `--seq` the
/// input is RFC 7464 text, read as jq's parser reads it (see `SeqRecords`).
final class InputSource {
  /// How the bytes become values.
  enum Mode {
    /// JSON values (one document, NDJSON, or values one after another).
    case json
    /// Each line is a string (`-R`).
    case rawLines
  }

  private let paths: [String]
  private let mode: Mode
  /// `--stream`: the parser hands out `[path, leaf]` / `[path]` events as it reads, so a
  /// document of any size streams in constant memory.
  private let streamEvents: Bool
  /// `--stream-errors`: a parse error is the event `[message, path]` (jq's path at the
  /// error), not the end of the run; reading goes on at the next line, as jq 1.8 does (it
  /// reads a line at a time and drops the rest of the line it failed on).
  private let streamErrors: Bool
  /// `--stream-errors`, after an error: the input is skipped up to the next newline; the
  /// offset of the next byte and the line that starts after that newline.
  private var resync: (offset: Int, line: Int, messageLine: Int)?
  /// `deliverEach`: where values go instead of the queue, and whether it asked to stop.
  private var push: ((JSON) -> Bool)?
  private var pushStopped = false
  private let diagnostics: Diagnostics
  /// The parts of each value the program reads (`Query.inputProjection`), or `nil`.
  private let projection: JSONProjection?
  /// As jq's parser: what is not Unicode inside strings becomes U+FFFD.
  private var parserOptions: JSONParser.Options {
    var options = JSONParser.Options(projection: projection)
    options.replacesInvalidUnicode = true
    return options
  }
  /// `--seq`: records separated by ASCII RS, read as jq reads them.
  private var seq: SeqRecords?
  /// `-s`: `inputs` yields one value, every input in an array (the whole text with `-R`),
  /// as jq's reader does when slurping; `nil` once it was handed out.
  private var slurp: Bool
  /// The newlines of the files before the current one, and of the current one so far (only
  /// counted when there are several files): values' lines are counted by the one parser
  /// from the start of the first file, `input_line_number` from the start of each file.
  private var lineBase = 0
  private var fileNewlines = 0
  /// Set by a parse error without `--seq`: nothing more is read.
  private var stopped = false

  private var nextPath = 0
  /// The first path's reader when the source was given it open.
  private var opened: InputReader?
  private var reader: InputReader?
  private var values: ValueStream?
  /// Values (or events) read but not handed out yet, with the line each ends on.
  /// (`@exclusivity(unchecked)`: only the reading thread touches the source, and no access
  /// stays open across a call; the checks cost more than taking a value.)
  @exclusivity(unchecked) private var queue: [(value: JSON, line: Int)] = []
  @exclusivity(unchecked) private var queueStart = 0
  /// `-R`: the bytes of a line not ended yet, and the number of lines read in this file.
  private var partialLine: [UInt8] = []
  private var rawLine = 0

  /// The worst thing that happened while reading (unreadable file, invalid JSON).
  private(set) var status = ExitStatus.success
  /// Whether a file could not be opened or read (jq's `jq_util_input_errors`).
  private(set) var hadUnreadableFile = false
  /// `input_filename` of the last value handed out: the path, or `<stdin>` for standard
  /// input (jq 1.8); `null` until a file is opened.
  private(set) var filename: JSON = .null
  /// `input_line_number` and error locations: the line the last value ended on.
  @exclusivity(unchecked) private(set) var line = 0
  /// How errors name the input of the last value (`<stdin>` for standard input).
  private(set) var name = "<stdin>"

  /// Reads `paths` in order (standard input when empty; `-` is standard input); `opened`,
  /// when given, is the first path's reader, already open and maybe partly read.
  init(
    paths: [String], mode: Mode, stream: Bool, streamErrors: Bool = false,
    projection: JSONProjection? = nil, seq: Bool = false, slurp: Bool = false,
    diagnostics: Diagnostics, opened: InputReader? = nil
  ) {
    self.streamErrors = stream && streamErrors
    self.opened = opened
    self.projection = projection
    self.slurp = slurp
    self.paths = paths.isEmpty ? ["-"] : paths
    self.mode = mode
    self.streamEvents = stream
    self.diagnostics = diagnostics
    if seq && mode == .json { self.seq = SeqRecords(diagnostics: diagnostics) }
  }

  /// The next value, or `nil` when every input is read: for the main loop (and `-s`),
  /// which reports input that is not JSON as jq's `main` does (`parse error: …`, exit
  /// status 5).
  func next() -> JSON? {
    if let value = nextValue() { return value }
    reportParseFailure()
    return nil
  }

  /// jq's `main` on input that is not JSON: `parse error: …`, and exit status 5.
  private func reportParseFailure() {
    guard let failure = takeParseFailure() else { return }
    failedToParse = true
    diagnostics.raw("jsonkit: parse error: \(failure.description)\n")
    status = status.merged(with: .filterError)
  }

  /// The next value, or `nil` when every input is read: for the program's `input` and
  /// `inputs`, for which, as in jq, input that is not JSON is an error of the program
  /// (`try input catch .` gives the message), and the end of the inputs after it.
  func nextForProgram() throws(QueryError) -> JSON? {
    if slurp { return try slurped() }
    if let value = nextValue() { return value }
    if let failure = takeParseFailure() {
      if let inputLine = failure.inputLine { line = inputLine - lineBase }
      throw .runtime(failure.description)
    }
    return nil
  }

  /// `-n -s`: the one value `input` reads, as jq slurps: every input in an array (every
  /// event with `--stream`), or the whole text with `-R`; then nothing.
  private func slurped() throws(QueryError) -> JSON? {
    slurp = false
    if mode == .rawLines { return JSON(remainingText()) }
    var values: [JSON] = []
    while let value = try nextForProgram() { values.append(value) }
    return JSON(array: values)
  }

  /// The next value read, or `nil` at the end of the inputs or at a parse error.
  private func nextValue() -> JSON? {
    assert(push == nil, "a program run by deliverEach cannot read inputs: the parser is busy")
    while true {
      if queueStart < queue.count {
        let (value, line) = queue[queueStart]
        queueStart += 1
        self.line = line
        return value
      }
      queue.removeAll(keepingCapacity: true)
      queueStart = 0
      guard readMore() else { return nil }
    }
  }

  /// The parse error that ended the reading, once: whoever reads past it reports it.
  private func takeParseFailure() -> InputParseError? {
    defer { parseFailure = nil }
    return parseFailure
  }

  /// Whether the main loop met input that is not JSON (and reported it).
  private(set) var failedToParse = false

  /// Input that is not JSON, met by the reading and not reported yet.
  private var parseFailure: InputParseError?

  /// Hands each value to `body` as soon as it is read, until `body` returns `false` or the
  /// inputs end.
  ///
  /// With `--stream` the parser calls `body` from inside its read, so no event
  /// waits in a queue; `body` (the program) must not read inputs itself (`input`,
  /// `inputs`), which would need the parser it is called from.
  func deliverEach(to body: @escaping (JSON) -> Bool) {
    push = body
    defer { push = nil }
    while !pushStopped, readMore() {
      while queueStart < queue.count, !pushStopped {
        let (value, line) = queue[queueStart]
        queueStart += 1
        if !deliver(value, line: line) { pushStopped = true }
      }
      queue.removeAll(keepingCapacity: true)
      queueStart = 0
    }
    reportParseFailure()
  }

  /// A value read: to `deliverEach`'s body, or to the queue.
  private func deliver(_ value: JSON, line: Int) -> Bool {
    guard let push else {
      queue.append((value, line - lineBase))
      return true
    }
    self.line = line - lineBase
    return push(value)
  }

  /// Every remaining input's text as one string (`-R -s`).
  func remainingText() -> String {
    var bytes: [UInt8] = []
    while let reader = openNext() {
      do {
        while let chunk = try reader.nextChunk() { bytes.append(contentsOf: chunk) }
      } catch {
        fail(error.description)
      }
      self.reader = nil
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  // MARK: Reading

  /// Reads until at least one value is queued or the inputs end; `false` at the end.
  private func readMore() -> Bool {
    while true {
      if pushStopped { return false }
      do {
        // As jq's reader: the next file continues the text; the parser ends after the last.
        guard let reader = reader ?? openNext() else {
          // After a parse error (`stopped`) the parser has nothing more to say.
          guard startedReading, !finished, !stopped else { return false }
          finished = true
          defer { endedReader = nil }
          try finishFile()
          return queueStart < queue.count
        }
        if let chunk = try reader.nextChunk() {
          if paths.count > 1 { countNewlines(chunk) }
          try take(chunk)
          endedReader = nil
        } else {
          // The values read from this file are handed out before the next one opens: their
          // `input_filename` is this file's.
          endedReader = reader
          self.reader = nil
          if nextPath < paths.count, mode == .json, seq == nil, let values {
            values.release(to: deliver)
          }
        }
      } catch let error as InputError {
        fail(error.description)
        self.reader = nil
      } catch let error as InputParseError {
        // jq 1.8: no more input; the reader past the values before it reports it.
        parseFailure = error
        stopped = true
        self.reader = nil
      } catch {
        fail(String(describing: error))
        self.reader = nil
      }
      if queueStart < queue.count { return true }
    }
  }

  /// Opens the next path that can be opened, reporting the others.
  private func openNext() -> InputReader? {
    while !stopped, nextPath < paths.count {
      let path = paths[nextPath]
      nextPath += 1
      do {
        let reader: InputReader
        if let opened {
          reader = opened
          self.opened = nil
        } else {
          reader = try InputReader(path: path)
        }
        self.reader = reader
        if !startedReading { values = ValueStream(options: parserOptions, events: streamEvents) }
        startedReading = true
        lineBase += fileNewlines
        fileNewlines = 0
        rawLine = 0
        name = reader.name
        filename = JSON(reader.name)
        return reader
      } catch {
        fail(error.description)
      }
    }
    return nil
  }

  /// The reader of the file that ended last, kept until the parser has read on (or ended):
  /// the parser may still look at the last chunk, which is the reader's memory.
  private var endedReader: InputReader?
  /// Whether a file was opened: the parser is made once, for all of them; and whether it
  /// was ended, after the last file.
  private var startedReading = false
  private var finished = false

  /// Counts the newlines of a chunk of a file (see `lineBase`).
  private func countNewlines(_ chunk: UnsafeRawBufferPointer) {
    var count = 0
    for byte in chunk where byte == 0x0A { count += 1 }
    fileNewlines += count
  }

  private func take(_ chunk: UnsafeRawBufferPointer) throws(InputParseError) {
    switch mode {
    case .json where seq != nil:
      seq?.take(chunk, parserOptions: parserOptions, events: streamEvents, to: deliver)
    case .json:
      try feedJSON(chunk)
    case .rawLines:
      var start = 0
      // Safe: `i` runs over `chunk`'s indices and `start <= i + 1 <= chunk.count`, so both slices
      // are in it.
      for i in 0..<chunk.count where chunk[i] == 0x0A {
        partialLine.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[start..<i]))
        rawLine += 1
        queue.append((JSON(String(decoding: partialLine, as: UTF8.self)), rawLine))
        partialLine.removeAll(keepingCapacity: true)
        start = i + 1
      }
      // Safe: `start <= chunk.count` (above).
      partialLine.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[start...]))
    }
  }

  /// Feeds JSON text to the parser.
  ///
  /// With `--stream-errors` a parse error becomes the event
  /// `[message, path]` and the text after the end of its line is parsed afresh (jq 1.8
  /// reads a line at a time, drops the rest of the line it failed on and resets its
  /// parser; the errors keep counting lines and bytes from the start of the input).
  private func feedJSON(_ chunk: UnsafeRawBufferPointer) throws(InputParseError) {
    var rest = chunk
    var restOffset = resync?.offset ?? values?.bytesConsumed ?? 0
    while !rest.isEmpty {
      if let skip = resync {
        guard let newline = rest.firstIndex(of: 0x0A) else {
          resync = (skip.offset + rest.count, skip.line, skip.messageLine)
          return
        }
        rest = UnsafeRawBufferPointer(rebasing: rest[(newline + 1)...])
        restOffset = skip.offset + newline + 1
        values = ValueStream(
          options: parserOptions, events: true, startingAtByte: restOffset, line: skip.line,
          messageLine: skip.messageLine)
        resync = nil
        continue
      }
      guard let values else { return }
      do {
        if push != nil && streamEvents {
          if !(try values.feedEvents(rest, to: deliver)) { pushStopped = true }
        } else {
          _ = try values.feed(rest, to: deliver)
        }
        return
      } catch {
        guard streamErrors else { throw error }
        deliverError(error, path: values.errorPath)
        let at = min(max(error.location?.byte ?? restOffset, restOffset), restOffset + rest.count)
        rest = UnsafeRawBufferPointer(rebasing: rest[(at - restOffset)...])
        restOffset = at
        let errorLine = error.location?.line ?? line
        resync = (at, errorLine + 1, error.messageLine ?? errorLine + 1)
      }
    }
  }

  /// `--stream-errors`: the error as jq 1.8 hands it to the program, `[message, path]`.
  private func deliverError(_ error: InputParseError, path: JSON) {
    let event = JSON(array: [JSON(error.description), path])
    if !deliver(event, line: error.inputLine ?? error.location?.line ?? line) {
      pushStopped = true
    }
  }

  private func finishFile() throws(InputParseError) {
    switch mode {
    case .json where seq != nil:
      seq?.finish(parserOptions: parserOptions, events: streamEvents, to: deliver)
    case .json:
      // After a line dropped by `--stream-errors` the reset parser has nothing open.
      if resync != nil { return }
      guard let values else { return }
      do {
        if push != nil && streamEvents {
          if !(try values.finishEvents(to: deliver)) { pushStopped = true }
        } else {
          try values.finish(to: deliver)
        }
      } catch {
        guard streamErrors else { throw error }
        deliverError(error, path: values.errorPath)
      }
    case .rawLines:
      if !partialLine.isEmpty {
        // jq counts a line when it reads its newline: a last line without one adds none.
        queue.append((JSON(String(decoding: partialLine, as: UTF8.self)), rawLine))
        partialLine.removeAll(keepingCapacity: true)
      }
    }
  }

  private func fail(_ message: String) {
    diagnostics.error(message)
    hadUnreadableFile = true
    status = status.merged(with: .inputError)
  }
}
