import JSONQuery

/// The values of the limit options (`--memory-limit 64M`, `--time-limit 2.5`,
/// `--output-limit 1000`), read into `QueryLimits`.
enum LimitArgument {
  /// `--memory-limit size`: `QueryLimits.memory`.
  static let memory = whole(
    "--memory-limit", "size",
    ["stop a run (one input) that allocates more than", "size bytes (suffix K, M or G);"]
  ) { $0.memory = $1 }

  /// `--time-limit seconds`: `QueryLimits.time`.
  static let time = option("--time-limit", "seconds", ["stop a run that takes longer;"]) {
    limits, text throws(ArgumentScanner.UsageError) in
    guard let seconds = Double(text), seconds.isFinite, seconds >= 0 else {
      throw ArgumentScanner.UsageError(description: "--time-limit takes a number of seconds")
    }
    limits.time = .nanoseconds(Int64(min(seconds, 1e9) * 1e9))
  }

  /// `--step-limit n`: `QueryLimits.steps`.
  static let steps = whole("--step-limit", "n", ["stop a run after n evaluation steps;"]) {
    $0.steps = $1
  }

  /// `--output-limit n`: `QueryLimits.outputs`.
  static let outputs = whole(
    "--output-limit", "n", ["stop a run that produces more than n values;"]
  ) { $0.outputs = $1 }

  /// `--output-size-limit size`: `QueryLimits.outputBytes`.
  static let outputSize = whole(
    "--output-size-limit", "size",
    ["stop a run whose values take more than size bytes", "as compact JSON;"]
  ) { $0.outputBytes = $1 }

  /// `--depth-limit n`: `QueryLimits.depth`.
  static let depth = whole(
    "--depth-limit", "n", ["stop a run that nests more than n function calls;"]
  ) { $0.depth = $1 }

  /// `--regex-limit n`: `QueryLimits.regexRetries`.
  static let regex = whole(
    "--regex-limit", "n", ["stop a regex match that backtracks more than n times;"]
  ) { $0.regexRetries = $1 }

  /// A limit option whose value is a whole number: a size (`64M`) when its value is named
  /// `size`, else a count.
  private static func whole(
    _ long: String, _ valueName: String, _ help: [String],
    _ set: @escaping @Sendable (inout QueryLimits, Int) -> Void
  ) -> CommandLineOption {
    option(long, valueName, help) { limits, text throws(ArgumentScanner.UsageError) in
      set(&limits, valueName == "size" ? try size(text, long) : try count(text, long))
    }
  }

  /// One limit option, jsonkit's own, reading one value into `Options.limits`.
  private static func option(
    _ long: String, _ valueName: String, _ help: [String],
    _ set:
      @escaping @Sendable (inout QueryLimits, String) throws(ArgumentScanner.UsageError) ->
      Void
  ) -> CommandLineOption {
    CommandLineOption(
      nil, long, valueName, help: help, jsonkitOnly: true,
      .values(count: 1, example: valueName == "seconds" ? "2.5" : "1000") {
        options, values throws(ArgumentScanner.UsageError) in
        try set(&options.limits, values[0])
      })
  }

  /// A whole number of at least 0.
  static func count(_ text: String, _ option: String) throws(ArgumentScanner.UsageError) -> Int {
    guard let n = Int(text), n >= 0 else {
      throw ArgumentScanner.UsageError(description: "\(option) takes a whole number")
    }
    return n
  }

  /// A number of bytes: digits, then optionally K, M or G (powers of 1024), with or without
  /// a B (`64M`, `64MB`, `65536`).
  static func size(_ text: String, _ option: String) throws(ArgumentScanner.UsageError) -> Int {
    var digits = Substring(text)
    if digits.last == "B" || digits.last == "b" { digits = digits.dropLast() }
    var scale = 1
    switch digits.last {
    case "K", "k": scale = 1 << 10
    case "M", "m": scale = 1 << 20
    case "G", "g": scale = 1 << 30
    default: break
    }
    if scale > 1 { digits = digits.dropLast() }
    guard let n = Int(digits), n >= 0, n <= Int.max / scale else {
      throw ArgumentScanner.UsageError(
        description: "\(option) takes a number of bytes, with K, M or G after it or not")
    }
    return n * scale
  }
}
