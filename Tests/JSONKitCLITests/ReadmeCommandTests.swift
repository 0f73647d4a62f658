import Foundation
import Testing

/// The shell commands of the README's `sh` blocks: each `jsonkit` command runs against the
/// built binary, from the package root, and prints exactly the lines shown under it
/// (`# …`); every other command is one that CI runs another way, named with where.
@Suite("README commands")
struct ReadmeCommandTests {
  /// One command line of an `sh` block, and the output the README shows under it.
  struct Command: CustomStringConvertible {
    let line: Int
    let text: String
    let output: [String]

    var description: String { "README.md:\(line): \(text)" }
  }

  /// Commands that are not run here, by how they start, with where they run instead.
  static let runElsewhere: [(prefix: String, reason: String)] = [
    ("Scripts/install-dependencies", "CI's first step installs the same packages"),
    ("Scripts/test", "this is CI's whole check"),
    ("Scripts/package", "Scripts/test builds, installs and removes the .deb"),
    ("swift run -c release --package-path Benchmarks compare", "Scripts/test builds it"),
    ("swift build -c release --product jsonkit", "a release build (minutes)"),
    ("Scripts/jq-conformance", "JQConformanceTests runs the same files in-process"),
  ]

  /// The commands of the README, each `a && b` line split into its commands.
  static func commands() throws -> [Command] {
    let readme = CLI.packageRoot.appendingPathComponent("README.md")
    let lines = try String(contentsOf: readme, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
    var commands: [Command] = []
    var inShellBlock = false
    for (index, line) in lines.enumerated() {
      if line.hasPrefix("```") {
        inShellBlock = !inShellBlock && line == "```sh"
        continue
      }
      guard inShellBlock, !line.isEmpty, !line.hasPrefix("#") else { continue }
      let output = lines[(index + 1)...].prefix { $0.hasPrefix("# ") }.map {
        String($0.dropFirst(2))
      }
      let parts = line.components(separatedBy: " && ")
      for (position, part) in parts.enumerated() {
        // The output shown belongs to the last command of the line.
        let shown = position == parts.count - 1 ? output : []
        commands.append(Command(line: index + 1, text: part, output: shown))
      }
    }
    return commands
  }

  /// The arguments of a `jsonkit` command (`swift run jsonkit …` runs the same binary).
  static func jsonkitArguments(_ command: Command) -> String? {
    for prefix in ["jsonkit ", "swift run jsonkit "] where command.text.hasPrefix(prefix) {
      return String(command.text.dropFirst(prefix.count))
    }
    return nil
  }

  @Test("Every jsonkit command in the README prints the output shown under it")
  func jsonkitCommandsPrintWhatTheReadmeShows() async throws {
    let runnable = try Self.commands().filter { Self.jsonkitArguments($0) != nil }
    #expect(runnable.count >= 4, "the README's jsonkit examples were not found")
    for command in runnable {
      let arguments = try #require(Self.jsonkitArguments(command))
      let result = try await CLI.shell(
        #"cd '\#(CLI.packageRoot.path)' && "$JSONKIT" \#(arguments)"#)
      #expect(result.status == 0, "\(command): \(result.stderr)")
      #expect(result.stderr == "", "\(command)")
      #expect(!command.output.isEmpty, "\(command): show its output under it (# …)")
      let expected = command.output.map { $0 + "\n" }.joined()
      #expect(result.stdout == expected, "\(command)")
    }
  }

  @Test("Every other README command is one that CI runs another way")
  func otherCommandsAreAccountedFor() throws {
    let others = try Self.commands().filter { Self.jsonkitArguments($0) == nil }
    #expect(!others.isEmpty)
    for command in others {
      let known = Self.runElsewhere.contains { command.text.hasPrefix($0.prefix) }
      #expect(known, "\(command): run it in a test, or add it to runElsewhere with a reason")
    }
  }
}
