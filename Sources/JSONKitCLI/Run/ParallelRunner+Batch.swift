import JSONKitCore
import Threading

extension ParallelRunner {
  /// A piece of one file, cut at a value boundary, and what evaluating it printed.
  ///
  /// A worker sets `result` once and signals; the main thread reads it only after waiting,
  /// so the two never touch it at the same time.
  final class Batch: @unchecked Sendable {
    // Safe: `result` is written by one worker before `finished` is set and read by the main thread
    // only after waiting for `finished`; everything else is immutable.
    let buffer: ReadBuffer
    /// Where the batch starts in its file: byte offset and line number.
    let start: Int
    let line: Int
    /// How errors name the file (`<stdin>` for standard input).
    let name: String
    /// The file's last batch: its parser is finished (a last bare number, or truncated input).
    let isLast: Bool
    private(set) var result: BatchResult?
    /// Whether `result` is set: the lock orders the worker's write before the reader's read.
    private let finished = Locked(false)

    init(buffer: ReadBuffer, start: Int, line: Int, name: String, isLast: Bool) {
      self.buffer = buffer
      self.start = start
      self.line = line
      self.name = name
      self.isLast = isLast
    }

    /// This batch and `next`, the one after it in the same file, as one.
    func joined(to next: Batch) -> Batch {
      assert(next.start == start + buffer.count && next.name == name, "consecutive batches")
      let joined = ReadBuffer(capacity: buffer.count + next.buffer.count)
      joined.append(buffer.bytes)
      joined.append(next.buffer.bytes)
      return Batch(buffer: joined, start: start, line: line, name: name, isLast: next.isLast)
    }

    /// Called by the worker that evaluated the batch.
    func finish(_ result: BatchResult) {
      self.result = result
      finished.withLock { $0 = true }
      finished.wakeWaiters()
    }

    /// The result, once a worker (or the main thread) has made it.
    func waitForResult() -> BatchResult {
      // Not a read of `result` before the lock: that raced with the worker's write (TSan).
      finished.withLock(whenReady: { $0 }, { _ in })
      return result!
    }
  }

  /// What one batch printed, in order, and how it went.
  struct BatchResult {
    var segments: [BatchTranscript.Segment]
    var outcome: InputEvaluation.Outcome
    /// The batch held invalid JSON: the run stops after it.
    var failedToParse: Bool
    /// The batch is not its file's last and a value was still open at its end: it was cut
    /// inside a value, which only a guess does (see `BoundaryScanner`).
    var endsInsideValue: Bool
  }
}

/// Standard output and standard error of one parallel batch, in the order they were made.
final class BatchTranscript {
  enum Segment {
    case output(OutputBlock)
    case message(String)
  }

  private(set) var segments: [Segment] = []

  func output(_ block: OutputBlock) {
    segments.append(.output(block))
  }

  func message(_ text: String) {
    segments.append(.message(text))
  }
}
