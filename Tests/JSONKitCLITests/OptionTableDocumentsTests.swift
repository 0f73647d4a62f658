import Foundation
import Testing

/// The manual page and the shell completions that `jsonkit` prints from its table of
/// options (`--generate-man-page`, `--generate-completion`), checked against `--help`,
/// which prints the same table: every option of one is in the others.
@Suite("Manual page and completions from the option table")
struct OptionTableDocumentsTests {
  /// The options `--help` lists, as (short letter or nil, long name).
  private func helpOptions() async throws -> [(short: String?, long: String)] {
    let help = try await CLI.run(["--help"]).stdout
    let pattern = try NSRegularExpression(pattern: #"^  (?:-(\w), |    )(--[a-z0-9-]+)"#)
    return help.split(separator: "\n").compactMap { line in
      let text = String(line)
      let range = NSRange(text.startIndex..., in: text)
      guard let match = pattern.firstMatch(in: text, range: range),
        let long = Range(match.range(at: 2), in: text)
      else { return nil }
      let short = Range(match.range(at: 1), in: text).map { String(text[$0]) }
      return (short, String(text[long]))
    }
  }

  /// Runs a program that is not jsonkit (groff, man, a shell) and returns its result.
  private func tool(_ path: String, _ arguments: [String], input: String? = nil) async throws
    -> RunResult
  {
    try await CLI.runProcess(
      URL(fileURLWithPath: path), arguments, input: input.map { Data($0.utf8) })
  }

  /// `text` written to a new file in a temporary folder; the folder is returned too.
  private func file(named name: String, holding text: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("jsonkit-docs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let url = folder.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  @Test("--help lists the options the scanner takes, beside the ones it leaves to the page")
  func helpListsOptions() async throws {
    let names = try await helpOptions().map(\.long)
    #expect(names.count >= 30)
    for name in ["--null-input", "--indent", "--threads", "--build-configuration", "--help"] {
      #expect(names.contains(name), "\(name)")
    }
    // Options for packagers and jq's Windows-only -b are on the manual page only.
    for hidden in ["--binary", "--generate-man-page", "--generate-completion"] {
      #expect(!names.contains(hidden), "\(hidden)")
    }
  }

  @Test("The manual page has every option of the table, and its sections")
  func manualPageOptions() async throws {
    let page = try await CLI.run(["--generate-man-page"])
    #expect(page.status == 0)
    #expect(page.stdout.hasPrefix(".\\\" jsonkit(1)"))
    let roff = { (name: String) in name.replacingOccurrences(of: "-", with: "\\-") }
    for option in try await helpOptions() {
      #expect(page.stdout.contains("\\fB\(roff(option.long))\\fR"), "\(option.long)")
      if let short = option.short {
        #expect(page.stdout.contains("\\fB\\-\(short)\\fR, \\fB\(roff(option.long))"), "\(short)")
      }
    }
    for hidden in ["--binary", "--generate-man-page", "--generate-completion"] {
      #expect(page.stdout.contains("\\fB\(roff(hidden))\\fR"), "\(hidden)")
    }
    for section in [
      "NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "ENVIRONMENT",
      "DIFFERENCES FROM JQ", "EXAMPLES", "SEE ALSO",
    ] {
      #expect(page.stdout.contains("\n.SH \(section)\n"), "\(section)")
    }
    for variable in ["JQ_COLORS", "NO_COLOR", "JQ_LIBRARY_PATH"] {
      #expect(page.stdout.contains(".B \(variable)\n"), "\(variable)")
    }
    #expect(page.stdout.contains(".SS Options jq does not have\n.TP\n\\fB\\-\\-progress\\fR"))
  }

  @Test(
    "groff finds nothing to warn about in the manual page, and man renders it",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/groff")))
  func manualPageRenders() async throws {
    let page = try file(
      named: "jsonkit.1", holding: try await CLI.run(["--generate-man-page"]).stdout)
    defer { try? FileManager.default.removeItem(at: page.deletingLastPathComponent()) }
    let groff = try await tool("/usr/bin/groff", ["-ww", "-man", "-z", page.path])
    #expect(groff.status == 0)
    #expect(groff.stderr == "")
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/man") else { return }
    let rendered = try await CLI.runProcess(
      URL(fileURLWithPath: "/usr/bin/man"), ["-l", page.path], input: nil,
      environment: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat"])
    #expect(rendered.status == 0)
    for text in ["jsonkit - a jq-compatible command-line JSON processor", "--indent n"] {
      #expect(rendered.stdout.contains(text), "\(text)")
    }
  }

  @Test(
    "Each completion script names every option --help lists, and no other",
    arguments: ["bash", "zsh", "fish"])
  func completionOptions(shell: String) async throws {
    let script = try await CLI.run(["--generate-completion", shell])
    #expect(script.status == 0)
    let options = try await helpOptions()
    for option in options {
      let long = String(option.long.dropFirst(2))
      let spelled =
        switch shell {
        case "fish": " -l \(long) "
        default: option.long
        }
      #expect(script.stdout.contains(spelled), "\(option.long)")
      if let short = option.short {
        #expect(script.stdout.contains(shell == "fish" ? "-s \(short) " : "-\(short)"))
      }
    }
    let named = Set(options.map(\.long))
    let pattern = try NSRegularExpression(
      pattern: shell == "fish" ? #" -l ([a-z0-9-]+)"# : #"(?<![\w-])(--[a-z0-9-]+)"#)
    // Every option name outside comments.
    let text = script.stdout.split(separator: "\n").filter { !$0.hasPrefix("#") }
      .joined(separator: "\n")
    for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
      guard let range = Range(match.range(at: 1), in: text) else { continue }
      let name = shell == "fish" ? "--" + text[range] : String(text[range])
      #expect(named.contains(name), "\(name) is not an option of --help")
    }
    #expect(try await CLI.run(["--generate-completion", "tcsh"]).status == 2)
  }

  /// What bash's completion function offers for `words` (the last is the word completed),
  /// run in the package's root.
  private func bashCompletes(_ script: URL, _ words: [String]) async throws -> [String] {
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    let run = try await tool(
      "/bin/bash",
      [
        "-c",
        """
        cd '\(CLI.packageRoot.path)' && source '\(script.path)' &&
        COMP_WORDS=(jsonkit \(quoted)) && COMP_CWORD=\(words.count) && _jsonkit &&
        printf '%s\\n' "${COMPREPLY[@]}"
        """,
      ])
    #expect(run.status == 0, "\(run.stderr)")
    return run.stdout.split(separator: "\n").map(String.init)
  }

  @Test("bash completes option names, --indent's values, folders after -L, files after a name")
  func bashCompletion() async throws {
    let script = try file(
      named: "jsonkit", holding: try await CLI.run(["--generate-completion", "bash"]).stdout)
    defer { try? FileManager.default.removeItem(at: script.deletingLastPathComponent()) }
    #expect(try await bashCompletes(script, ["--ta"]) == ["--tab"])
    #expect(try await bashCompletes(script, ["-c", "--slu"]) == ["--slurp", "--slurpfile"])
    #expect(try await bashCompletes(script, ["--indent", ""]) == (-1...7).map(String.init))
    #expect(try await bashCompletes(script, ["-L", "Sampl"]) == ["Samples"])
    #expect(try await bashCompletes(script, ["--arg", "x", ""]) == [])
    #expect(
      try await bashCompletes(script, ["--slurpfile", "x", "Samples/cat"]) == [
        "Samples/catalog.json"
      ])
    #expect(try await bashCompletes(script, [".", "Samples/ev"]) == ["Samples/events.ndjson"])
  }

  /// Whether `shell` reads jsonkit's completion script for it without a syntax error.
  private func parses(_ shell: String, with path: String) async throws {
    let script = try file(
      named: "jsonkit.\(shell)",
      holding: try await CLI.run(["--generate-completion", shell]).stdout)
    defer { try? FileManager.default.removeItem(at: script.deletingLastPathComponent()) }
    let check = try await tool(path, ["-n", script.path])
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stderr == "")
  }

  @Test(
    "zsh reads its script without a syntax error",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")))
  func zshParses() async throws { try await parses("zsh", with: "/usr/bin/zsh") }

  @Test(
    "fish reads its script without a syntax error",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish")))
  func fishParses() async throws { try await parses("fish", with: "/usr/bin/fish") }
}
