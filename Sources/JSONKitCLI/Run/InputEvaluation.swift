import JSONKit
import JSONQuery

/// Runs the program on one input and prints its results, as jq's main loop does for each
/// input: the one place both the sequential `Runner` and the workers of a `ParallelRunner`
/// evaluate inputs, so that the two print the same bytes and the same errors.
final class InputEvaluation {
  let query: Query
  let context: QueryContext
  let output: OutputWriter
  let diagnostics: Diagnostics
  /// `halt` / `halt_error`: ends the run.
  let halt: (Int32, JSON) -> Never
  /// `--stream` with a program `StreamShortcut` knows: run without the evaluator.
  let shortcut: StreamShortcut?

  /// What the runs so far came to: the exit status and, for `-e`, the last value printed.
  struct Outcome {
    var status = ExitStatus.success
    var lastOutput: JSON?
  }

  init(
    query: Query, context: QueryContext, output: OutputWriter, diagnostics: Diagnostics,
    halt: @escaping (Int32, JSON) -> Never, shortcut: StreamShortcut? = nil
  ) {
    self.shortcut = shortcut
    self.query = query
    self.context = context
    self.output = output
    self.diagnostics = diagnostics
    self.halt = halt
  }

  /// Evaluates `input`; `place` names it in errors (`FILE:LINE`).
  func run(_ input: JSON, place: @autoclosure () -> String, into outcome: inout Outcome) {
    if let shortcut {
      if let value = shortcut.output(for: input) { _ = emit(value, place(), &outcome) }
      return
    }
    var results = query.run(on: input, context: context)
    do {
      while let value = try results.next() {
        if !emit(value, place(), &outcome) { return }
      }
    } catch {
      if case .halt(let code) = error.kind { halt(code, error.value) }
      if let message = error.value.string {
        report(message, place(), &outcome)
      } else {
        diagnostics.raw(
          "jsonkit: error (at \(place())) (not a string): \(JSONWriter().string(error.value))\n")
        outcome.status = outcome.status.merged(with: .filterError)
      }
    }
  }

  /// Prints one result; `false` when no more should be printed (an error, a closed output).
  private func emit(_ value: JSON, _ place: @autoclosure () -> String, _ outcome: inout Outcome)
    -> Bool
  {
    do {
      try output.emit(value)
    } catch {
      report("Cannot dump a string containing NUL with --raw-output0 option", place(), &outcome)
      return false
    }
    outcome.lastOutput = value
    return !output.isClosed
  }

  /// A runtime error on the input, in jq's words.
  private func report(_ message: String, _ place: String, _ outcome: inout Outcome) {
    diagnostics.error(at: place, message)
    outcome.status = outcome.status.merged(with: .filterError)
  }
}

extension InputEvaluation.Outcome {
  /// The run's exit status, after the last output is written: input and output problems
  /// first (`reading`: unreadable files, invalid JSON), then runtime errors, then `-e`.
  func exitStatus(
    reading: ExitStatus, output: OutputWriter, diagnostics: Diagnostics, fromOutput: Bool
  ) -> ExitStatus {
    output.flush()
    var status = self.status
    if let code = output.writeError {
      diagnostics.error("Could not write output: \(Diagnostics.describe(errno: code))")
      status = status.merged(with: .inputError)
    }
    status = status.merged(with: reading)
    if status == .success && fromOutput {
      guard let last = lastOutput else { return .noOutput }
      if last.type == .null || (last.type == .bool && !last.boolValue) { return .falseOutput }
    }
    return status
  }
}
