import Dispatch
import JSONKitCore
import JSONQuery

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program over one large document whose top level is an array on several threads,
/// printing exactly what `Runner` prints for it.
///
/// The reading thread cuts the array's text into pieces of about `ParallelRunner.batchSize`
/// bytes at the commas between its elements (`ArrayElementScanner`); workers parse each
/// piece as an array of its own (`[` piece `]`) and run the program on it, which for the
/// programs `ArrayProgramShape` accepts prints what the program prints on those elements
/// of the whole array. Output is held (`HeldOutput`) until the closing bracket is read and
/// every piece parsed, then printed in order.
///
/// Whatever this run cannot vouch for, it leaves to the ordinary path, which then reads the
/// file again from its start: text that is not JSON or that jq's reader takes and yajl does
/// not (a piece that fails to parse, or is empty and not alone), a top level that is no
/// array, anything after the array, or an error raised by the program (its message names
/// the line the whole document ends on, which jq's line rules make the ordinary reader's to
/// tell). `run` returns `nil` then, having printed nothing. So the result is the ordinary
/// path's in every case; only the time of those cases is the two runs'.
final class BigArrayRunner {
  private let query: Query
  private let options: Options
  private let format: OutputFormat
  private let output: OutputWriter
  private let threads: Int
  private let shape: ArrayProgramShape
  private let path: String
  private var pool: WorkerPool?
  private var inFlight: [Piece] = []
  private let held = HeldOutput()
  /// What the pieces came to as one input (`InputEvaluation.InputResult`).
  private var result = InputEvaluation.InputResult.noOutput
  /// `.`: whether the array's `[` is held, before its first element.
  private var printedElements = false

  /// A runner for this run, or `nil` when it is not one: a single regular file of at least
  /// `ParallelRunner.singleValueThreshold` bytes and a program of an `ArrayProgramShape`.
  /// (Standard input is left out: it cannot be read again when the run must step back.)
  init?(query: Query, options: Options, format: OutputFormat, output: OutputWriter, threads: Int) {
    guard options.files.count == 1, let path = options.files.first, path != "-",
      let shape = ArrayProgramShape(program: options.program ?? ".", format: format)
    else { return nil }
    var info = stat()
    guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
      Int(info.st_size) >= ParallelRunner.singleValueThreshold
    else { return nil }
    self.query = query
    self.options = options
    self.format = format
    self.output = output
    self.threads = threads
    self.shape = shape
    self.path = path
  }

  /// Runs the program; `nil`, with nothing printed, when the run is the ordinary path's
  /// (see the type's comment).
  func run() -> ExitStatus? {
    defer { pool?.stop() }
    guard readPieces(), held.failed == false else {
      abandon()
      return nil
    }
    while !inFlight.isEmpty {
      guard takeOldest() else {
        abandon()
        return nil
      }
    }
    if shape == .identity {
      held.append(closing)
      result = .trueOutput
    }
    guard !held.failed else { return nil }
    held.flush(into: output)
    var outcome = InputEvaluation.Outcome()
    outcome.record(result)
    let diagnostics = Diagnostics(output: output)
    return outcome.exitStatus(
      reading: .success, output: output, diagnostics: diagnostics,
      fromOutput: options.exitStatusFromOutput)
  }

  /// Reads the file and hands its pieces to the workers; `false` when the run is not this
  /// runner's to finish.
  private func readPieces() -> Bool {
    guard let reader = try? InputReader(path: path) else { return false }
    let capacity = ParallelRunner.batchSize + 2 * InputReader.chunkSize
    var pending = ReadBuffer(capacity: capacity)
    var scanner = ArrayElementScanner()
    var isFirst = true
    while true {
      guard let count = try? reader.readChunk(into: pending), count > 0 else { return false }
      scanner.scan(pending.bytes)
      if scanner.notArray { return false }
      if let end = scanner.end {
        let after = UnsafeRawBufferPointer(rebasing: pending.bytes[(end + 1)...])
        guard Self.isWhiteSpace(after), Self.restIsWhiteSpace(reader) else { return false }
        return submit(
          Piece(
            buffer: pending, range: scanner.elementsStart!..<end, isFirst: isFirst, isLast: true))
      }
      guard pending.count >= ParallelRunner.batchSize, let comma = scanner.lastComma,
        let start = scanner.elementsStart
      else { continue }
      let next = pending.split(at: comma + 1, capacity: capacity)
      let piece = Piece(buffer: pending, range: start..<comma, isFirst: isFirst, isLast: false)
      guard submit(piece) else { return false }
      scanner.moveAfter(comma + 1)
      pending = next
      isFirst = false
    }
  }

  /// Queues `piece`, first making room in the window; `false` when a piece taken to make
  /// room failed.
  private func submit(_ piece: Piece) -> Bool {
    while inFlight.count >= 2 * threads {
      guard takeOldest() else { return false }
    }
    let pool = self.pool ?? WorkerPool(threads: threads, stackSize: JSONKitCommand.stackSize)
    self.pool = pool
    inFlight.append(piece)
    let evaluator = PieceEvaluator(
      query: query, variables: Runner.variables(options), format: format, shape: shape)
    pool.enqueue { piece.finish(evaluator.evaluate(piece)) }
    return true
  }

  /// Waits for the oldest piece and holds its output; `false` when it failed.
  private func takeOldest() -> Bool {
    let piece = inFlight.removeFirst()
    guard let outcome = piece.waitForResult() else { return false }
    if shape == .identity && !printedElements && outcome.result != .noOutput {
      held.append(opening)
      printedElements = true
    }
    for block in outcome.blocks { held.append(block.bytes) }
    if outcome.result != .noOutput { result = outcome.result }
    return !held.failed
  }

  /// Waits for the pieces still running (they hold the file's bytes) and drops them.
  private func abandon() {
    for piece in inFlight { _ = piece.waitForResult() }
    inFlight = []
  }

  // MARK: The array's own text

  /// `.` prints `[`, then the elements' texts (see `PieceEvaluator`), then `]`.
  private var opening: [UInt8] { PieceEvaluator.isCompact(format) ? [0x5B] : [0x5B, 0x0A] }

  private var closing: [UInt8] {
    // No element: `[]`, in every layout.
    if !printedElements { return [0x5B, 0x5D] + format.separator }
    return (PieceEvaluator.isCompact(format) ? [0x5D] : [0x0A, 0x5D]) + format.separator
  }

  // MARK: White space

  private static func isWhiteSpace(_ bytes: UnsafeRawBufferPointer) -> Bool {
    bytes.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
  }

  /// Reads `reader` to its end; whether it held only white space.
  private static func restIsWhiteSpace(_ reader: InputReader) -> Bool {
    do {
      while let chunk = try reader.nextChunk() {
        if !isWhiteSpace(chunk) { return false }
      }
      return true
    } catch {
      return false
    }
  }
}
