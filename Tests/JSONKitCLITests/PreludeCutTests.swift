import Foundation
import Testing

/// The prelude is cut into its definitions from its source's bytes at every start, and a
/// program gets the text of those it can reach: the first and last definitions of both
/// sources (the regex library's and the prelude's), definitions followed by comments, and
/// calls reached only through other definitions must run as with the whole prelude.
@Suite("The prelude's definitions cut from its source")
struct PreludeCutTests {
  static let programs = [
    // The regex library's first definitions (`_regex_pattern`, `_regex_flags`) through `test`.
    #"[.[]? | strings | test("a")]"#,
    // Its last (`split/2`) and the ones before it, after a comment (`splits/2`, `scan/2`).
    #""a1b2c" | split("[0-9]"; null), [scan("[a-z]"; "g")]"#,
    // The prelude's first (`values`) and last (`inputs`) definitions.
    "[.[]? | values], [inputs]",
    // A definition whose body spans lines (`range/3`) and one defined twice (`todate`).
    "[range(0; 10; 3)], (1e9 | todate)", "[limit(2; .[]?)], ([] | add)",
  ]

  @Test("each program runs as with the whole prelude", arguments: programs)
  func sameAsTheWholePrelude(_ program: String) async throws {
    let input = "[\"ab\", null, 1]\n{\"a\": 4}\n[2]\n"
    let subset = try await CLI.run(["-c", program], input: input)
    // A program that names `include`, even in a comment, may run code its text does not
    // show: it gets every definition.
    let whole = try await CLI.run(["-c", program + "\n# include"], input: input)
    #expect(subset.stdout == whole.stdout)
    #expect(subset.stderr == whole.stderr)
    #expect(subset.status == whole.status)
    #expect(!subset.stdout.isEmpty)
  }
}
