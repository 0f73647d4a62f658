import JSONKit
import Testing

@testable import JSONQuery

/// `setpath`, `getpath`, `delpaths` and the assignments step through a path's containers:
/// the last key is set in its container in one call, a path of two keys walks with no
/// stack, a longer one with an explicit stack of the containers above its last key, and
/// `delpaths` puts each changed container back with one step (issue 29, the path-walk
/// cost).
///
/// Every kind of key at every position (a member, an element counted from
/// either end or truncated, a slice, and the keys a container cannot have), in paths of one
/// to five keys and of 100 to 10,000, on null, objects, arrays and scalars, through
/// `setpath`, `=`, `|=`, `+=`, `//=`, the in-place updates of `reduce`, `delpaths`, `del`,
/// `fromstream` and `with_entries`; the input is printed beside the result where it must be
/// unchanged. Each case of `Fixtures/path-steps.json` is what `/work/jq18/jq -c PROGRAM`
/// printed for its input: the outputs, and the error after them.
@Suite("Path steps: setpath, getpath, delpaths and assignments as jq 1.8.2's at every depth")
struct PathStepTests: PrintedOutputs {
  /// One program of the fixture, its input, and what jq 1.8.2 printed.
  struct Case: Decodable, CustomTestStringConvertible {
    var program: String
    var input: String
    var outputs: [String]
    var error: String?
    var testDescription: String { "\(program) on \(input)" }
  }

  static let cases = ReportedCompileError.fixture("path-steps.json", of: Case.self)

  @Test("the fixture has paths that are set and paths that fail, shallow and deep")
  func fixtureLoads() {
    #expect(Self.cases.filter { $0.error == nil }.count > 400)
    #expect(Self.cases.filter { $0.error != nil }.count > 100)
    #expect(Self.cases.contains { $0.program.contains("range(10000)") })
  }

  @Test("each program prints jq 1.8.2's outputs, and its error after them", arguments: cases)
  func matchesJQ(_ test: Case) throws {
    if let message = test.error {
      let failure = try failure(test.program, test.input)
      #expect(failure == Failure(outputs: test.outputs, message: message))
    } else {
      #expect(try printed(test.program, test.input) == test.outputs)
    }
  }
}
