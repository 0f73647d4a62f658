import Testing

/// Paths on the shipped sample documents, with jq's semantics.
@Suite("Paths on the sample catalog")
struct CatalogPathTests {
  let catalog = CLI.sample("catalog.json")

  @Test("The README's first command prints the first product's name")
  func readmeCommand() async throws {
    let result = try await CLI.run([".products[0].name", catalog])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.stdout == "\"Trail Runner 2\"\n")
  }

  @Test(
    "Each path form selects the expected value",
    arguments: [
      (".store", #""Northwind Outfitters""#),
      (".products[1].stock.warehouse", "0"),
      (".products.[1].id", "1043"),
      (#".["shipping"]["free over"]"#, "75"),
      (#".shipping."free over""#, "75"),
      (#"."shipping".regions[-1]"#, #""UK""#),
      (".products[-1].name", #""Café Thermos 750 ml""#),
      (".products[0].variants[1]", #"{"size":43,"color":"ember"}"#),
      (".products[2].tags", "[]"),
      (".products[0].price", "129.90"),
      (" .products [0] .id ", "1042"),
    ])
  func pathForms(path: String, expected: String) async throws {
    let result = try await CLI.run(["-c", path, catalog])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == expected + "\n")
  }

  @Test(
    "Missing keys, indexes past either end and steps through null give null",
    arguments: [
      ".nope", ".products[3]", ".products[-4]", ".nope.deeper[0]", ".products[0].missing.x",
    ])
  func nullResults(path: String) async throws {
    let result = try await CLI.run([path, catalog])
    #expect(result.status == 0)
    #expect(result.stdout == "null\n")
  }

  @Test("The identity filter reprints the whole document")
  func identity() async throws {
    let result = try await CLI.run([".", catalog])
    #expect(result.stdout.hasPrefix("{\n  \"store\": \"Northwind Outfitters\",\n"))
    #expect(result.stdout.hasSuffix("  }\n}\n"))
    #expect(result.stdout.split(separator: "\n").count > 40)
  }
}

/// Indexing a value of the wrong type is an error per value, as in jq; other values go on.
@Suite("Paths on the wrong type")
struct WrongTypeTests {
  @Test(
    "A key on a number, string or array is jq 1.8's 'Cannot index number with string (\"a\")'; the last input decides the status"
  )
  func keyOnScalar() async throws {
    let result = try await CLI.run(["-c", ".a"], input: "{\"a\":1}\n3\n\"s\"\n[1]\n{\"a\":2}\n")
    #expect(result.status == 0)  // jq 1.8.2: the last input succeeded
    #expect(result.stdout == "1\n2\n")
    #expect(
      result.stderr == """
        jsonkit: error (at <stdin>:2): Cannot index number with string ("a")
        jsonkit: error (at <stdin>:3): Cannot index string with string ("a")
        jsonkit: error (at <stdin>:4): Cannot index array with string ("a")

        """)
  }

  @Test("An index on an object is 'Cannot index object with number (0)'")
  func indexOnObject() async throws {
    let result = try await CLI.run([".[0]"], input: #"{"a": 1}"#)
    #expect(result.status == 5)
    #expect(result.stdout == "")
    // jq 1.8.2 counts the newlines read: none after a last line without one.
    #expect(result.stderr == "jsonkit: error (at <stdin>:0): Cannot index object with number (0)\n")
  }

  @Test("The error names the file and the line the value ends on")
  func errorLocation() async throws {
    let result = try await CLI.run([".user.id", CLI.sample("events.ndjson")])
    // Line 5's user is null: null.id is null, not an error.
    #expect(result.status == 0)
    #expect(result.stdout == "\"u-17\"\n\"u-17\"\n\"u-23\"\n\"u-17\"\nnull\n")

    let failing = try await CLI.run([".type.name", CLI.sample("events.ndjson")])
    #expect(failing.status == 5)
    #expect(failing.stdout == "")
    let path = CLI.sample("events.ndjson")
    #expect(
      failing.stderr.split(separator: "\n").map(String.init)
        == (1...5).map {
          "jsonkit: error (at \(path):\($0)): Cannot index string with string (\"name\")"
        })
  }

  @Test("In pretty-printed values one after another, the line is where each value ends")
  func prettyValuesLines() async throws {
    let input = "{\n  \"a\": 1\n}\n[\n  1,\n  2\n]\n{\n  \"a\": 3\n}\n7"
    let result = try await CLI.run([".a"], input: input)
    #expect(result.status == 5)
    #expect(result.stdout == "1\n3\n")
    #expect(
      result.stderr == """
        jsonkit: error (at <stdin>:7): Cannot index array with string ("a")
        jsonkit: error (at <stdin>:10): Cannot index number with string ("a")

        """)
  }

  @Test("Keys that need quoting are quoted in the message")
  func quotedKeyInMessage() async throws {
    let result = try await CLI.run([#".["a key"]"#], input: "true")
    #expect(
      result.stderr
        == "jsonkit: error (at <stdin>:0): Cannot index boolean with string (\"a key\")\n")
  }
}
