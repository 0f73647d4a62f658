import JSONKit
import Testing

@testable import JSONQuery

/// `break` as jq 1.8.2 raises it: an error whose value is `{"__jq": label id}`, which the
/// label catches; a `try` or `?` between the two catches it first.
@Suite("jq 1.8.2: break inside try")
struct BreakInTryTests: PrintedOutputs {
  @Test("try and ? catch a break, whose value is the label")
  func tryCatchesBreak() throws {
    #expect(try printed("[label $f | try (1, break $f, 2) catch .]") == [#"[1,{"__jq":0}]"#])
    #expect(try printed(#"[label $f | 1, (try break $f catch "c"), 2]"#) == [#"[1,"c",2]"#])
    #expect(try printed("[label $f | label $g | try break $g catch .]") == [#"[{"__jq":1}]"#])
    #expect(try printed("[label $f | (break $f)?, 1]") == ["[1]"])
    #expect(
      try printed(
        #"[label $f | .[] | try (if . == 2 then break $f else . end) catch "caught"]"#, "[1,2,3]")
        == [#"[1,"caught",3]"#])
  }

  @Test("a break raised again from catch still reaches its label")
  func rethrownBreak() throws {
    #expect(try printed("[label $f | try break $f catch error]") == ["[]"])
    #expect(try printed("[label $f | 1, (try break $f catch error), 2]") == ["[1]"])
    #expect(try printed(#"[label $f | error({"__jq": 0}), 1]"#) == ["[]"])
    #expect(try printed(#"try error({"__jq": 0}) catch ."#) == [#"{"__jq":0}"#])
  }

  @Test("without try a break stops at its label")
  func plainBreak() throws {
    #expect(
      try printed("[label $f | .[] | if . > 1 then break $f else . end]", "[1,2,3]") == ["[1]"])
    #expect(try printed("[label $f | (1, break $f, 2) as $x | $x]") == ["[1]"])
  }
}
