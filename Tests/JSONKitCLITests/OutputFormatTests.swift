import Testing

/// The exact text of each output style, checked against what jq 1.6 prints for the same input.
@Suite("Output formatting")
struct OutputFormatTests {
  let document = #"{"b":{"z":1,"a":[true,false,null]},"a":[],"c":{},"d":"x"}"#

  @Test("Pretty output uses two spaces, jq's \"key\": value, and [] {} for empty containers")
  func prettyByDefault() async throws {
    let result = try await CLI.run(["."], input: document)
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(
      result.stdout == """
        {
          "b": {
            "z": 1,
            "a": [
              true,
              false,
              null
            ]
          },
          "a": [],
          "c": {},
          "d": "x"
        }

        """)
  }

  @Test("Compact output puts each value on one line without spaces")
  func compact() async throws {
    for flag in ["-c", "--compact-output"] {
      let result = try await CLI.run([flag, "."], input: document)
      #expect(result.stdout == #"{"b":{"z":1,"a":[true,false,null]},"a":[],"c":{},"d":"x"}"# + "\n")
    }
  }

  @Test("Sorted keys apply at every depth")
  func sortedKeys() async throws {
    for flag in ["-S", "--sort-keys"] {
      let result = try await CLI.run(["-c", flag], input: document)
      #expect(result.stdout == #"{"a":[],"b":{"a":[true,false,null],"z":1},"c":{},"d":"x"}"# + "\n")
    }
  }

  @Test("Tab indentation uses one tab per level")
  func tabs() async throws {
    let result = try await CLI.run(["--tab", "."], input: #"{"a":[1,{"b":2}]}"#)
    #expect(result.stdout == "{\n\t\"a\": [\n\t\t1,\n\t\t{\n\t\t\t\"b\": 2\n\t\t}\n\t]\n}\n")
  }

  @Test("--indent N uses N spaces per level, with sorted keys too")
  func indentFour() async throws {
    let result = try await CLI.run(
      ["--indent", "4", "-S", "."], input: #"{"z":[1],"a":{"k":null}}"#)
    #expect(
      result.stdout == """
        {
            "a": {
                "k": null
            },
            "z": [
                1
            ]
        }

        """)
  }

  @Test("--indent 1 and --indent 7 are accepted")
  func indentBounds() async throws {
    #expect(try await CLI.run(["--indent", "1"], input: "[1]").stdout == "[\n 1\n]\n")
    #expect(try await CLI.run(["--indent", "7"], input: "[1]").stdout == "[\n       1\n]\n")
  }

  @Test("--indent 0 is new lines without indentation, as in jq 1.8")
  func indentZero() async throws {
    let result = try await CLI.run(["--indent", "0", "."], input: #"{"a": [1, 2]}"#)
    #expect(result.stdout == "{\n\"a\": [\n1,\n2\n]\n}\n")
  }

  @Test("The last of -c, --tab and --indent wins, as in jq 1.8")
  func lastLayoutOptionWins() async throws {
    let input = #"{"a": [1, 2]}"#
    let indented = try await CLI.run(["-c", "--tab", "--indent", "3"], input: input)
    #expect(indented.stdout == "{\n   \"a\": [\n      1,\n      2\n   ]\n}\n")
    let compact = try await CLI.run(["--tab", "--indent", "3", "-c"], input: input)
    #expect(compact.stdout == #"{"a":[1,2]}"# + "\n")
    let tabs = try await CLI.run(["--indent", "3", "-c", "--tab"], input: input)
    #expect(tabs.stdout == "{\n\t\"a\": [\n\t\t1,\n\t\t2\n\t]\n}\n")
  }

  @Test("Scalars print one per line; a number with an exponent in jq 1.8's canonical form")
  func scalars() async throws {
    let result = try await CLI.run(["."], input: #"1 "two" true null -0.5e10"#)
    #expect(result.stdout == "1\n\"two\"\ntrue\nnull\n-5E+9\n")
  }
}

/// Values survive the trip through jsonkit unchanged.
@Suite("Round trips")
struct RoundTripTests {
  @Test("A number too big for any machine type prints exactly as written")
  func bigInteger() async throws {
    let result = try await CLI.run(["."], input: "123456789012345678901234567890\n")
    #expect(result.stdout == "123456789012345678901234567890\n")
    let nested = try await CLI.run(["-c", ".n"], input: #"{"n": 123456789012345678901234567890}"#)
    #expect(nested.stdout == "123456789012345678901234567890\n")
  }

  @Test("Decimal text keeps its digits, in decNumber's canonical form as jq 1.8 prints it")
  func decimals() async throws {
    let result = try await CLI.run(
      ["-c"], input: "[3.14159265358979323846, 129.90, 1E400, -0, 100e-2, 0.0000001, 0.000001]")
    #expect(
      result.stdout == "[3.14159265358979323846,129.90,1E+400,-0,1.00,1E-7,0.000001]\n")
  }

  @Test("Unicode passes through as UTF-8, escapes are decoded, control characters escaped")
  func unicode() async throws {
    let input =
      #"{"text":"Café ☕ 𝄞 日本語","escaped":"\u00e9\ud834\udd1e","control":"a\u0001\tb\"q\\"}"#
    let result = try await CLI.run(["-c"], input: input)
    #expect(result.status == 0)
    #expect(
      result.stdout
        == #"{"text":"Café ☕ 𝄞 日本語","escaped":"é𝄞","control":"a\u0001\tb\"q\\"}"# + "\n")
  }

  @Test("Unicode keys can be looked up, quoted or bare in brackets")
  func unicodeKeys() async throws {
    let result = try await CLI.run([#".["clé"]"#], input: #"{"clé": "valeur"}"#)
    #expect(result.stdout == "\"valeur\"\n")
  }
}
