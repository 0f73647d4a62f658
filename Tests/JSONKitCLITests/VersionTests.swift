import Foundation
import Testing

/// `--version` and `--build-configuration`, as jq 1.8 prints them: the release, or what
/// `git describe` named the build's commit, and one line on how the binary was built.
@Suite("Version and build configuration")
struct VersionTests {
  /// `JSONKitRelease.current`, read from its source file (the tests do not link the core).
  private func release() throws -> String {
    let source = try String(
      contentsOf: CLI.packageRoot.appendingPathComponent(
        "Sources/JSONKitCore/Core/JSONKitRelease.swift"), encoding: .utf8)
    let line = try #require(source.split(separator: "\n").first { $0.contains("let current") })
    return try #require(line.split(separator: "\"").dropFirst().first.map(String.init))
  }

  @Test("--version names the release, then the commits after it as git describe, or -unknown")
  func version() async throws {
    let result = try await CLI.run(["--version"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    let release = try release()
    let escaped = NSRegularExpression.escapedPattern(for: release)
    // `swift build` records no commit (-unknown); Scripts/build-cli records Scripts/version's.
    let pattern = try NSRegularExpression(
      pattern: "^jsonkit-\(escaped)(-unknown|(-[0-9]+-g[0-9a-f]{7,})?(-dirty)?)\n$")
    let text = result.stdout
    #expect(
      pattern.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil, "\(text)")
    #expect(try await CLI.run(["-V"]).stdout == text)
  }

  @Test("--build-configuration prints one line: how it was built, the platform, the libraries")
  func buildConfiguration() async throws {
    let result = try await CLI.run(["--build-configuration"])
    #expect(result.status == 0)
    let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 2 && lines[1].isEmpty, "\(result.stdout)")
    let parts = lines[0].components(separatedBy: "; ")
    #expect(
      parts.first?.hasPrefix("swift build") == true
        || parts.first?.hasPrefix("Scripts/build-cli") == true)
    #expect(parts.contains { $0.hasPrefix("yajl 2.") })
    #expect(parts.contains { $0.hasPrefix("Oniguruma 6.") })
    #expect(parts.contains { $0.hasSuffix("-linux") || $0.hasSuffix("-macos") })
    // As jq's, it answers where it is read and ignores the rest.
    #expect(try await CLI.run(["--build-configuration", "--bogus"]).stdout == result.stdout)
  }
}
