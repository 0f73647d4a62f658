import Foundation

/// Locates test fixture files beside the test sources.
///
/// The test target excludes `Fixtures/` from its sources and has no resource bundle, so
/// files are found from this source file's path: `Tests/JSONKitTests/Fixtures/…`.
enum Fixtures {
  /// `Tests/JSONKitTests/Fixtures`.
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Support
    .deletingLastPathComponent()  // JSONKitTests
    .appendingPathComponent("Fixtures", isDirectory: true)

  /// The `test_parsing` files of Nicolas Seriot's JSONTestSuite (MIT, see its LICENSE).
  static let jsonTestSuite = directory.appendingPathComponent("JSONTestSuite", isDirectory: true)

  /// The sorted names of the `.json` files in `folder` whose names start with `prefix`.
  static func names(in folder: URL, prefix: String) -> [String] {
    let all = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return all.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
  }

  /// The JSONTestSuite files whose names start with `prefix` (`y_`, `n_` or `i_`).
  static func jsonTestSuite(_ prefix: String) -> [String] {
    names(in: jsonTestSuite, prefix: prefix)
  }

  /// The bytes of a JSONTestSuite file.
  static func jsonTestSuiteData(_ name: String) throws -> Data {
    try Data(contentsOf: jsonTestSuite.appendingPathComponent(name))
  }
}

/// A `DateFormatter` with `pattern`, the `en_US_POSIX` locale and a fixed-offset zone: the
/// kind `FixedDateFormat` reads and writes without ICU.
func posixDateFormatter(_ pattern: String, offset: Int) -> DateFormatter {
  let formatter = DateFormatter()
  formatter.locale = Locale(identifier: "en_US_POSIX")
  formatter.timeZone = TimeZone(secondsFromGMT: offset)
  formatter.dateFormat = pattern
  return formatter
}
