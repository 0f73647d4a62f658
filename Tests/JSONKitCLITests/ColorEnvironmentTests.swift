import Testing

/// `JQ_COLORS` read as jq 1.8.2's `jq_set_colors` reads it, and NaN under `-C`.
///
/// The expected outputs are what jq 1.8.2 printed for `jq -C -c .` on the same value.
@Suite("JQ_COLORS and -C as jq 1.8.2 has them")
struct ColorEnvironmentTests {
  static let value = #"[null,false,true,1,"a",{"k":[]}]"#

  @Test(
    "Empty fields are empty SGR sequences, fields past the eighth are ignored, any length of digits and ';' is taken",
    arguments: [
      (
        "::::::::",
        "\u{1B}[m[\u{1B}[0m\u{1B}[mnull\u{1B}[0m\u{1B}[m,\u{1B}[0m\u{1B}[mfalse\u{1B}[0m\u{1B}[m,\u{1B}[0m\u{1B}[mtrue\u{1B}[0m\u{1B}[m,\u{1B}[0m\u{1B}[m1\u{1B}[0m\u{1B}[m,\u{1B}[0m\u{1B}[m\"a\"\u{1B}[0m\u{1B}[m,\u{1B}[0m\u{1B}[m{\u{1B}[0m\u{1B}[1;34m\"k\"\u{1B}[0m\u{1B}[m:\u{1B}[0m\u{1B}[m[]\u{1B}[0m\u{1B}[m}\u{1B}[0m\u{1B}[m]\u{1B}[0m\n"
      ),
      (
        "0;31:0;32:0;33:0;34:0;35:0;36:0;37:1;31:1;32",
        "\u{1B}[0;36m[\u{1B}[0m\u{1B}[0;31mnull\u{1B}[0m\u{1B}[0;36m,\u{1B}[0m\u{1B}[0;32mfalse\u{1B}[0m\u{1B}[0;36m,\u{1B}[0m\u{1B}[0;33mtrue\u{1B}[0m\u{1B}[0;36m,\u{1B}[0m\u{1B}[0;34m1\u{1B}[0m\u{1B}[0;36m,\u{1B}[0m\u{1B}[0;35m\"a\"\u{1B}[0m\u{1B}[0;36m,\u{1B}[0m\u{1B}[0;37m{\u{1B}[0m\u{1B}[1;31m\"k\"\u{1B}[0m\u{1B}[0;37m:\u{1B}[0m\u{1B}[0;36m[]\u{1B}[0m\u{1B}[0;37m}\u{1B}[0m\u{1B}[0;36m]\u{1B}[0m\n"
      ),
      (
        "38;2;255;100;100:::::::38;2;1;2;3",
        "\u{1B}[m[\u{1B}[0m\u{1B}[38;2;255;100;100mnull\u{1B}[0m\u{1B}[m,\u{1B}[0m\u{1B}[mfalse\u{1B}[0m\u{1B}[m,\u{1B}[0m\u{1B}[mtrue\u{1B}[0m\u{1B}[m,\u{1B}[0m\u{1B}[m1\u{1B}[0m\u{1B}[m,\u{1B}[0m\u{1B}[m\"a\"\u{1B}[0m\u{1B}[m,\u{1B}[0m\u{1B}[m{\u{1B}[0m\u{1B}[38;2;1;2;3m\"k\"\u{1B}[0m\u{1B}[m:\u{1B}[0m\u{1B}[m[]\u{1B}[0m\u{1B}[m}\u{1B}[0m\u{1B}[m]\u{1B}[0m\n"
      ),
      (
        "1:2:3:4:5:6:7:8:x",
        "\u{1B}[6m[\u{1B}[0m\u{1B}[1mnull\u{1B}[0m\u{1B}[6m,\u{1B}[0m\u{1B}[2mfalse\u{1B}[0m\u{1B}[6m,\u{1B}[0m\u{1B}[3mtrue\u{1B}[0m\u{1B}[6m,\u{1B}[0m\u{1B}[4m1\u{1B}[0m\u{1B}[6m,\u{1B}[0m\u{1B}[5m\"a\"\u{1B}[0m\u{1B}[6m,\u{1B}[0m\u{1B}[7m{\u{1B}[0m\u{1B}[8m\"k\"\u{1B}[0m\u{1B}[7m:\u{1B}[0m\u{1B}[6m[]\u{1B}[0m\u{1B}[7m}\u{1B}[0m\u{1B}[6m]\u{1B}[0m\n"
      ),
      (
        "1;31:",
        "\u{1B}[1;39m[\u{1B}[0m\u{1B}[1;31mnull\u{1B}[0m\u{1B}[1;39m,\u{1B}[0m\u{1B}[0;39mfalse\u{1B}[0m\u{1B}[1;39m,\u{1B}[0m\u{1B}[0;39mtrue\u{1B}[0m\u{1B}[1;39m,\u{1B}[0m\u{1B}[0;39m1\u{1B}[0m\u{1B}[1;39m,\u{1B}[0m\u{1B}[0;32m\"a\"\u{1B}[0m\u{1B}[1;39m,\u{1B}[0m\u{1B}[1;39m{\u{1B}[0m\u{1B}[1;34m\"k\"\u{1B}[0m\u{1B}[1;39m:\u{1B}[0m\u{1B}[1;39m[]\u{1B}[0m\u{1B}[1;39m}\u{1B}[0m\u{1B}[1;39m]\u{1B}[0m\n"
      ),
      (
        "12345678901234567890",
        "\u{1B}[1;39m[\u{1B}[0m\u{1B}[12345678901234567890mnull\u{1B}[0m\u{1B}[1;39m,\u{1B}[0m\u{1B}[0;39mfalse\u{1B}[0m\u{1B}[1;39m,\u{1B}[0m\u{1B}[0;39mtrue\u{1B}[0m\u{1B}[1;39m,\u{1B}[0m\u{1B}[0;39m1\u{1B}[0m\u{1B}[1;39m,\u{1B}[0m\u{1B}[0;32m\"a\"\u{1B}[0m\u{1B}[1;39m,\u{1B}[0m\u{1B}[1;39m{\u{1B}[0m\u{1B}[1;34m\"k\"\u{1B}[0m\u{1B}[1;39m:\u{1B}[0m\u{1B}[1;39m[]\u{1B}[0m\u{1B}[1;39m}\u{1B}[0m\u{1B}[1;39m]\u{1B}[0m\n"
      ),
    ])
  func colors(setting: String, output: String) async throws {
    let result = try await CLI.run(
      ["-C", "-c", "."], input: Self.value, environment: ["JQ_COLORS": setting])
    #expect(result.stdout == output)
    #expect(result.stderr == "")
  }

  @Test("A character other than digits, ';' and ':' before the eighth field keeps jq's colours")
  func invalid() async throws {
    let plain = try await CLI.run(["-C", "-c", "."], input: Self.value)
    let result = try await CLI.run(
      ["-C", "-c", "."], input: Self.value, environment: ["JQ_COLORS": "1;31:x"])
    #expect(result.stdout == plain.stdout)
    #expect(result.stderr == "Failed to set $JQ_COLORS\n")
  }

  @Test("NaN prints as null in null's colour inside the number's, as jq prints it")
  func nan() async throws {
    #expect(
      try await CLI.run(["-C", "-c", "-n", "[nan, {a: nan}]"]).stdout
        == "\u{1B}[1;39m[\u{1B}[0m\u{1B}[0;39m\u{1B}[0;90mnull\u{1B}[0m\u{1B}[0m\u{1B}[1;39m,\u{1B}[0m\u{1B}[1;39m{\u{1B}[0m\u{1B}[1;34m\"a\"\u{1B}[0m\u{1B}[1;39m:\u{1B}[0m\u{1B}[0;39m\u{1B}[0;90mnull\u{1B}[0m\u{1B}[0m\u{1B}[1;39m}\u{1B}[0m\u{1B}[1;39m]\u{1B}[0m\n"
    )
    #expect(
      try await CLI.run(["-C", "-n", "{a: [nan]}"]).stdout
        == "\u{1B}[1;39m{\u{1B}[0m\n  \u{1B}[1;34m\"a\"\u{1B}[0m\u{1B}[1;39m:\u{1B}[0m \u{1B}[1;39m[\u{1B}[0m\n    \u{1B}[0;39m\u{1B}[0;90mnull\u{1B}[0m\u{1B}[0m\n  \u{1B}[1;39m]\u{1B}[0m\n\u{1B}[1;39m}\u{1B}[0m\n"
    )
  }
}
