import JSONKit
import Testing

@testable import JSONQuery

@Suite("Native builtins: dates, math, searches and their jq-defined companions")
struct NativeFunctionTests: QueryRunning {
  @Test("gmtime, mktime, strftime, strptime, todate and fromdate agree with jq's examples")
  func dates() throws {
    #expect(try run("gmtime", 1_425_599_507) == [[2015, 2, 5, 23, 51, 47, 4, 63]])
    #expect(try run("gmtime[5]", 1_425_599_507.25) == [47.25])
    #expect(try run("mktime", [2024, 8, 21]) == [1_726_876_800])
    #expect(
      try run(#"strftime("%A, %B %d, %Y")"#, 1_435_677_542.822351) == ["Tuesday, June 30, 2015"])
    #expect(
      try run(#"strptime("%Y-%m-%dT%H:%M:%SZ")"#, "2015-03-05T23:51:47Z") == [
        [2015, 2, 5, 23, 51, 47, 4, 63]
      ])
    #expect(try run("fromdate", "2015-03-05T23:51:47Z") == [1_425_599_507])
    #expect(try run("todate", 1_425_599_507) == ["2015-03-05T23:51:47Z"])
    #expect(
      try run(#"try strftime("%Y") catch ."#, ["a", 1]) == [
        "strftime/1 requires parsed datetime inputs"
      ])
    #expect(
      try run(#"try strptime("%Y-%m-%d") catch ."#, "soon") == [
        #"date "soon" does not match format "%Y-%m-%d""#
      ])
  }

  @Test("Math functions of one, two and three arguments; a non-number is jq's error")
  func math() throws {
    #expect(
      try run("[16 | log2, (-2 | fabs), (1 | atan * 4 | . * 1000 | floor)]") == [[4, 2, 3141]])
    #expect(
      try run("[atan2(1; 1) * 4 * 1000 | floor], fma(2; 3; 4), (8 | frexp)") == [
        [3141], 10, [0.5, 4],
      ])
    #expect(try run(#"try ("a" | log2) catch ."#) == [#"string ("a") number required"#])
  }

  @Test("bsearch finds an index or where to insert (-1 - position), skip, trimstr, transpose")
  func collections() throws {
    #expect(try run("bsearch(0), bsearch(4), bsearch(2)", [0, 1, 2]) == [0, -4, 2])
    #expect(try run("bsearch(0)", [1, 2, 3]) == [-1])
    #expect(try run("[skip(3; .[])]", [1, 2, 3, 4, 5]) == [[4, 5]])
    #expect(try run("try skip(-1; error) catch .") == ["skip doesn't support negative count"])
    #expect(
      try run(#"[.[] | trimstr("foo")]"#, ["fo", "foo", "barfoo", "foobarfoo"]) == [
        ["fo", "", "bar", "bar"]
      ])
    #expect(try run("transpose", [[1, 2], [3]]) == [[[1, 3], [2, nil]]])
    #expect(
      try run(#"try _strindices("abc") catch ."#, 123) == [
        "number (123) cannot be searched, as it is not a string"
      ])
  }
}
