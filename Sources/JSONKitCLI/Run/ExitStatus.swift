/// The process exit statuses, chosen to match jq's so that scripts written for jq keep
/// working: `2` for usage and input problems, `3` for a filter that does not compile, `5` for
/// a filter that fails on some value; with `-e`, `1` when the last output is `false` or
/// `null` and `4` when there is none.
enum ExitStatus: Int32, Sendable {
  case success = 0
  /// `-e`: the last output was `false` or `null`.
  case falseOutput = 1
  /// `-e`: there was no output.
  case noOutput = 4
  /// A usage error, a file that cannot be read, invalid JSON, or output that cannot be
  /// written.
  case inputError = 2
  /// The program does not compile.
  case invalidFilter = 3
  /// The filter could not be applied to at least one value (`Cannot index number with "a"`).
  case filterError = 5

  /// A command line that does not parse: the same status as unreadable input, as in jq.
  static var usageError: ExitStatus { .inputError }

  /// How much this status outweighs another: when several things go wrong, the exit status
  /// reports the most serious one, as jq does (unreadable input beats a failed filter).
  private var severity: Int {
    switch self {
    case .success, .falseOutput, .noOutput: 0
    case .filterError: 1
    case .inputError: 2
    case .invalidFilter: 3
    }
  }

  /// The more serious of `self` and `other`.
  func merged(with other: ExitStatus) -> ExitStatus {
    other.severity > severity ? other : self
  }
}
