import Foundation
import JSONKit

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
  struct UsageError: Error, CustomStringConvertible {
    let description: String
  }

  /// An option without a value: its short letter (if any), its long name, what it sets.
  private struct Flag {
    let short: Character?
    let long: String
    let apply: @Sendable (inout Options) -> Void
  }

  private static let flags: [Flag] = [
    Flag(short: "n", long: "--null-input") { $0.nullInput = true },
    Flag(short: "R", long: "--raw-input") { $0.rawInput = true },
    Flag(short: "s", long: "--slurp") { $0.slurp = true },
    Flag(short: "c", long: "--compact-output") { $0.compact = true },
    Flag(short: nil, long: "--tab") { $0.tab = true },
    Flag(short: "r", long: "--raw-output") { $0.rawOutput = true },
    Flag(short: "j", long: "--join-output") {
      $0.rawOutput = true
      $0.joinOutput = true
    },
    Flag(short: nil, long: "--raw-output0") {
      $0.rawOutput = true
      $0.rawOutputNUL = true
    },
    Flag(short: "a", long: "--ascii-output") { $0.asciiOutput = true },
    Flag(short: "S", long: "--sort-keys") { $0.sortKeys = true },
    Flag(short: "C", long: "--color-output") { $0.color = true },
    Flag(short: "M", long: "--monochrome-output") { $0.color = false },
    Flag(short: "e", long: "--exit-status") { $0.exitStatusFromOutput = true },
    Flag(short: nil, long: "--seq") { $0.seq = true },
    Flag(short: nil, long: "--stream") { $0.stream = true },
    Flag(short: nil, long: "--stream-errors") { $0.stream = true },
    Flag(short: "f", long: "--from-file") { $0.fromFileFlag = true },
    Flag(short: "h", long: "--help") { $0.showHelp = true },
    Flag(short: "V", long: "--version") { $0.showVersion = true },
  ]

  /// What later positional arguments are: files (the default), or `--args` strings, or
  /// `--jsonargs` JSON texts.
  private enum PositionalMode {
    case files, strings, json
  }

  static func scan(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var mode = PositionalMode.files
    var optionsDone = false
    var index = 0

    /// The next `count` arguments for `option`, or jq's "takes N parameters" error.
    func parameters(_ count: Int, for option: String, example: String) throws(UsageError)
      -> [String]
    {
      guard index + count < arguments.count else {
        let what = count == 1 ? "one parameter" : "two parameters"
        throw UsageError(description: "\(option) takes \(what) (e.g. \(option) \(example))")
      }
      let values = Array(arguments[(index + 1)...(index + count)])
      index += count
      return values
    }

    func positional(_ text: String) throws(UsageError) {
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

    while index < arguments.count {
      let text = arguments[index]
      defer { index += 1 }
      if optionsDone || text == "-" || !text.hasPrefix("-") {
        try positional(text)
        continue
      }
      if text == "--" {
        optionsDone = true
        continue
      }
      if text.hasPrefix("--") {
        if let flag = flags.first(where: { $0.long == text }) {
          flag.apply(&options)
          continue
        }
        switch text {
        case "--indent":
          let value = try parameters(1, for: "--indent", example: "4")[0]
          guard let n = Int(value) else { throw UsageError(description: "--indent takes a number") }
          guard n <= 7 else {
            throw UsageError(description: "Cannot indent more than 7 characters")
          }
          guard n >= 0 else {
            throw UsageError(description: "Cannot indent less than 0 characters")
          }
          options.indent = n
        case "--library-path":
          options.libraryPaths.append(try parameters(1, for: "--library-path", example: "~/.jq")[0])
        case "--arg":
          let p = try parameters(2, for: "--arg", example: "varname value")
          options.named.append((p[0], JSON(p[1])))
        case "--argjson":
          let p = try parameters(2, for: "--argjson", example: "varname text")
          guard let value = parseOne(p[1]) else {
            throw UsageError(description: "Invalid JSON text passed to --argjson")
          }
          options.named.append((p[0], value))
        case "--slurpfile", "--rawfile":
          let p = try parameters(2, for: text, example: "varname filename")
          options.named.append(
            (p[0], try readFile(p[1], raw: text == "--rawfile", option: text, name: p[0])))
        case "--args": mode = .strings
        case "--jsonargs": mode = .json
        default: throw UsageError(description: "Unknown option: \(text)")
        }
        continue
      }
      // Short options, possibly combined: `-nr`, `-sR`, `-L dir`, `-Ldir`.
      var letters = Substring(text.dropFirst())
      while let letter = letters.first {
        letters = letters.dropFirst()
        if let flag = flags.first(where: { $0.short == letter }) {
          flag.apply(&options)
          continue
        }
        switch letter {
        case "L":
          if letters.isEmpty {
            options.libraryPaths.append(try parameters(1, for: "-L", example: "~/.jq")[0])
          } else {
            options.libraryPaths.append(String(letters))
            letters = ""
          }
        default: throw UsageError(description: "Unknown option: \(text)")
        }
      }
    }
    return options
  }

  /// One JSON value from text (for `--argjson` and `--jsonargs`), or `nil`.
  private static func parseOne(_ text: String) -> JSON? {
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
  private static func readFile(_ path: String, raw: Bool, option: String, name: String)
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
