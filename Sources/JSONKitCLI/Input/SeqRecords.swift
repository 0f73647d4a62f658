import JSONKitCore

/// `--seq` input (RFC 7464) read as jq 1.8's parser reads it: one text, where an ASCII RS
/// (0x1E) ends what came before it.
///
/// jq's parser counts lines and columns over the whole text (an RS is a column). Text before
/// the first RS is skipped, and when no RS came at all the end of the input is reported as
/// `Unfinished abandoned text at EOF`. At an RS, a value left open ends as
/// `Truncated value` (or `Potentially truncated top-level numeric value` for a number that
/// no whitespace ended), except an unclosed array or object after whitespace, which is
/// dropped without a word. An error inside a record is reported with `(need RS to resync)`
/// and reading goes on after the byte it was found at, as jq's parser resets there.
///
/// Each record is kept until its RS (or the end of the input) and read then by its own
/// `ValueStream`: jq's messages come from it, moved to the record's place in the text.
final class SeqRecords {
  /// A place in the text as jq's parser counts it: the line, and the bytes read on it.
  struct Position {
    var line = 1
    var column = 0

    /// The place after `bytes`.
    mutating func advance<Bytes: Collection<UInt8>>(over bytes: Bytes) {
      for byte in bytes {
        if byte == 0x0A {
          line += 1
          column = 0
        } else {
          column += 1
        }
      }
    }
  }

  private let diagnostics: Diagnostics
  /// Whether an RS was read: the text before the first one is not read.
  private var started = false
  /// The bytes after the last RS.
  private var record: [UInt8] = []
  /// Where `record` starts, and the place after the last byte read.
  private var recordStart = Position()
  private var position = Position()

  init(diagnostics: Diagnostics) {
    self.diagnostics = diagnostics
  }

  /// Reads a chunk: each record an RS ends is parsed, and its values go to `body` with
  /// their lines.
  func take(
    _ chunk: UnsafeRawBufferPointer, parserOptions: JSONParser.Options, events: Bool,
    to body: (JSON, _ line: Int) -> Bool
  ) {
    // Safe: `i` runs over `chunk`'s indices and `start <= i + 1 <= chunk.count`, so every slice is
    // in it.
    var start = 0
    for i in 0..<chunk.count where chunk[i] == 0x1E {
      let piece = chunk[start..<i]
      if started { record.append(contentsOf: piece) }
      position.advance(over: piece)
      position.column += 1  // the RS
      if started {
        read(atEnd: false, parserOptions: parserOptions, events: events, to: body)
      }
      started = true
      record.removeAll(keepingCapacity: true)
      recordStart = position
      start = i + 1
    }
    let rest = chunk[start...]
    if started { record.append(contentsOf: rest) }
    position.advance(over: rest)
  }

  /// Ends the input: the last record is read, or the text is reported as abandoned.
  func finish(
    parserOptions: JSONParser.Options, events: Bool, to body: (JSON, _ line: Int) -> Bool
  ) {
    guard started else {
      report("Unfinished abandoned text at EOF", at: position)
      return
    }
    read(atEnd: true, parserOptions: parserOptions, events: events, to: body)
    record.removeAll()
  }

  /// Parses `record`, ended by an RS or (`atEnd`) by the end of the input.
  private func read(
    atEnd: Bool, parserOptions: JSONParser.Options, events: Bool,
    to body: (JSON, _ line: Int) -> Bool
  ) {
    var from = 0
    var start = recordStart
    while true {
      var values: [(value: JSON, line: Int)] = []
      let stream = ValueStream(options: parserOptions, events: events)
      let keep = { (value: JSON, line: Int) -> Bool in
        values.append((value, start.line - 1 + line))
        return true
      }
      let segment = record[from...]
      let failure = segment.withUnsafeBytes { bytes -> InputParseError? in
        do throws(InputParseError) {
          _ = try stream.feed(bytes, to: keep)
          return nil
        } catch {
          return error
        }
      }
      if let error = failure {
        hand(values, to: body)
        diagnostics.raw(
          "jsonkit: ignoring parse error: \(moved(error.description, by: start)) (need RS to resync)\n"
        )
        // jq's parser resets after the byte it failed at and reads on from there.
        guard let (offset, place) = place(of: error.description, in: segment, from: start)
        else { return }
        from = offset + 1
        start = place
        continue
      }
      let lastByte = segment.last
      let endsInWhitespace = lastByte.map(Self.isWhitespace) ?? true
      do {
        try stream.finish(to: keep)
      } catch {
        hand(values, to: body)
        if atEnd {
          diagnostics.raw("jsonkit: ignoring parse error: \(moved(error.description, by: start))\n")
        } else if !endsInWhitespace || error.description.hasPrefix("Unfinished string") {
          report("Truncated value", at: position)
        }
        return
      }
      // A literal that no delimiter ended: jq's parser still holds it at the RS.
      if let lastByte, !endsInWhitespace, !Self.closesValue(lastByte), let last = values.last {
        let isNumber = last.value.type == .number
        if atEnd && !isNumber {
          hand(values, to: body)
          return
        }
        hand(values.dropLast(), to: body)
        let message =
          isNumber ? "Potentially truncated top-level numeric value" : "Truncated value"
        report(atEnd ? message + " at EOF" : message, at: position)
        return
      }
      hand(values, to: body)
      return
    }
  }

  private func hand(
    _ values: some Sequence<(value: JSON, line: Int)>, to body: (JSON, _ line: Int) -> Bool
  ) {
    for (value, line) in values where !body(value, line) { return }
  }

  private func report(_ message: String, at place: Position) {
    diagnostics.raw(
      "jsonkit: ignoring parse error: \(message) at line \(place.line), column \(place.column)\n")
  }

  /// A message of a record's parser (`… at line L, column C`, counted from the record's
  /// start) with the place in the whole text.
  private func moved(_ message: String, by start: Position) -> String {
    guard let (prefix, line, column) = Self.split(message) else { return message }
    let place = Self.place(line: line, column: column, from: start)
    return "\(prefix) at line \(place.line), column \(place.column)"
  }

  /// The byte a record's parser failed at (its offset in the record) and the place after
  /// it, from the message's `line L, column C`.
  private func place(
    of message: String, in segment: ArraySlice<UInt8>, from start: Position
  ) -> (Int, Position)? {
    guard let (_, line, column) = Self.split(message), column > 0 || line > 1 else { return nil }
    var lineStart = segment.startIndex - 1
    if line > 1 {
      var newlines = 0
      guard
        let index = segment.indices.first(where: {
          if segment[$0] == 0x0A { newlines += 1 }
          return newlines == line - 1
        })
      else { return nil }
      lineStart = index
    }
    let offset = lineStart + column
    guard offset < segment.endIndex else { return nil }
    return (offset, Self.place(line: line, column: column, from: start))
  }

  private static func place(line: Int, column: Int, from start: Position) -> Position {
    line == 1
      ? Position(line: start.line, column: start.column + column)
      : Position(line: start.line + line - 1, column: column)
  }

  /// `(text, L, C)` of a message that ends in ` at line L, column C`.
  private static func split(_ message: String) -> (Substring, Int, Int)? {
    let marker = Array(" at line ".utf8)
    let bytes = Array(message.utf8)
    guard bytes.count > marker.count,
      let at = (0...(bytes.count - marker.count)).last(where: {
        bytes[$0..<($0 + marker.count)].elementsEqual(marker)
      })
    else { return nil }
    let tail = String(decoding: bytes[(at + marker.count)...], as: UTF8.self)
    let numbers = tail.split(separator: ",")
    guard numbers.count == 2, let line = Int(numbers[0]),
      numbers[1].hasPrefix(" column "), let column = Int(numbers[1].dropFirst(8))
    else { return nil }
    return (Substring(String(decoding: bytes[..<at], as: UTF8.self)), line, column)
  }

  /// jq's whitespace class: space, tab, CR and LF.
  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
  }

  /// Whether a value can end with this byte without a delimiter after it.
  private static func closesValue(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "]") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "\"")
  }
}
