import Dispatch
import JSONKitCore
import JSONQuery

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs the program over many inputs on several threads and prints exactly what `Runner`
/// prints: the same bytes in input order, the same errors at the same places, the same exit
/// status.
///
/// The main thread reads each file and cuts it into batches of about `batchSize` bytes at
/// top-level value boundaries (`BoundaryScanner`); workers parse and evaluate whole batches,
/// each keeping its output and messages (`BatchTranscript`); the main thread prints the
/// transcripts in order. Each batch's parser starts at the batch's byte and line in its
/// file, so errors and line numbers are the file's. A batch whose last value is still open
/// at its end was cut inside it (only invalid input or a pause in a pipe does that, see
/// `BoundaryScanner`): it is run again joined to the next, before anything of it is
/// printed. At most `window` batches are in flight,
/// so memory is bounded by their size, whatever the input's.
///
/// Only programs that treat inputs one by one run here (`allows(program:)`): nothing that
/// reads other inputs (`input`, `inputs`), stops the run (`halt`, `halt_error`), asks where
/// an input came from (`input_filename`, `input_line_number`) or writes to standard error
/// (`debug`, `stderr`), and no modules. A parse error stops the run after the values before
/// it, as in `Runner`; batches read past it are dropped unprinted.
final class ParallelRunner {
  private let query: Query
  private let options: Options
  private let format: OutputFormat
  private let output: OutputWriter
  private let diagnostics: Diagnostics
  private let threads: Int
  private var outcome = InputEvaluation.Outcome()
  /// Unreadable files and invalid JSON, as `InputSource.status`.
  private var reading = ExitStatus.success
  private var stopped = false
  private var inFlight: [Batch] = []
  /// A batch that ended inside a value (a cut in the wrong place, see `BoundaryScanner`)
  /// when no batch after it had been read: the next one is joined to it.
  private var unfinished: Batch?
  private var pool: WorkerPool?
  private let evaluator: BatchEvaluator

  /// Bytes per batch: large enough that a batch's fixed costs vanish, small enough that
  /// every core gets work on a few megabytes of input.
  static let batchSize = 1024 * 1024

  /// When the first file's first value is longer than this, the input is one large document
  /// (or starts with one), which no batching can split: the run goes to `Runner`, which
  /// streams it and reads only the parts the program uses (`Query.inputProjection`), instead
  /// of holding the whole document in a batch.
  static let singleValueThreshold = 4 * batchSize

  init(query: Query, options: Options, format: OutputFormat, output: OutputWriter, threads: Int) {
    assert(threads > 1, "one thread is Runner's job")
    self.query = query
    self.options = options
    self.format = format
    self.output = output
    self.diagnostics = Diagnostics(output: output)
    self.threads = threads
    self.evaluator = BatchEvaluator(
      query: query, variables: Runner.variables(options), format: format)
  }

  /// Whether a run with these options can go on several threads (see the type's comment).
  static func allows(_ options: Options, program: String) -> Bool {
    guard !options.nullInput, !options.slurp, !options.rawInput, !options.stream, !options.seq,
      !options.unbuffered
    else { return false }
    let excluded: Set<Substring> = [
      "input", "inputs", "halt", "halt_error", "input_filename", "input_line_number", "debug",
      "stderr", "import", "include", "get_search_list", "modulemeta",
    ]
    // Several files are one text to jq (a value may go on in the next file): one reader.
    return options.files.count <= 1 && !ProgramWords.mentions(excluded, in: program)
      && options.files.allSatisfy(readable)
  }

  /// Whether `path` names standard input or a file that opens and is not a directory.
  ///
  /// One
  /// that is not stops jq's main loop one value after it (see `Runner.run`): such runs go
  /// to `Runner`.
  private static func readable(_ path: String) -> Bool {
    if path == "-" { return true }
    var info = stat()
    return stat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFDIR && access(path, R_OK) == 0
  }

  func run() -> ExitStatus {
    // One large array is spread over the threads by elements when the program allows;
    // otherwise (or when that run steps back, having printed nothing) it is read below.
    if let big = BigArrayRunner(
      query: query, options: options, format: format, output: output, threads: threads),
      let status = big.run()
    {
      return status
    }
    let paths = options.files.isEmpty ? ["-"] : options.files
    for (index, path) in paths.enumerated() where !stopped && !output.isClosed {
      if let handOver = read(path, first: index == 0) {
        assert(inFlight.isEmpty && pool == nil, "nothing ran before a hand-over")
        return Runner(query: query, options: options, output: output, opened: handOver).run()
      }
    }
    while !inFlight.isEmpty { printOldest() }
    pool?.stop()
    return outcome.exitStatus(
      reading: reading, output: output, diagnostics: diagnostics,
      fromOutput: options.exitStatusFromOutput)
  }

  // MARK: Reading

  /// Reads one file into batches; the first may be handed to `Runner` instead (see
  /// `singleValueThreshold`): then its reader comes back, with what was read of it replayed.
  private func read(_ path: String, first: Bool) -> InputReader? {
    let reader: InputReader
    do {
      reader = try InputReader(path: path)
    } catch {
      diagnostics.error(error.description)
      reading = reading.merged(with: .inputError)
      return nil
    }
    let capacity = Self.batchSize + 2 * InputReader.chunkSize
    var pending = ReadBuffer(capacity: capacity)
    var scanner = BoundaryScanner()
    var start = 0
    var line = 1
    do {
      while !stopped, !output.isClosed {
        let count = try reader.readChunk(into: pending)
        if count == 0 { break }
        scanner.scan(pending.bytes)
        // A short read means the writer paused (an interactive pipe): hand over what is
        // complete now rather than wait for a full batch.
        let paused = count < InputReader.chunkSize
        if first, scanner.lastCut == nil, start == 0,
          pending.count >= Self.singleValueThreshold
        {
          reader.replay(Array(pending.bytes))
          return reader
        }
        guard pending.count >= Self.batchSize || paused else { continue }
        guard let cut = (paused ? scanner.cutAtEnd(pending.bytes) : nil) ?? scanner.lastCut
        else { continue }
        // The batch takes the buffer; what follows the cut starts the next one.
        let next = pending.split(at: cut.index, capacity: capacity)
        submit(
          Batch(buffer: pending, start: start, line: line, name: reader.name, isLast: false),
          paused: paused)
        start += cut.index
        line += cut.newlines
        scanner.moveAfter(cut)
        pending = next
      }
    } catch {
      diagnostics.error(error.description)
      reading = reading.merged(with: .inputError)
    }
    if !stopped {
      submit(Batch(buffer: pending, start: start, line: line, name: reader.name, isLast: true))
    }
    return nil
  }

  // MARK: Batches

  /// Queues a batch to be evaluated, joined to the unfinished one before it if any.
  ///
  /// - Parameters:
  ///   - read: the batch as read.
  ///   - paused: the batch ends at a short read (a pipe whose writer paused, or
  ///     the end of a small input not seen yet).
  private func submit(_ read: Batch, paused: Bool = false) {
    // Room in the window first: printing may leave a batch this one is to be joined to.
    while inFlight.count >= 2 * threads { printOldest() }
    let batch = unfinished?.joined(to: read) ?? read
    unfinished = nil
    // A whole input in one batch (tiny inputs, `jsonkit . small.json`) runs here, without
    // starting any thread; so does a batch cut at a short read before any other (`echo …
    // | jsonkit`: starting the threads was 14% of such a run), as the next may never come.
    if pool == nil && inFlight.isEmpty && (batch.isLast || paused) {
      batch.finish(evaluator.evaluate(batch))
      inFlight.append(batch)
      printOldest()
      return
    }
    let pool = self.pool ?? WorkerPool(threads: threads, stackSize: JSONKitCommand.stackSize)
    self.pool = pool
    inFlight.append(batch)
    let evaluator = self.evaluator
    pool.enqueue { batch.finish(evaluator.evaluate(batch)) }
  }

  /// Waits for the oldest batch and prints what it printed.
  private func printOldest() {
    var batch = inFlight.removeFirst()
    var result = batch.waitForResult()
    guard !stopped, !output.isClosed else { return }
    // Its cut was inside a value, so the next batch did not start at a value: the two are
    // evaluated again as one (here: the oldest is printed first), or, when the next has not
    // been read yet, joined when it is.
    while result.endsInsideValue {
      guard !inFlight.isEmpty else {
        unfinished = batch
        return
      }
      batch = batch.joined(to: inFlight.removeFirst())
      result = evaluator.evaluate(batch)
    }
    for segment in result.segments {
      switch segment {
      case .output(let block): output.append(block.bytes)
      case .message(let text): diagnostics.raw(text)
      }
    }
    outcome.append(result.outcome)
    if result.failedToParse {
      reading = reading.merged(with: .filterError)
      stopped = true
    }
  }
}
