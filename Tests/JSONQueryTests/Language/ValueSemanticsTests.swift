import JSONKit
import Testing

@testable import JSONQuery

@Suite("Value semantics jq 1.8 defines: string repetition, NaN, code-point indices, error previews")
struct ValueSemanticsTests: QueryRunning {
  @Test(
    "A string times n repeats it n truncated times: under 1 is empty, negative or NaN is null, too long is an error"
  )
  func stringRepetition() throws {
    #expect(try run("[.[] * 3]", ["a", "ab"]) == [["aaa", "ababab"]])
    // jq 1.8: `jv_string_repeat((int)n)` for n ≥ 0: 2.5 repeats twice, 0 and 0.5 give "".
    #expect(
      try run("[. * (2.5, 0.5, 0, -0.5, -1, nan)]", "ab") == [["abab", "", "", nil, nil, nil]])
    #expect(try run("[3 * .]", "ab") == [["ababab"]])
    #expect(try run(". * 1000000000", "") == [""])
    #expect(try run("try (. * 1000000000) catch .", "abc") == ["Repeat string result too long"])
  }

  @Test("A repeated string built by doubling has every copy, for counts on and off powers of 2")
  func repetitionByDoubling() throws {
    for text in ["x", "ab", "é€", "a\u{1F600}b"] {
      for count in [1, 2, 3, 7, 8, 9, 31, 64, 100] {
        #expect(ValueOps.repeated(text, count) == String(repeating: text, count: count))
      }
    }
    #expect(try run(#"[. * 1000 | length, (explode | unique | implode)]"#, "é€") == [[2000, "é€"]])
  }

  @Test("% with NaN is NaN; % by zero says remainder")
  func modulo() throws {
    #expect(try run("[nan % 1, 1 % nan | isnan]") == [[true, true]])
    #expect(
      try run("try (1 % 0) catch .") == [
        "number (1) and number (0) cannot be divided (remainder) because the divisor is zero"
      ])
  }

  @Test("index and indices on strings count code points")
  func stringIndices() throws {
    #expect(try run(#"index("!"), indices("o")"#, "☆o☆o!") == [4, [1, 3]])
  }

  @Test("limit and nth reject negative counts; nth past the end is empty")
  func negativeCounts() throws {
    #expect(try run("try limit(-1; 1) catch .") == ["limit doesn't support negative count"])
    #expect(
      try run("[nth(0, 5, 9, 10; range(10))], (try nth(-1; 1) catch .)") == [
        [0, 5, 9], "nth doesn't support negative indices",
      ])
  }

  @Test("Error messages show values up to 29 bytes, cut on a character boundary")
  func previews() throws {
    #expect(
      try run("try -. catch .", "very-long-long-long-long-string") == [
        #"string ("very-long-long-long-long...") cannot be negated"#
      ])
    #expect(
      try run("try -. catch .", "xxxx☆☆☆☆☆☆☆☆") == [#"string ("xxxx☆☆☆☆☆☆...") cannot be negated"#])
    #expect(
      try run("try -. catch .", "xx☆☆☆☆☆☆☆☆") == [#"string ("xx☆☆☆☆☆☆☆☆") cannot be negated"#])
  }
}
