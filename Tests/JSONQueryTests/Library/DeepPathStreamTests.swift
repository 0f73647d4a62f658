import JSONKit
import Testing

@testable import JSONQuery

/// The class "a path longer than jq's MAX_PATH_DEPTH": refused where jq 1.8.2 refuses it.
///
/// jq refuses a path of more than 10,000 components in `getpath` and `setpath`, and so in `tostream` (which reads each value
/// with `getpath`) and `fromstream` (which sets it); `paths`, `paths(f)`, `path(..)` and `..`
/// build their paths without those and go deeper. The events before the refused value
/// come out first, as in jq's order.
@Suite("tostream, fromstream and getpath refuse paths past 10,000 as jq; paths go deeper")
struct DeepPathStreamTests {
  /// A program's outputs on `null`, each compact.
  private func outputs(_ program: String) throws -> [JSON] {
    try Query(program).values(on: .null)
  }

  /// `{"a": {"a": … 0}}`, `depth` levels, as a jq expression.
  private func nested(_ depth: Int) -> String {
    "(reduce range(\(depth)) as $x (0; {a: .}))"
  }

  @Test("tostream fails at the first value deeper than 10,000, after the events before it")
  func toStreamRefusesDeepValues() throws {
    // jq 1.8.2's outputs.
    #expect(
      try outputs("[1, \(nested(10_000))] | [try tostream catch .] | length, .[0], .[-1]")
        == [2, [[0], 1], "Path too deep"])
    #expect(
      try outputs("[1, (reduce range(10000) as $x (0; [.]))] | [try tostream catch .] | .[-1]")
        == ["Path too deep"])
    #expect(
      try outputs("\(nested(10_001)) | try fromstream(tostream) catch .") == ["Path too deep"])
    #expect(
      try outputs("[[range(10001) | \"a\"], 1] | try (fromstream(.) | 1) catch .")
        == ["Path too deep"])
  }

  @Test("tostream at exactly 10,000 levels streams as jq")
  func toStreamAtTheLimitStreams() throws {
    #expect(
      try outputs("\(nested(10_000)) | [limit(3; tostream)] | map(.[0] | length)")
        == [[10_000, 10_000, 9_999]])
  }

  @Test("getpath takes 10,000 components and refuses 10,001; paths and .. go deeper")
  func getpathLimitAndDeeperPaths() throws {
    let program =
      "\(nested(10_001)) | [getpath([range(10000) | \"a\"])], "
      + "(try getpath([range(10001) | \"a\"]) catch .), ([..] | length), "
      + "([paths(type == \"number\")] | map(length))"
    #expect(try outputs(program) == [[["a": 0]], "Path too deep", 10_002, [10_001]])
  }
}
