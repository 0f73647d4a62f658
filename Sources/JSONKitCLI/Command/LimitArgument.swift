import JSONQuery

/// The values of the limit options (`--memory-limit 64M`, `--time-limit 2.5`,
/// `--output-limit 1000`), read into `QueryLimits`.
enum LimitArgument {
  // Each option's closure captures nothing (the option's name is spelled in it): a closure
  // that captured a setter and the name was a heap context per option, allocated by every run
  // when it builds the option table.

  /// `--memory-limit size`: `QueryLimits.memory`.
  static let memory = option(
    "--memory-limit", "size",
    ["stop a run (one input) that allocates more than", "size bytes (suffix K, M or G);"]
  ) { options, values throws(ArgumentScanner.UsageError) in
    options.limits.memory = try size(values[0], "--memory-limit")
  }

  /// `--time-limit seconds`: `QueryLimits.time`.
  static let time = option("--time-limit", "seconds", ["stop a run that takes longer;"]) {
    options, values throws(ArgumentScanner.UsageError) in
    guard let seconds = Double(values[0]), seconds.isFinite, seconds >= 0 else {
      throw ArgumentScanner.UsageError(description: "--time-limit takes a number of seconds")
    }
    options.limits.time = .nanoseconds(Int64(min(seconds, 1e9) * 1e9))
  }

  /// `--step-limit n`: `QueryLimits.steps`.
  static let steps = option("--step-limit", "n", ["stop a run after n evaluation steps;"]) {
    options, values throws(ArgumentScanner.UsageError) in
    options.limits.steps = try count(values[0], "--step-limit")
  }

  /// `--output-limit n`: `QueryLimits.outputs`.
  static let outputs = option(
    "--output-limit", "n", ["stop a run that produces more than n values;"]
  ) { options, values throws(ArgumentScanner.UsageError) in
    options.limits.outputs = try count(values[0], "--output-limit")
  }

  /// `--output-size-limit size`: `QueryLimits.outputBytes`.
  static let outputSize = option(
    "--output-size-limit", "size",
    ["stop a run whose values take more than size bytes", "as compact JSON;"]
  ) { options, values throws(ArgumentScanner.UsageError) in
    options.limits.outputBytes = try size(values[0], "--output-size-limit")
  }

  /// `--depth-limit n`: `QueryLimits.depth`.
  static let depth = option(
    "--depth-limit", "n", ["stop a run that nests more than n function calls;"]
  ) { options, values throws(ArgumentScanner.UsageError) in
    options.limits.depth = try count(values[0], "--depth-limit")
  }

  /// `--regex-limit n`: `QueryLimits.regexRetries`.
  static let regex = option(
    "--regex-limit", "n", ["stop a regex match that backtracks more than n times;"]
  ) { options, values throws(ArgumentScanner.UsageError) in
    options.limits.regexRetries = try count(values[0], "--regex-limit")
  }

  /// One limit option, jsonkit's own, reading one value into `Options.limits`.
  private static func option(
    _ long: String, _ valueName: String, _ help: [String],
    _ set:
      @escaping @Sendable (inout Options, [String]) throws(ArgumentScanner.UsageError) -> Void
  ) -> CommandLineOption {
    CommandLineOption(
      nil, long, valueName, help: help, jsonkitOnly: true,
      .values(count: 1, example: valueName == "seconds" ? "2.5" : "1000", set))
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
