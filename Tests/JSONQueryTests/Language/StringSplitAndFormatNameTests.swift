import JSONKit
import Testing

@testable import JSONQuery

/// Strings as jq 1.8.2 splits them (by bytes, or by code point for an empty separator, never
/// by grapheme cluster) and format names as its lexer reads them (`@` then name characters,
/// a leading digit included: such a format fails when it runs).
@Suite("jq 1.8.2: split by code point, and @0 format names")
struct StringSplitAndFormatNameTests: PrintedOutputs {
  @Test("an empty separator splits by code point")
  func splitByCodePoint() throws {
    #expect(try printed(#"split("")"#, #""aé😀👍🏽""#) == [#"["a","é","😀","👍","🏽"]"#])
    #expect(try printed(#". / """#, #""aé😀👍🏽""#) == [#"["a","é","😀","👍","🏽"]"#])
    #expect(try printed(#"split("")"#, #""""#) == ["[]"])
  }

  @Test("a separator matches code points, not whole characters")
  func splitByBytes() throws {
    #expect(try printed(#"split("👍")"#, #""a👍🏽b👍""#) == [#"["a","🏽b",""]"#])
    #expect(try printed(#"split(",")"#, #""""#) == ["[]"])
    #expect(try printed(#"split(",")"#, #""a,,b,""#) == [#"["a","","b",""]"#])
    #expect(try printed(#"split("ab")"#, #""xabyabab""#) == [#"["x","y","",""]"#])
  }

  @Test("a format name starting with a digit fails at run time")
  func digitFormats() throws {
    #expect(try failure("@0") == Failure(outputs: [], message: "0 is not a valid format"))
    #expect(try failure(#"@0 "x\(1)""#) == Failure(outputs: [], message: "0 is not a valid format"))
    #expect(
      try failure("[.[] | @9a]", "[1]") == Failure(outputs: [], message: "9a is not a valid format")
    )
    #expect(try printed("try @1x catch .") == [#""1x is not a valid format""#])
  }
}
