import JSONKitCore
import JSONQuery

/// Evaluates a parallel run's batches: everything a worker needs, and nothing shared with
/// the main thread but immutable values.
struct BatchEvaluator: Sendable {
  let query: Query
  /// `$ARGS` and the `--arg`-like variables.
  let variables: [String: JSON]
  let format: OutputFormat

  /// Parses and evaluates one batch (on a worker thread), keeping what it prints.
  func evaluate(_ batch: ParallelRunner.Batch) -> ParallelRunner.BatchResult {
    let transcript = BatchTranscript()
    let output = OutputWriter(format: format) { transcript.output($0) }
    var diagnostics = Diagnostics(output: output)
    diagnostics.sink = { transcript.message($0) }
    var context = QueryContext()
    context.variables = variables
    let evaluation = InputEvaluation(
      query: query, context: context, output: output, diagnostics: diagnostics,
      halt: { _, _ in preconditionFailure("allows(program:) keeps halt out of parallel runs") })
    var parserOptions = JSONParser.Options(projection: query.inputProjection)
    parserOptions.replacesInvalidUnicode = true
    let values = ValueStream(options: parserOptions, startingAtByte: batch.start, line: batch.line)
    var outcome = InputEvaluation.Outcome()
    var failedToParse = false
    var endsInsideValue = false
    let name = batch.name
    func process(_ value: JSON, _ line: Int) -> Bool {
      evaluation.run(value, place: "\(name):\(line)", into: &outcome)
      return true
    }
    do {
      try withExtendedLifetime(batch.buffer) { buffer throws(InputParseError) in
        _ = try values.feed(buffer.bytes, to: process)
        if !batch.isLast { endsInsideValue = !values.endsBetweenValues(lastFed: buffer.bytes) }
      }
      if batch.isLast { try values.finish(to: process) } else { values.release(to: process) }
    } catch {
      // As `InputSource`: the values before the error, then the error; nothing more is read.
      diagnostics.raw("jsonkit: parse error: \(error.description)\n")
      failedToParse = true
    }
    output.flush()
    return ParallelRunner.BatchResult(
      segments: transcript.segments, outcome: outcome, failedToParse: failedToParse,
      endsInsideValue: endsInsideValue && !failedToParse)
  }
}
