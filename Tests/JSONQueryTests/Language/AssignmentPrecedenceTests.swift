import JSONKit
import Testing

@testable import JSONQuery

/// Precedence of `//`, the update-assignment operators and `as` as jq 1.8.2's grammar has it:
/// assignments bind tighter than `//` and do not chain; `as` takes the whole expression.
@Suite("jq 1.8.2: precedence of //, update operators and as")
struct AssignmentPrecedenceTests: PrintedOutputs {
  @Test("// binds looser than the assignment operators")
  func alternativeBelowAssignment() throws {
    #expect(try printed(".[0] |= empty // 5", "[1]") == ["[]"])
    #expect(try printed(".[0] |= (empty // 5)", "[1]") == ["[5]"])
    #expect(try printed(".a = 1 // 2", "{}") == [#"{"a":1}"#])
    #expect(try printed("[.a // .b |= 3]", #"{"b":1}"#) == [#"[{"b":3}]"#])
    #expect(try printed("[.a |= 3 // .b]", #"{"b":1}"#) == [#"[{"b":1,"a":3}]"#])
    #expect(try printed("[.a += 1 // 5]", #"{"a":null}"#) == [#"[{"a":1}]"#])
  }

  @Test("chained update operators are syntax errors")
  func chainedAssignments() throws {
    #expect(throws: QueryError.self) { try Query(". += 1 -= 2") }
    #expect(throws: QueryError.self) { try Query(".[] |= .[] |= 1") }
    #expect(throws: QueryError.self) { try Query(". = 1 = 2") }
    #expect(throws: QueryError.self) { try Query(".a //= .b //= 1") }
  }

  @Test("as binds the whole expression before it, // included")
  func bindingTakesTheExpression() throws {
    #expect(try printed("[1 // 2 as $x | $x + 10]") == ["[11]"])
    #expect(try printed("[null // 2 as $x | $x + 10]") == ["[12]"])
    #expect(try printed("[.[] as $x | $x // 3]", "[null,1]") == ["[3,1]"])
    #expect(try printed("1 as $x | 2 // 3") == ["2"])
    #expect(throws: QueryError.self) { try Query("{a: 1 as $x | $x}") }
    #expect(try printed("reduce 1 // 2 as $x (0; . + $x)") == ["1"])
    #expect(try printed(".a |= 1 as $x | $x", "{}") == [#"{"a":1}"#])
  }
}
