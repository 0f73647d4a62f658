import Testing

@testable import JSONKitCLI

/// The path parser on its own, without a process.
@Suite("Parsing path filters")
struct PathFilterParsingTests {
  @Test(
    "Each spelling of a path parses to the same steps jq would take",
    arguments: [
      (".", []),
      (" . ", []),
      (".a.b[0]", [.key("a"), .key("b"), .index(0)]),
      (".a.b.[0]", [.key("a"), .key("b"), .index(0)]),
      (#".["key with spaces"]"#, [.key("key with spaces")]),
      (#"."quoted key""#, [.key("quoted key")]),
      (".[2].name", [.index(2), .key("name")]),
      (".[-1]", [.index(-1)]),
      (#".["a\"b\u00e9\n"]"#, [.key("a\"bé\n")]),
      (".[ 3 ][\"x\"]", [.index(3), .key("x")]),
      ("._private9", [.key("_private9")]),
    ] as [(String, [PathFilter.Step])])
  func parses(text: String, steps: [PathFilter.Step]) throws {
    #expect(try PathFilter(parsing: text).steps == steps)
  }

  @Test(
    "Malformed paths name the column of the problem",
    arguments: [
      ("", 1), ("a", 1), (".a.", 4), (".a..b", 4), (".[", 3), (".[x]", 3), (".[1", 4),
      (#".["#, 3), (#"."open"#, 2), (".a b", 4), (".[99999999999999999999]", 3), (#".["\q"]"#, 3),
    ])
  func rejects(text: String, column: Int) {
    #expect(throws: PathFilter.SyntaxError.self) { try PathFilter(parsing: text) }
    do {
      _ = try PathFilter(parsing: text)
    } catch {
      #expect(error.column == column, "\(error)")
    }
  }
}
