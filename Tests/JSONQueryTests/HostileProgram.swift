import Foundation
import JSONKit
import JSONQuery

/// One row of the hostile-program table (`Fixtures/hostile-programs.json`, also run through
/// the command line by JSONKitCLITests and shown in the Hardening article): a program that
/// would run for ever or take all the memory, the limits it runs under, and the limit that
/// must stop it.
struct HostileProgram: Sendable, CustomStringConvertible {
  let name: String
  let program: String
  let limits: QueryLimits
  let stoppedBy: QueryLimits.Kind

  var description: String { name }

  /// The table, in the file's order.
  static let table: [HostileProgram] = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/hostile-programs.json")
    guard let data = try? Data(contentsOf: url), let rows = try? JSON(data: data).array else {
      return []
    }
    return rows.map { row in
      let limits = row["limits"]
      return HostileProgram(
        name: row["name"].stringValue, program: row["program"].stringValue,
        limits: QueryLimits(
          steps: limits["steps"].int,
          time: limits["time"].double.map { .milliseconds(Int64($0 * 1000)) },
          memory: limits["memory"].int, outputs: limits["outputs"].int,
          outputBytes: limits["outputBytes"].int, depth: limits["depth"].int,
          regexRetries: limits["regexRetries"].int),
        stoppedBy: QueryLimits.Kind(rawValue: row["stoppedBy"].stringValue) ?? .steps)
    }
  }()
}
