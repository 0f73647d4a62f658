extension ArgumentScanner {
  /// A command line that cannot be used, with jq's message; `text` is what jsonkit writes on
  /// standard error before it exits with status 2.
  struct UsageError: Error, CustomStringConvertible, Equatable, Sendable {
    /// How jq reports the error.
    enum Report: Equatable, Sendable {
      /// `jsonkit: <message>`, then jq's lines that point to `--help`.
      case hinted
      /// The message as it is, then the lines that point to `--help` (jq's `-L` message).
      case unprefixed
      /// jq's usage lines alone (`-f` without the program's file).
      case usage
      /// `jsonkit: <message>` alone: a file named on the command line that cannot be used
      /// (`ret = JQ_ERROR_SYSTEM; goto out` in jq's `main`).
      case file
    }

    let description: String
    var report = Report.hinted

    /// The lines jq adds to a usage error.
    static let hint =
      "Use jsonkit --help for help with command-line options,\nor see the jq manpage, or online docs at https://jqlang.org\n"

    /// What jsonkit writes on standard error for this error.
    var text: String {
      switch report {
      case .hinted: "jsonkit: \(description)\n" + Self.hint
      case .unprefixed: description + "\n" + Self.hint
      case .usage: HelpText.usage
      case .file: "jsonkit: \(description)\n"
      }
    }
  }
}
