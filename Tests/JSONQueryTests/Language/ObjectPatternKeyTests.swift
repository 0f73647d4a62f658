import JSONKit
import Testing

@testable import JSONQuery

/// An object pattern's key computed at run time (`{(expr): $x}`) indexes as `.[key]` does.
///
/// That is jq 1.8.2's `INDEX`: a number key picks an array element, counting from the end
/// when negative, and an impossible index is `.[key]`'s error. Constant keys that are not
/// strings are refused when the program compiles (ConstantFoldingTests). Expected values are
/// jq 1.8.2's outputs for the same programs.
@Suite("jq 1.8.2: object-pattern keys computed at run time index as .[key] does")
struct ObjectPatternKeyTests: PrintedOutputs {
  @Test("A number key picks an array element, from the end when negative")
  func numberKeysIndexArrays() throws {
    #expect(try printed(#"[1,2] as {(-1): $x} | $x"#) == ["2"])
    #expect(try printed(#"[1,2] as {(-1): $x, (-2): $y} | [$x, $y]"#) == ["[2,1]"])
    #expect(try printed(#". as {(.[0]): $x} | $x"#, "[1,2]") == ["2"])
    #expect(try printed(#"[3,4] as $v | $v as {($v[0] - 3): $x} | $x"#) == ["3"])
    #expect(try printed(#"null as {(-1): $x} | $x"#) == ["null"])
    #expect(try printed(#"[1,2] as [$a] ?// {(-1): $a} | $a"#) == ["1"])
  }

  @Test("An index .[key] refuses is refused with its error")
  func impossibleIndexesFail() throws {
    #expect(
      try failure(#". as {(.a): $x} | $x"#, #"{"a":1}"#)
        == Failure(outputs: [], message: "Cannot index object with number (1)"))
    #expect(
      try failure(#""ab" as {(-1): $x} | $x"#)
        == Failure(outputs: [], message: "Cannot index string with number (-1)"))
    #expect(
      try failure(#". as {(.): $x} | $x"#)
        == Failure(outputs: [], message: "Cannot index null with null (null)"))
    #expect(
      try failure(#"[1,2] as {(null | not | not): $x} | $x"#)
        == Failure(outputs: [], message: "Cannot index array with boolean (false)"))
  }
}
