import JSONKitCore
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
  ///
  /// Records how the run
  /// ended in `outcome`.
  func run(_ input: JSON, place: @autoclosure () -> String, into outcome: inout Outcome) {
    var result = InputResult.noOutput
    defer { outcome.record(result) }
    if let shortcut {
      if let value = shortcut.output(for: input) { _ = emit(value, place(), &result) }
      return
    }
    var results = query.run(on: input, context: context)
    do {
      while let value = try results.next() {
        if !emit(value, place(), &result) { return }
      }
    } catch {
      if case .halt(let code) = error.kind { halt(code, error.value) }
      if let message = error.value.string {
        report(message, place(), &result)
      } else {
        // jq's `jv_dump_string`: numbers in their canonical form (`0.00001`, `1E+2`).
        var writer = JSONWriter()
        writer.canonicalNumbers = true
        diagnostics.raw(
          "jsonkit: error (at \(place())) (not a string): \(writer.string(error.value))\n")
        result = .failed
      }
    }
  }

  /// Prints one result; `false` when no more should be printed (an error, a closed output).
  private func emit(_ value: JSON, _ place: @autoclosure () -> String, _ result: inout InputResult)
    -> Bool
  {
    do {
      try output.emit(value)
    } catch {
      report("Cannot dump a string containing NUL with --raw-output0 option", place(), &result)
      return false
    }
    result = .printed(value)
    return !output.isClosed
  }

  /// A runtime error on the input, in jq's words.
  private func report(_ message: String, _ place: String, _ result: inout InputResult) {
    // jq prints the message with `%s`, which ends at a NUL.
    diagnostics.error(at: place, String(message.prefix { $0 != "\0" }))
    result = .failed
  }
}
