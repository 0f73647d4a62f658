import Foundation
import JSONKit
import Synchronization
import TestProcesses
import Testing

@testable import JSONQuery

/// Runs jq's own test files in-process through `Query` and guards the tests that pass.
@Suite("jq conformance (in-process)")
struct JQConformanceTests {
  static let files = [
    "dev.test", "man.test", "onig.test", "manonig.test", "base64.test", "uri.test", "optional.test",
  ]
  static let passingListURL = JQTestFile.directory.appendingPathComponent("passing.txt")

  /// Whether `test` passes: compile failure for `%%FAIL`, else the expected values in order.
  static func passes(_ test: JQTestCase) -> Bool {
    if ProcessInfo.processInfo.environment["JQ_CONFORMANCE_TRACE"] != nil {
      FileHandle.standardError.write(Data("running \(test.id)\n".utf8))
    }
    if test.mustFail {
      do {
        _ = try Query(
          test.program,
          options: QueryOptions(libraryPaths: [
            JQTestFile.directory.appendingPathComponent("modules").path
          ]))
        return false
      } catch { return error.kind == .compile }
    }
    guard let input = try? JSON(data: Data(test.input.utf8)) else { return false }
    var expected: [JSON] = []
    for line in test.expected {
      guard let value = try? JSON(data: Data(line.utf8)) else { return false }
      expected.append(value)
    }
    let query: Query
    do {
      query = try Query(
        test.program,
        options: QueryOptions(libraryPaths: [
          JQTestFile.directory.appendingPathComponent("modules").path
        ]))
    } catch { return false }
    var results = query.run(on: input, context: QueryContext(), stepLimit: 100_000)
    for value in expected {
      guard let actual = try? results.next(), JSON.compare(actual, value) == 0 else { return false }
    }
    // Like jq's runner: an error after the expected outputs does not fail; an extra value does.
    if let extra = try? results.next(), extra != nil { return false }
    return true
  }

  /// Runs every test on a thread with a large stack (deeply nested programs recurse); the
  /// task is suspended meanwhile, holding no thread of the cooperative pool.
  static func runAll() async throws -> [(file: String, passed: [String], total: Int)] {
    try await onOwnThread(stackSize: 1 << 28) {
      var report: [(file: String, passed: [String], total: Int)] = []
      for file in files {
        guard let tests = try? JQTestFile.load(file) else { continue }
        report.append((file, tests.filter(passes).map(\.id), tests.count))
      }
      return report
    }
  }

  @Test("The jq tests that passed still pass")
  func passingTestsKeepPassing() async throws {
    let report = try await Self.runAll()
    let listed = Set(
      try String(contentsOf: Self.passingListURL, encoding: .utf8)
        .split(separator: "\n").map(String.init).filter { !$0.isEmpty })
    var passingNow: Set<String> = []
    for entry in report {
      print("jq conformance: \(entry.file): \(entry.passed.count)/\(entry.total) passed")
      passingNow.formUnion(entry.passed)
    }
    let regressions = listed.subtracting(passingNow).sorted()
    #expect(regressions.isEmpty, "tests that passed before and fail now: \(regressions)")
    let newPasses = passingNow.subtracting(listed).sorted()
    if !newPasses.isEmpty {
      print("jq conformance: \(newPasses.count) new passes; add to Fixtures/jq/passing.txt:")
      print(newPasses.joined(separator: "\n"))
    }
    #expect(report.count == Self.files.count)
  }

  @Test("jq's test files are parsed into their tests")
  func testFileParsing() {
    let tests = JQTestFile.parse(
      "# c\n.a\n{\"a\":1}\n1\n\n%%FAIL\n}\njq: error\n\n.[]\n[1,2]\n1\n2\n", file: "x")
    #expect(tests.map(\.id) == ["x:2", "x:7", "x:10"])
    #expect(tests[0].expected == ["1"])
    #expect(tests[1].mustFail && tests[1].expected == ["jq: error"])
    #expect(tests[2].expected == ["1", "2"])
  }
}
