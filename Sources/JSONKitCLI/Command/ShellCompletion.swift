/// The completion scripts for bash, zsh and fish, printed by
/// `jsonkit --generate-completion SHELL` from `CommandLineOption.listed`, the options
/// `--help` lists: their names, the values of `--indent`, a directory after `-L`, a file
/// after `--slurpfile NAME` and `--rawfile NAME`, and files for the arguments.
///
/// ```swift
/// print(ShellCompletion.script(for: .bash))  // _jsonkit() { … }
/// ```
enum ShellCompletion {
  /// A shell jsonkit prints a completion script for.
  enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish
  }

  /// The completion script for `shell`.
  static func script(for shell: Shell) -> String {
    switch shell {
    case .bash: bash
    case .zsh: zsh
    case .fish: fish
    }
  }

  /// Says where the script comes from: one comment line in each shell's syntax.
  private static let origin =
    "# jsonkit's completions, printed by `jsonkit --generate-completion` from its table of options."

  /// The option's names as a shell pattern: `-L|--library-path`.
  private static func pattern(_ option: CommandLineOption) -> String {
    (option.short.map { "-\($0)|" } ?? "") + option.long
  }

  /// The option's `--help` text as one line, without backquotes.
  private static func description(_ option: CommandLineOption) -> String {
    option.summary.filter { $0 != "`" }
  }

  // MARK: bash

  /// A function for `complete -F`: a value of the option before the word (the second value
  /// when it is two words back), else an option name after a dash, else a file.
  static var bash: String {
    let options = CommandLineOption.listed
    var first: [String] = []
    var second: [String] = []
    for option in options where !option.values.isEmpty {
      first.append("  \(pattern(option))) \(bashReply(option.values[0])) ;;")
      if option.values.count > 1 {
        second.append("  \(pattern(option))) \(bashReply(option.values[1])) ;;")
      }
    }
    let names = options.flatMap { option in
      (option.short.map { ["-\($0)"] } ?? []) + [option.long]
    }
    return """
      \(origin)
      _jsonkit_reply() {
        # compgen's -f (files), -d (folders) or -W WORDS, for the caller's $cur.
        [[ $1 == -W ]] || compopt -o filenames 2>/dev/null
        mapfile -t COMPREPLY < <(compgen "$@" -- "$cur")
      }

      _jsonkit() {
        local cur=${COMP_WORDS[COMP_CWORD]} prev= prev2=
        if ((COMP_CWORD > 0)); then prev=${COMP_WORDS[COMP_CWORD - 1]}; fi
        if ((COMP_CWORD > 1)); then prev2=${COMP_WORDS[COMP_CWORD - 2]}; fi
        case $prev in
      \(first.joined(separator: "\n"))
        esac
        case $prev2 in
      \(second.joined(separator: "\n"))
        esac
        if [[ $cur == -* ]]; then
          _jsonkit_reply -W '\(names.joined(separator: " "))'
        else
          _jsonkit_reply -f
        fi
      }
      complete -F _jsonkit jsonkit

      """
  }

  /// What bash offers for one value.
  private static func bashReply(_ kind: CommandLineOption.ValueKind) -> String {
    switch kind {
    case .text: "COMPREPLY=(); return"
    case .file: "_jsonkit_reply -f; return"
    case .directory: "_jsonkit_reply -d; return"
    case .choices(let words): "_jsonkit_reply -W '\(words.joined(separator: " "))'; return"
    }
  }

  // MARK: zsh

  /// An `_arguments` call: one spec per option (short and long as one, values after
  /// colons), the filter, then files.
  static var zsh: String {
    let specs = CommandLineOption.listed.map(zshSpec)
    return """
      #compdef jsonkit
      \(origin)
      _arguments -s -S \\
      \(specs.map { "  \($0) \\" }.joined(separator: "\n"))
        '1:filter: ' \\
        '*:file:_files'

      """
  }

  /// `'(-n --null-input)'{-n,--null-input}'[description]'`, with `*` (may be repeated) and
  /// `:name:action` for each value when the option reads values.
  private static func zshSpec(_ option: CommandLineOption) -> String {
    let text = description(option)
      .replacing("'", with: "'\\''").replacing("[", with: "\\[").replacing("]", with: "\\]")
    var rest = "[\(text)]"
    let names = option.valueNames.split(separator: " ")
    for (name, kind) in zip(names, option.values) {
      switch kind {
      case .text: rest += ":\(name): "
      case .file: rest += ":\(name):_files"
      case .directory: rest += ":\(name):_files -/"
      case .choices(let words): rest += ":\(name):(\(words.joined(separator: " ")))"
      }
    }
    let repeated = option.values.isEmpty ? "" : "*"
    guard let short = option.short else { return "'\(repeated)\(option.long)\(rest)'" }
    let exclusion = repeated.isEmpty ? "(-\(short) \(option.long))" : repeated
    return "'\(exclusion)'{-\(short),\(option.long)}'\(rest)'"
  }

  // MARK: fish

  /// One `complete` line per option; fish offers files for the arguments by itself.
  static var fish: String {
    let lines = CommandLineOption.listed.map(fishLine)
    return "\(origin)\n\(lines.joined(separator: "\n"))\n"
  }

  /// `complete -c jsonkit -s n -l null-input -d '…'`, with what the option's values take:
  /// `-x -a 'words'` for a fixed set, directories, `-r -F` when the last value is a file,
  /// `-x` (no files) for text.
  private static func fishLine(_ option: CommandLineOption) -> String {
    var line = "complete -c jsonkit"
    if let short = option.short { line += " -s \(short)" }
    line += " -l \(option.long.dropFirst(2))"
    switch (option.values.first, option.values.last) {
    case (nil, _): break
    case (.choices(let words), _): line += " -x -a '\(words.joined(separator: " "))'"
    case (.directory, _): line += " -x -a '(__fish_complete_directories)'"
    case (_, .file): line += " -r -F"
    default: line += " -x"
    }
    let text = description(option).replacing("\\", with: "\\\\").replacing("'", with: "\\'")
    return line + " -d '\(text)'"
  }
}
