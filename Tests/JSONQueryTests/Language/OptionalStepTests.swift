import JSONKit
import Testing

@testable import JSONQuery

/// The scope of a postfix `?` as jq 1.8.2's grammar gives it: right after an index, a slice
/// or an iteration it guards that step alone (INDEX_OPT, EACH_OPT), once per key, and
/// neither the target nor the key's own errors; after any other term it is `try`.
@Suite("jq 1.8.2: the scope of postfix ?")
struct OptionalStepTests: PrintedOutputs {
  @Test("each key of a guarded index is guarded on its own")
  func eachKeyOnItsOwn() throws {
    #expect(try printed(#"[.[0,"a",1]?]"#, "[0,1,2]") == ["[0,1]"])
    #expect(try printed(#"[path(.[0,"a",1]?)]"#, "[0,1,2]") == ["[[0],[1]]"])
    #expect(try printed(#".["a",0]? |= .+1"#, "[0,1,2]") == ["[1,1,2]"])
    #expect(try printed("[.[]?.x?]", #"[1,{"x":2}]"#) == ["[2]"])
    #expect(try printed("[.[]?[0]?]", #"[[1],2,"x"]"#) == ["[1]"])
  }

  @Test("the guarded step's target and key still fail")
  func stepOnly() throws {
    #expect(try failure(#"[.[error("x")]?]"#, "[0,1,2]") == Failure(outputs: [], message: "x"))
    #expect(
      try failure("[.a.b?]", "5")
        == Failure(outputs: [], message: #"Cannot index number with string ("a")"#))
    #expect(
      try failure("[.a[]?]", #""x""#)
        == Failure(outputs: [], message: #"Cannot index string with string ("a")"#))
    #expect(try printed(#"[try (.a[]?) catch "c"]"#, #""x""#) == [#"["c"]"#])
  }

  @Test("after a parenthesized term ? guards all of it")
  func wholeTerm() throws {
    #expect(try printed("[.a.b?]", #"{"a":5}"#) == ["[]"])
    #expect(try printed("[.a?.b?]", #"{"a":5}"#) == ["[]"])
    #expect(try printed("[.[]?]", "5") == ["[]"])
    #expect(try printed("[(.a.b)?]", #"{"a":5}"#) == ["[]"])
    #expect(try printed("[(.a.b)?]", "5") == ["[]"])
    #expect(try printed("[.[1:]?]", #"{"a":1}"#) == ["[]"])
    #expect(try printed("[.a?, .b]", #"{"a":1,"b":2}"#) == ["[1,2]"])
  }
}
