import Foundation

/// One test of a jq `.test` file, read the way jq's runner (and run_jq_tests.py) reads them.
struct JQTestCase {
  /// "file:line" of the program line.
  var id: String
  var program: String
  var input: String
  var expected: [String]
  /// `%%FAIL`: the program must not compile.
  var mustFail: Bool
}

enum JQTestFile {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/jq")

  static func load(_ name: String) throws -> [JQTestCase] {
    let text = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
    return parse(text, file: name)
  }

  /// Blank and comment lines separate tests; `%%FAIL` marks a compile-failure test whose
  /// following lines are the expected message.
  static func parse(_ text: String, file: String) -> [JQTestCase] {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var tests: [JQTestCase] = []
    var i = 0
    func isSeparator(_ line: String) -> Bool {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      return trimmed.isEmpty || trimmed.hasPrefix("#")
    }
    while i < lines.count {
      if isSeparator(lines[i]) {
        i += 1
        continue
      }
      var mustFail = false
      if lines[i].hasPrefix("%%FAIL") {
        mustFail = true
        i += 1
        guard i < lines.count else { break }
      }
      let programLine = i + 1
      let program = lines[i]
      i += 1
      if mustFail {
        var message: [String] = []
        while i < lines.count, !isSeparator(lines[i]) {
          message.append(lines[i])
          i += 1
        }
        tests.append(
          JQTestCase(
            id: "\(file):\(programLine)", program: program, input: "", expected: message,
            mustFail: true))
        continue
      }
      guard i < lines.count else { break }
      let input = lines[i]
      i += 1
      var expected: [String] = []
      while i < lines.count, !isSeparator(lines[i]) {
        expected.append(lines[i])
        i += 1
      }
      tests.append(
        JQTestCase(
          id: "\(file):\(programLine)", program: program, input: input, expected: expected,
          mustFail: false))
    }
    return tests
  }
}
