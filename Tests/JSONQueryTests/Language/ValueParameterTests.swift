import JSONKit
import Testing

@testable import JSONQuery

/// A `$x` parameter, as jq 1.8.2 defines it (`def f($x): body` is `def f(x): x as $x | body`):
/// `$x` is each output of the argument, and the filter `x` is still the whole argument.
@Suite("jq 1.8.2: a $x parameter is also the filter x")
struct ValueParameterTests: PrintedOutputs {
  @Test("the filter x yields every output of the argument, $x one at a time")
  func bothNames() throws {
    #expect(try printed("def f($x): [$x, x]; f(1,2)") == ["[1,1,2]", "[2,1,2]"])
    #expect(try printed("def f($x): x; [f(1,2)]") == ["[1,2,1,2]"])
    #expect(
      try printed("def f($a; $b): [$a, $b, a, b]; f(1,2; 3)") == ["[1,3,1,2,3]", "[2,3,1,2,3]"])
    #expect(try printed("def f(g; $x): [g, x, $x]; f(.; 2)", "7") == ["[7,2,2]"])
    #expect(try printed("def f($x): def g: x; [g]; f(1,2)") == ["[1,2]", "[1,2]"])
  }

  @Test("x runs on the input it is given, as a closure")
  func runsOnItsInput() throws {
    #expect(
      try failure("def f($x): x | x; [f(.[])]", "[1,2]")
        == Failure(outputs: [], message: "Cannot iterate over number (1)"))
  }
}
