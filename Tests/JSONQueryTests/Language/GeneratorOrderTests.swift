import JSONKit
import Testing

@testable import JSONQuery

/// jq 1.8.2's order of outputs when an index, a slice or a path has generators: jq's `gen_index`
/// evaluates the key before the target, so the key's outputs vary slowest (a slice's start, then
/// its end) and the target's fastest.
///
/// Expected outputs are jq 1.8.2's.
@Suite("jq 1.8.2: generator order in postfix index and slice")
struct GeneratorOrderTests: PrintedOutputs {
  @Test("an index with several keys varies the key slowest")
  func indexOrder() throws {
    #expect(try printed("[.[][0,1]]", "[[1,2],[3,4]]") == ["[1,3,2,4]"])
    #expect(
      try printed(#"[.[(0,1)][("a","b")]]"#, #"[{"a":1,"b":2},{"a":3,"b":4}]"#) == ["[1,3,2,4]"])
    #expect(try printed("[.[] | .[0,1]]", "[[1,2],[3,4]]") == ["[1,2,3,4]"])
  }

  @Test("a slice varies its start slowest, then its end, then its target")
  func sliceOrder() throws {
    #expect(try printed("[.[0,1:2,3]]", "[0,1,2]") == ["[[0,1],[0,1,2],[1],[1,2]]"])
    #expect(try printed("[.[][1:(2,3)]]", "[[1,2,3],[4,5,6]]") == ["[[2],[5],[2,3],[5,6]]"])
  }

  @Test("path() and updates follow the same order")
  func pathOrder() throws {
    #expect(try printed("[path(.[][0,1])]", "[[1,2],[3,4]]") == ["[[0,0],[1,0],[0,1],[1,1]]"])
    #expect(
      try printed("[path(.[0,1:2,3])]", "[0,1,2]") == [
        #"[[{"start":0,"end":2}],[{"start":0,"end":3}],[{"start":1,"end":2}],[{"start":1,"end":3}]]"#
      ])
    #expect(try printed(".[][0,1] |= . * 10", "[[1,2],[3,4]]") == ["[[10,20],[30,40]]"])
  }

  @Test("the key fails before the target, a slice's start before its end")
  func errorOrder() throws {
    #expect(try failure(#"(error("t")).[error("k")]"#) == Failure(outputs: [], message: "k"))
    #expect(try failure(#".[error("a"):error("b")]"#) == Failure(outputs: [], message: "a"))
  }
}
