import Foundation
import Testing

/// `jsonkit` compiles only the prelude definitions its program can call (its start-up
/// was half prelude); with a `~/.jq` file it compiles them all.
///
/// Both must run every
/// program alike: the same outputs, errors and exit statuses.
@Suite("Only the prelude a program needs")
struct PreludeSubsetTests {
  /// Programs that call prelude definitions directly, through other definitions (`sub`
  /// through `match` and `_regex_pattern`), by a name written only in a string or a
  /// comment, or not at all; and wrong calls, whose compile errors must not change.
  static let programs = [
    ".a", "map(.+1) | add", #"[.[] | tostring] | join("-")"#, #""xay" | sub("a"; "b")"#,
    #""a1b22" | [scan("[0-9]+")]"#, #""a,b" | split(",")"#, "to_entries | from_entries",
    "with_entries(.value += 1)", "[paths]", "[limit(3; repeat(1))]", "first(range(10; 0; -1))",
    "[recurse(if . > 0 then . - 1 else empty end)] | length", "del(.[0])", "todate? // 0",
    "[combinations(2)] | length", "ascii_downcase? // \"no\"", "isvalid(1)", "nosuch(1)",
    "map", #""map is only a word here" # and add in a comment"#, "builtins | length",
    "getpath([\"a\"])?", "[splits(\"a\")]?", "INDEX(.a)?", "until(. > 100; . * 2)?",
  ]

  @Test("every program runs the same with the whole prelude", arguments: programs)
  func sameAsTheWholePrelude(_ program: String) async throws {
    let home = FileManager.default.temporaryDirectory
      .appendingPathComponent("jsonkit-prelude-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    let empty = home.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    try Data().write(to: home.appendingPathComponent(".jq"))
    let input = "[1,2,3]\n{\"a\":4}\n"
    let subset = try await CLI.run(
      ["-c", program], input: input, environment: ["HOME": empty.path])
    let whole = try await CLI.run(["-c", program], input: input, environment: ["HOME": home.path])
    #expect(subset.stdout == whole.stdout)
    #expect(subset.stderr == whole.stderr)
    #expect(subset.status == whole.status)
  }
}
