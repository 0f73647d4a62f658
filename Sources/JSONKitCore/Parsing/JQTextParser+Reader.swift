extension JQTextParser {
  /// jq's reader fed in chunks, from a given place in a longer input: for `jsonkit`, which
  /// reads its inputs with yajl and hands the text from the value yajl refused on to this
  /// reader (`NaN`, `nan`, `01` and the like are numbers for jq), and back to yajl once
  /// this reader is between values again.
  ///
  /// ```swift
  /// var reader = JQTextParser.Reader(line: 3, column: 4)
  /// var i = 0
  /// let chunk: [UInt8] = Array("[nan] ".utf8)
  /// chunk.withUnsafeBytes { bytes in
  ///   while let result = reader.next(in: bytes, &i) {
  ///     if case .value(let value) = result { print(value, reader.valueLine) }  // [null] 3
  ///   }
  /// }
  /// ```
  package struct Reader {
    private var machine: Machine

    /// What `next` found.
    package enum Result {
      /// A whole top-level value.
      case value(JSON)
      /// jq's message for the text, with jq's line and column ("Invalid numeric literal at
      /// line 1, column 4"); nothing more is read after it.
      case failure(String)
      /// `finish` only: the input ended between values.
      case end
    }

    /// A reader whose first byte is at `line` (from 1), `column` bytes into it.
    package init(line: Int = 1, column: Int = 0) {
      machine = Machine(line: line, column: column)
    }

    /// The next value or error of `bytes` from `i` on; `nil` when `bytes` ended first.
    package mutating func next(in bytes: UnsafeRawBufferPointer, _ i: inout Int) -> Result? {
      switch machine.next(in: bytes, &i) {
      case nil: nil
      case .value(let value)?: .value(value)
      case .failure(let message)?: .failure(message)
      case .end?: .end
      }
    }

    /// The end of the input: a last value (a bare number), an error if a value is
    /// unfinished, or `.end`.
    ///
    /// Call it until it gives `.end` or an error.
    package mutating func finish() -> Result {
      switch machine.finish() {
      case .value(let value): .value(value)
      case .failure(let message): .failure(message)
      case .end: .end
      }
    }

    /// Whether the reader is between values: nothing read but white space since the last.
    package var isIdle: Bool { machine.isIdle }
    /// The line the last value returned ends on (from 1).
    package var valueLine: Int { machine.valueLine }
    /// The line of the next byte (from 1) and the bytes of that line read before it.
    package var line: Int { machine.line }
    package var column: Int { machine.column }
  }
}
