import JSONKit

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

/// Reads jq's command line into `Options`.
///
/// jq's grammar does not fit a declarative parser: short flags combine (`-nr`, `-sR`),
/// options may come before or after the filter and the files, `--arg` takes two values,
/// `--args` / `--jsonargs` turn the remaining positional arguments into values, and `-f`
/// makes the first positional argument the program's file. So it is scanned by hand, the
/// way jq's `main` does, with jq's messages.
///
/// ```swift
/// let options = try ArgumentScanner.scan(["-nr", "--arg", "x", "1", "$x"])
/// options.program  // "$x"
/// ```
enum ArgumentScanner {
  /// A command line that cannot be used, with jq's message (printed as `jsonkit: <message>`).
  struct UsageError: Error, CustomStringConvertible, Sendable {
    let description: String
  }

  /// What later positional arguments are: files (the default), or `--args` strings, or
  /// `--jsonargs` JSON texts.
  enum PositionalMode: Sendable {
    case files, strings, json
  }

  /// Reads `arguments` (without the program's name) with the options of
  /// `CommandLineOption.all`.
  static func scan(_ arguments: [String]) throws(UsageError) -> Options {
    var scanner = Scan(arguments: arguments)
    try scanner.run()
    return scanner.options
  }

  /// The state of one scan: where it is and what it has read.
  private struct Scan {
    let arguments: [String]
    var options = Options()
    var mode = PositionalMode.files
    var optionsDone = false
    var index = 0

    init(arguments: [String]) { self.arguments = arguments }

    mutating func run() throws(UsageError) {
      while index < arguments.count {
        let text = arguments[index]
        if optionsDone || text == "-" || !text.hasPrefix("-") {
          try positional(text)
        } else if text == "--" {
          optionsDone = true
        } else if text.hasPrefix("--") {
          guard let option = CommandLineOption.named(text) else {
            throw UsageError(description: "Unknown option: \(text)")
          }
          try perform(option, spelled: text, attached: nil)
        } else {
          try shortOptions(text)
        }
        index += 1
      }
    }

    /// Short options, possibly combined: `-nr`, `-sR`, `-L dir`, `-Ldir`.
    mutating func shortOptions(_ text: String) throws(UsageError) {
      var letters = Substring(text.dropFirst())
      while let letter = letters.first {
        letters = letters.dropFirst()
        guard let option = CommandLineOption.letter(letter) else {
          throw UsageError(description: "Unknown option: \(text)")
        }
        if case .values = option.action, !letters.isEmpty {
          // `-Ldir`: the rest of the word is the value.
          try perform(option, spelled: "-\(letter)", attached: String(letters))
          return
        }
        try perform(option, spelled: "-\(letter)", attached: nil)
      }
    }

    mutating func perform(_ option: CommandLineOption, spelled: String, attached: String?)
      throws(UsageError)
    {
      switch option.action {
      case .flag(let apply): apply(&options)
      case .positionalMode(let newMode): mode = newMode
      case .values(let count, let example, let apply):
        let values: [String]
        if let attached {
          values = [attached]
        } else {
          values = try parameters(count, for: spelled, example: example)
        }
        try apply(&options, values)
      }
    }

    /// The next `count` arguments for `option`, or jq's "takes N parameters" error.
    mutating func parameters(_ count: Int, for option: String, example: String)
      throws(UsageError) -> [String]
    {
      guard index + count < arguments.count else {
        let what = count == 1 ? "one parameter" : "two parameters"
        throw UsageError(description: "\(option) takes \(what) (e.g. \(option) \(example))")
      }
      let values = Array(arguments[(index + 1)...(index + count)])
      index += count
      return values
    }

    /// The program (or, with `-f`, its file), then files, `--args` strings or
    /// `--jsonargs` values.
    mutating func positional(_ text: String) throws(UsageError) {
      if options.program == nil {
        if options.programFile == nil, options.fromFileFlag {
          options.programFile = text
          options.program = try readProgram(text)
        } else {
          options.program = text
        }
        return
      }
      switch mode {
      case .files: options.files.append(text)
      case .strings: options.positional.append(JSON(text))
      case .json:
        guard let value = parseOne(text) else {
          throw UsageError(description: "Invalid JSON text passed to --jsonargs")
        }
        options.positional.append(value)
      }
    }
  }

  /// One JSON value from text (for `--argjson` and `--jsonargs`), or `nil`.
  static func parseOne(_ text: String) -> JSON? {
    guard let values = try? JSONParser.parseAll(Data(text.utf8)), values.count == 1 else {
      return nil
    }
    return values[0]
  }

  /// The program in `path` (`-f`).
  private static func readProgram(_ path: String) throws(UsageError) -> String {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw UsageError(
        description: "error: Could not open \(path): \(Diagnostics.describe(errno: errno))")
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// `--slurpfile` (every value of the file, in an array) or `--rawfile` (its text).
  static func readFile(_ path: String, raw: Bool, option: String, name: String)
    throws(UsageError) -> JSON
  {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw UsageError(
        description:
          "Bad JSON in \(option) \(name) \(path): Could not open \(path): \(Diagnostics.describe(errno: errno))"
      )
    }
    if raw { return JSON(String(decoding: data, as: UTF8.self)) }
    do {
      return JSON(array: try JSONParser.parseAll(data))
    } catch {
      throw UsageError(description: "Bad JSON in \(option) \(name) \(path): \(error)")
    }
  }
}
