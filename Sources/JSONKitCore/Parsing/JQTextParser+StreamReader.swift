extension JQTextParser {
  /// jq's reader in its streaming mode (`jq --stream`, the streaming half of
  /// `struct jv_parser`): the `[path, leaf]` and `[path]` events of the text, made as it is
  /// read, with jq's messages and places for text that is not JSON as jq reads it.
  ///
  /// The streaming mode checks the structure with words of its own ("Unmatched ']' at the
  /// top-level", "Unmatched '}' in the middle of an array"), has no depth limit, and hands
  /// out a scalar inside a container only once the `,` or closer after it is read. Literals
  /// and strings are read as in the other mode (`nan` and `01` are numbers).
  ///
  /// ```swift
  /// var reader = JQTextParser.StreamReader()
  /// var i = 0
  /// Array("[1,[2]]".utf8).withUnsafeBytes { bytes in
  ///   while case .event(let event)? = reader.next(in: bytes, &i) { print(event) }
  /// }
  /// // [[0],1] [[1,0],2] [[1,0]] [[1]]   (and `finish()` gives .end)
  /// ```
  package struct StreamReader: TokenReading {
    /// What `next` found.
    package enum Result {
      /// An event: `[path, leaf]`, or `[path]` at the end of a container.
      case event(JSON)
      /// jq's message for the text, with its line and column; the reader is reset after it
      /// (`errorPath` is the path it was at).
      case failure(String)
      /// `finish` only: the input ended between values.
      case end
    }

    /// jq's `last_seen`.
    private enum Seen {
      case none, openArray, openObject, colon, comma, value
    }

    private enum State {
      case normal, string, escape
    }

    /// jq's `p->path`: an index, a key, or `null` for an object's key not read yet, per
    /// open container.
    private var path: [JSON] = []
    /// The scalar or key just read and not placed yet (jq's `p->next`).
    private var next: JSON?
    private var seen = Seen.none
    /// Events made and not handed out yet, each with the line of the byte that made it.
    private var queue: [(event: JSON, line: Int)] = []
    /// The path of the last event queued, as the array it was made from and as its value.
    private var lastPath: (elements: [JSON], value: JSON)?
    var token: [UInt8] = []
    private var state = State.normal
    /// Where the next byte is, as jq counts for its messages: the line (from 1) and the
    /// bytes of it read so far.
    package private(set) var line: Int
    package private(set) var column: Int
    /// The line (from 1) of the byte that made the event just handed out, or found the
    /// error just reported.
    package private(set) var eventLine: Int
    /// The path at the last error (for `--stream-errors`).
    package private(set) var errorPath = JSON(array: [])

    /// A reader whose first byte is at `line` (from 1), `column` bytes into it.
    package init(line: Int = 1, column: Int = 0) {
      self.line = line
      self.column = column
      eventLine = line
    }

    /// The bytes read since the last newline.
    package var openLineLength: Int { column }

    /// The next event or error of `bytes` from `i` on; `nil` when `bytes` ended first.
    package mutating func next(in bytes: UnsafeRawBufferPointer, _ i: inout Int) -> Result? {
      // Safe: `run` returns an end at most `bytes.count`, and `bytes[i]` is read behind
      // `i < bytes.count`.
      if let event = dequeue() { return event }
      while i < bytes.count {
        // Runs of bytes that cannot make an event or an error are taken whole: the inside
        // of a string, and white space or a literal's bytes where no value waits for them
        // (each of these, read one at a time, did nothing but count the column).
        if let end = run(in: bytes, from: i), end > i {
          if state == .string || !token.isEmpty { token.append(contentsOf: bytes[i..<end]) }
          column += end - i
          i = end
          continue
        }
        let c = bytes[i]
        i += 1
        let byteLine = line
        if let message = scan(c) {
          eventLine = byteLine
          return fail(message, "")
        }
        if !queue.isEmpty {
          for k in queue.indices { queue[k].line = byteLine }
          return dequeue()
        }
      }
      return nil
    }

    /// The end of the run of bytes from `i` that `scan` would only count or append to the
    /// token: string bytes other than `"`, `\\` and newline; in between tokens, spaces, tabs
    /// and carriage returns once no literal is open; a literal's bytes inside a container.
    ///
    /// `nil` when the byte at `i` needs `scan`.
    @inline(__always)
    private func run(in bytes: UnsafeRawBufferPointer, from i: Int) -> Int? {
      // Safe: every read of `bytes[j]` is behind `j < bytes.count`.
      var j = i
      switch state {
      case .string:
        while j < bytes.count {
          let b = bytes[j]
          if b == 0x22 || b == 0x5C || b == 0x0A { break }
          j += 1
        }
      case .normal where !path.isEmpty || next == nil:
        if token.isEmpty {
          while j < bytes.count {
            let b = bytes[j]
            if b != 0x20 && b != 0x09 && b != 0x0D { break }
            j += 1
          }
        } else if !path.isEmpty {
          while j < bytes.count, JQTextParser.isLiteral(bytes[j]) { j += 1 }
        }
      default:
        return nil
      }
      return j
    }

    /// The end of the input: a last event (a top-level scalar), an error if a value is
    /// unfinished, or `.end`.
    ///
    /// Call it until it gives `.end` or an error.
    package mutating func finish() -> Result {
      if let event = dequeue() { return event }
      eventLine = line
      if state != .normal { return fail("Unfinished string", " at EOF") }
      if let message = checkLiteral() { return fail(message, " at EOF") }
      if !path.isEmpty { return fail("Unfinished JSON term", " at EOF") }
      if let value = next {
        next = nil
        return .event(JSON(array: [JSON(array: path), value]))
      }
      return .end
    }

    private mutating func dequeue() -> Result? {
      guard !queue.isEmpty else { return nil }
      let (event, line) = queue.removeFirst()
      eventLine = line
      return .event(event)
    }

    /// jq's `make_error` then `parser_reset`: the path is kept for `errorPath`, the rest
    /// is forgotten (events made by the failing byte too).
    private mutating func fail(_ message: String, _ atEOF: String) -> Result {
      errorPath = JSON(array: path)
      path.removeAll()
      next = nil
      seen = .none
      queue.removeAll()
      token.removeAll()
      state = .normal
      return .failure("\(message)\(atEOF) at line \(line), column \(column)")
    }

    /// One byte (jq's `scan` with `stream_check_done`): events go to `queue`.
    private mutating func scan(_ c: UInt8) -> String? {
      column += 1
      if c == 0x0A {
        line += 1
        column = 0
      }
      if state == .normal {
        if !JQTextParser.isLiteral(c) {
          if let message = checkLiteral() { return message }
          takeTopLevel()
        }
        switch c {
        case 0x20, 0x09, 0x0D, 0x0A: break
        case 0x22: state = .string
        case 0x5B, 0x2C, 0x5D, 0x7B, 0x3A, 0x7D:
          if let message = structure(c) { return message }
        default: token.append(c)
        }
        takeTopLevel()
      } else if c == 0x22 && state == .string {
        if let message = foundString() { return message }
        state = .normal
        takeTopLevel()
      } else {
        token.append(c)
        state = c == 0x5C && state == .string ? .escape : .string
      }
      return nil
    }

    /// A top-level scalar is an event once the byte after it is read.
    @inline(__always)
    private mutating func takeTopLevel() {
      guard path.isEmpty, let value = next else { return }
      next = nil
      queue.append((JSON(array: [JSON(array: []), value]), line))
    }

    /// jq's `value` in the streaming mode.
    mutating func place(_ value: JSON) -> String? {
      if next != nil || seen == .value { return "Expected separator between values" }
      seen = path.isEmpty ? .none : .value
      next = value
      return nil
    }

    /// Whether `a` and `b` are the same storage, not only equal.
    private static func sameBuffer(_ a: [JSON], _ b: [JSON]) -> Bool {
      a.withUnsafeBufferPointer { a in
        b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress && a.count == b.count }
      }
    }

    /// Queues the event `[path, leaf]`, or `[path]` without a leaf. (Built from boxes
    /// directly: every element is detached, which `JSON(array:)` would check element by
    /// element, and no variadic array is made.)
    private mutating func emit(leaf: JSON?) {
      // A container's last leaf and its closing event share the path: one box for both.
      let pathValue: JSON
      // (The same buffer: `path` has not changed since, or it would have been copied.)
      if let last = lastPath, Self.sameBuffer(last.elements, path) {
        pathValue = last.value
      } else {
        pathValue = JSON(storage: .array(ArrayBox(path)))
        lastPath = (path, pathValue)
      }
      let elements = leaf.map { [pathValue, $0] } ?? [pathValue]
      queue.append((JSON(storage: .array(ArrayBox(elements))), line))
    }

    /// Whether the innermost open container is an array (its path entry is an index).
    private var inArray: Bool { path.last?.type == .number }

    /// `[ , ] { : }` (jq's `stream_token`).
    private mutating func structure(_ c: UInt8) -> String? {
      switch c {
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        let opening = c == UInt8(ascii: "[") ? "[" : "{"
        if opening == "[" ? next != nil : seen == .value {
          return "Expected a separator between values"
        }
        if seen == .openObject { return "Expected string key after '{', not '\(opening)'" }
        if seen == .comma && !inArray {
          return "Expected string key after ',' in object, not '\(opening)'"
        }
        path.append(opening == "[" ? JSON(0) : .null)
        seen = opening == "[" ? .openArray : .openObject
      case UInt8(ascii: ":"):
        if path.isEmpty || inArray { return "':' not as part of an object" }
        guard let key = next, seen != .none else { return "Expected string key before ':'" }
        if key.type != .string { return "Object keys must be strings" }
        if seen != .value { return "':' should follow a key" }
        seen = .colon
        path[path.count - 1] = key
        next = nil
      case UInt8(ascii: ","):
        if seen != .value { return "Expected value before ','" }
        guard let last = path.last else { return "',' not as part of an object or array" }
        switch last.type {
        case .number:
          if let value = next { emit(leaf: value) }
          if case .number(.int(let index)) = last.storage {
            path[path.count - 1] = JSON(storage: .number(.int(index + 1)))
          } else {
            path[path.count - 1] = JSON(Int(last.doubleValue) + 1)
          }
        case .string:
          if let value = next { emit(leaf: value) }
          path[path.count - 1] = .null
        default:
          return "Objects must consist of key:value pairs"
        }
        next = nil
        seen = .comma
      case UInt8(ascii: "]"):
        if path.isEmpty { return "Unmatched ']' at the top-level" }
        if seen == .comma { return "Expected another array element" }
        if !inArray { return "Unmatched ']' in the middle of an object" }
        if let value = next {
          emit(leaf: value)
          emit(leaf: nil)
        } else if seen != .openArray {
          emit(leaf: nil)
        }
        path.removeLast()
        next = nil
        // Empty arrays are leaves.
        if seen == .openArray { emit(leaf: JSON(storage: .array(ArrayBox([])))) }
        seen = path.isEmpty ? .none : .value
      default:  // '}'
        if path.isEmpty { return "Unmatched '}' at the top-level" }
        if seen == .comma { return "Expected another key:value pair" }
        if inArray { return "Unmatched '}' in the middle of an array" }
        if let value = next {
          if path.last?.type != .string { return "Objects must consist of key:value pairs" }
          emit(leaf: value)
          emit(leaf: nil)
        } else {
          switch seen {
          case .colon: return "Missing value in key:value pair"
          case .openArray: return "Unmatched '}' in the middle of an array"
          case .value: emit(leaf: nil)
          case .openObject: break
          default: return "Unmatched '}'"
          }
        }
        path.removeLast()
        next = nil
        if seen == .openObject { emit(leaf: JSON(dictionary: [:])) }
        seen = path.isEmpty ? .none : .value
      }
      return nil
    }
  }
}
