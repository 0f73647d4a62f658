import JSONKit

@testable import JSONQuery

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A compile error as jq 1.8.2 prints it: its message, and the line, column and carets of
/// its place.
struct ReportedCompileError: Decodable, Equatable {
  var message: String
  var line: Int
  var column: Int
  /// How many carets jq drew under the place (its length, cut at the end of the line).
  var carets: Int

  /// The errors compiling `program` reports, each as jq shows it; empty if it compiles.
  static func compiling(_ program: String) -> [ReportedCompileError] {
    do {
      _ = try Query(program)
      return []
    } catch {
      let bytes = Array(program.utf8)
      return ([error] + error.additionalErrors).map { error in
        let location = error.location ?? ProgramLocation(line: 0, column: 0, offset: 0, length: 0)
        let rest = bytes.dropFirst(location.offset)
        let lineEnd = rest.firstIndex(of: UInt8(ascii: "\n")).map { $0 - location.offset }
        let width = max(1, min(location.length, lineEnd ?? rest.count))
        return ReportedCompileError(
          message: error.message, line: location.line, column: location.column, carets: width)
      }
    }
  }

  /// The cases of the fixture `Fixtures/name` (a JSON array); empty if it cannot be read.
  static func fixture<Case: Decodable>(_ name: String, of type: Case.Type) -> [Case] {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../Fixtures/\(name)")
    guard let data = FileManager.default.contents(atPath: url.path) else { return [] }
    return (try? JSONDecoder().decode([Case].self, from: data)) ?? []
  }
}
