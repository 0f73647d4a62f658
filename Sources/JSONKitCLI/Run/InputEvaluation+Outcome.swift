import JSONKitCore

extension InputEvaluation {
  /// How the run of the program on one input ended, as jq's `process` returns it: the kind
  /// of its last output, or its uncaught error.
  enum InputResult: Sendable, Equatable {
    /// Nothing printed (jq's `JQ_OK_NO_OUTPUT`).
    case noOutput
    /// The last output was `null` or `false` (`JQ_OK_NULL_KIND`).
    case falseOutput
    /// The last output was anything else (`JQ_OK`).
    case trueOutput
    /// An uncaught error ended it (`JQ_ERROR_UNKNOWN`), whatever it printed before.
    case failed

    /// The result after printing `value`.
    static func printed(_ value: JSON) -> InputResult {
      value.type == .null || (value.type == .bool && !value.boolValue) ? .falseOutput : .trueOutput
    }
  }

  /// What the runs so far came to, as jq's `main` keeps it: the result of the last input
  /// run (jq's `ret`, which each input overwrites: an error on the first of two inputs
  /// leaves the status 0 when the second succeeds), and, for `-e`, the kind of the last
  /// output of the last input that printed one and did not fail (`last_result`).
  struct Outcome: Sendable {
    /// The last input's result; `nil` before any input.
    var last: InputResult?
    /// `-e`: whether the last input that printed ended on a true value; `nil` if none did.
    var lastPrintedTrue: Bool?

    /// Records the result of the next input.
    mutating func record(_ result: InputResult) {
      last = result
      switch result {
      case .trueOutput: lastPrintedTrue = true
      case .falseOutput: lastPrintedTrue = false
      case .noOutput, .failed: break
      }
    }

    /// Records the inputs of a later batch of them, in order (a parallel run).
    mutating func append(_ later: Outcome) {
      if let result = later.last { last = result }
      if let kind = later.lastPrintedTrue { lastPrintedTrue = kind }
    }

    /// The run's exit status, after the last output is written, as jq's `main` ends: the
    /// last input's result (5 when it failed), then a parse error that ended the reading
    /// (5), then a file that could not be read or output that could not be written (2);
    /// with `-e` (`fromOutput`), when that leaves no error, 1 or 4 from the last output.
    func exitStatus(
      reading: ExitStatus, output: OutputWriter, diagnostics: Diagnostics, fromOutput: Bool
    ) -> ExitStatus {
      output.flush()
      var status: ExitStatus? =
        switch last {
        case .failed: .filterError
        case .falseOutput: fromOutput ? .falseOutput : .success
        case .trueOutput: .success
        case .noOutput, nil: nil
        }
      if reading != .success { status = reading }
      if let code = output.writeError {
        diagnostics.error("Could not write output: \(Diagnostics.describe(errno: code))")
        status = .inputError
      }
      if let status { return status }
      guard fromOutput else { return .success }
      switch lastPrintedTrue {
      case nil: return .noOutput
      case false?: return .falseOutput
      case true?: return .success
      }
    }
  }
}
