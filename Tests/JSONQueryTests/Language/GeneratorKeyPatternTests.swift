import JSONKit
import Testing

@testable import JSONQuery

/// Destructuring with an object pattern whose key has several outputs (`{("a", "b"): $x}`):
/// jq 1.8.2 backtracks into the key, so `as`, `reduce` and `foreach` see one binding per
/// output (an earlier key varying slowest).
@Suite("jq 1.8.2: destructuring with a generator key")
struct GeneratorKeyPatternTests: PrintedOutputs {
  @Test("as binds once per output of the key")
  func asBindsEachKey() throws {
    #expect(try printed(#"[. as {("a","b"): $x} | $x]"#, #"{"a":1,"b":2}"#) == ["[1,2]"])
    #expect(
      try printed(#"[. as {("a","b"): $x, a: $y} | [$x,$y]]"#, #"{"a":1,"b":2}"#) == [
        "[[1,1],[2,1]]"
      ])
    #expect(
      try printed(#"[. as [{("a","b"): $x}, $y] | [$x,$y]]"#, #"[{"a":1,"b":2},3]"#) == [
        "[[1,3],[2,3]]"
      ])
    #expect(
      try printed(
        #"[. as {("a","b"): {("c","d"): $x}} | $x]"#, #"{"a":{"c":1,"d":2},"b":{"c":3,"d":4}}"#)
        == ["[1,2,3,4]"])
    #expect(
      try printed(#"[. as {$a, ("a","b"): $x} | [$a, $x]]"#, #"{"a":1,"b":2}"#) == ["[[1,1],[1,2]]"]
    )
    #expect(try printed(#"[.[] as {("a","b"): $x} ?// $x | $x]"#, #"[{"a":1,"b":2}]"#) == ["[1,2]"])
  }

  @Test("reduce and foreach run a round per binding")
  func loopsBindEachKey() throws {
    #expect(try printed(#"reduce . as {("a","b"): $x} (0; . + $x)"#, #"{"a":1,"b":2}"#) == ["3"])
    #expect(
      try printed(#"[foreach . as {("a","b"): $x} (0; . + $x)]"#, #"{"a":1,"b":2}"#) == ["[1,3]"])
    #expect(
      try printed(#"[foreach . as {("a","b"): $x} (0; . + $x; [$x, .])]"#, #"{"a":1,"b":2}"#) == [
        "[[1,1],[2,3]]"
      ])
  }

  @Test("a key that is not a string fails when it comes")
  func keyErrors() throws {
    #expect(
      try failure(#"[. as {("a",1): $x} | $x]"#, #"{"a":1}"#)
        == Failure(outputs: [], message: "Cannot index object with number (1)"))
  }
}
