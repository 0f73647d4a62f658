import Foundation
import JSONKit
import Testing

/// The version the package says it is agrees with the CHANGELOG's newest release.
@Suite("Release version")
struct ReleaseTests {
  @Test("JSONKitRelease.current names the CHANGELOG's newest released heading")
  func releaseConstantMatchesTheChangelog() throws {
    let changelog = Fixtures.directory
      .deletingLastPathComponent()  // JSONKitTests
      .deletingLastPathComponent()  // Tests
      .deletingLastPathComponent()
      .appendingPathComponent("CHANGELOG.md")
    let text = try String(contentsOf: changelog, encoding: .utf8)
    // "## [0.4.0] - 2026-12-07": the first heading with a version (Unreleased has none).
    let newest = text.split(separator: "\n").lazy
      .filter { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
      .map { $0.dropFirst(4).prefix { $0 != "]" } }
      .first
    #expect(newest.map(String.init) == JSONKitRelease.current)
  }
}
