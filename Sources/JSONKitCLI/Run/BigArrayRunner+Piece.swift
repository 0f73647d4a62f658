import JSONKitCore
import JSONQuery
import Threading

extension BigArrayRunner {
  /// A run of consecutive elements of the array: their text in `buffer[range]`, without
  /// the commas around it.
  ///
  /// A worker sets `result` once and signals; the reading thread reads it only after
  /// waiting, so the two never touch it at the same time.
  final class Piece: @unchecked Sendable {
    // Safe: `result` is written by one worker before `finished` is set and read by the reading
    // thread only after waiting for `finished`; everything else is immutable.
    let buffer: ReadBuffer
    let range: Range<Int>
    /// The array's first piece, and its last: a piece with no element is JSON only when it
    /// is both (`[]`); otherwise it is `[,` or `,,` or `,]`.
    let isFirst: Bool
    let isLast: Bool
    private var result: PieceOutcome??
    /// Whether `result` is set: the lock orders the worker's write before the reader's read.
    private let finished = Locked(false)

    init(buffer: ReadBuffer, range: Range<Int>, isFirst: Bool, isLast: Bool) {
      self.buffer = buffer
      self.range = range
      self.isFirst = isFirst
      self.isLast = isLast
    }

    var text: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: buffer.bytes[range]) }

    /// Called by the worker that evaluated the piece: `nil` when it failed.
    func finish(_ outcome: PieceOutcome?) {
      result = .some(outcome)
      finished.withLock { $0 = true }
      finished.wakeWaiters()
    }

    /// What the worker made of the piece, once it is done; `nil` when it failed.
    func waitForResult() -> PieceOutcome? {
      // Not a read of `result` before the lock: that raced with the worker's write (TSan).
      finished.withLock(whenReady: { $0 }, { _ in })
      return result!
    }
  }

  /// What the program printed for one piece, and how it ended (as jq's `process` tells).
  struct PieceOutcome {
    var blocks: [OutputBlock]
    var result: InputEvaluation.InputResult
  }
}

/// Parses and evaluates `BigArrayRunner`'s pieces on a worker thread: everything a worker
/// needs, and nothing shared with the reading thread but immutable values.
struct PieceEvaluator: Sendable {
  let query: Query
  let variables: [String: JSON]
  let format: OutputFormat
  let shape: ArrayProgramShape

  /// Whether `format` writes a value on one line (`-c`, or `--indent 0` without `--tab`), as
  /// `OutputFormat.writer` decides.
  static func isCompact(_ format: OutputFormat) -> Bool {
    format.compact || (!format.tab && format.indent == 0)
  }

  /// The piece's elements and what the program printed for them; `nil` when the piece is
  /// not a valid run of elements or the program failed on one (the run is then the
  /// ordinary path's: see `BigArrayRunner`).
  func evaluate(_ piece: BigArrayRunner.Piece) -> BigArrayRunner.PieceOutcome? {
    withExtendedLifetime(piece.buffer) {
      guard let elements = parse(piece) else { return nil }
      switch shape {
      case .elements: return run(on: elements)
      case .identity: return print(elements, first: piece.isFirst)
      }
    }
  }

  /// `[` piece `]` parsed as the whole document is (the same options and projection).
  private func parse(_ piece: BigArrayRunner.Piece) -> JSON? {
    var options = JSONParser.Options(projection: query.inputProjection)
    options.replacesInvalidUnicode = true
    let parser = JSONStreamParser(options: options, output: .values)
    var values: [JSON] = []
    do {
      values += try parser.feed([0x5B] as [UInt8])
      values += try parser.feed(piece.text)
      values += try parser.feed([0x5D] as [UInt8])
      values += try parser.finish()
    } catch {
      return nil
    }
    guard values.count == 1, let array = values.first,
      array.count > 0 || (piece.isFirst && piece.isLast)
    else { return nil }
    return array
  }

  /// The program on the piece's elements as an array: `nil` when it reported an error.
  private func run(on elements: JSON) -> BigArrayRunner.PieceOutcome? {
    var blocks: [OutputBlock] = []
    var failed = false
    let output = OutputWriter(format: format) { blocks.append($0) }
    var diagnostics = Diagnostics(output: output)
    diagnostics.sink = { _ in failed = true }
    var context = QueryContext()
    context.variables = variables
    let evaluation = InputEvaluation(
      query: query, context: context, output: output, diagnostics: diagnostics,
      halt: { _, _ in preconditionFailure("allows(program:) keeps halt out of parallel runs") })
    var outcome = InputEvaluation.Outcome()
    evaluation.run(elements, place: "", into: &outcome)
    output.flush()
    guard !failed, let result = outcome.last, result != .failed else { return nil }
    return BigArrayRunner.PieceOutcome(blocks: blocks, result: result)
  }

  /// `.`: the elements' texts as they are inside the whole array's: after a comma (but for
  /// the array's first), and in the pretty layouts on lines of their own, one level in.
  private func print(_ elements: JSON, first: Bool) -> BigArrayRunner.PieceOutcome {
    var writer = format.writer
    // The elements are one level down in the array, where the depth limit is one closer.
    writer.depthLimit = writer.depthLimit.map { $0 - 1 }
    let compact = Self.isCompact(format)
    let indent: [UInt8] = format.tab ? [0x09] : Array(repeating: 0x20, count: format.indent)
    var out = OutputBuffer(capacity: OutputWriter.blockSize * 2)
    var scratch = OutputBuffer(capacity: compact ? 1 : OutputWriter.blockSize)
    defer { scratch.deallocate() }
    elements.forEachElement { index, element in
      if index > 0 || !first { out.append(contentsOf: compact ? [0x2C] : [0x2C, 0x0A]) }
      if compact {
        writer.write(element, into: &out)
        return
      }
      // A pretty element's lines, each moved in by one level (its strings hold no newline:
      // the writer escapes them).
      scratch.removeAll()
      writer.write(element, into: &scratch)
      out.append(contentsOf: indent)
      for byte in scratch.bytes {
        out.append(byte)
        if byte == 0x0A { out.append(contentsOf: indent) }
      }
    }
    let printed = elements.count > 0
    if !printed {
      out.deallocate()
      return BigArrayRunner.PieceOutcome(blocks: [], result: .noOutput)
    }
    return BigArrayRunner.PieceOutcome(blocks: [OutputBlock(taking: out)], result: .trueOutput)
  }
}
