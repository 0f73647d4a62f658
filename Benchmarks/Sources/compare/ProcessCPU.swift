import Foundation
import Synchronization

/// CPU time (user + system) of the whole process, for the transfer suite's per-request
/// figure: under outside load wall-clock rates move a lot from run to run, while the CPU the
/// process spends on a batch of requests barely moves.
///
/// The loopback server runs in the same process, so its share is in every subject's figure
/// alike; differences between subjects are the clients'.
enum ProcessCPU {
  /// Seconds of CPU the process has used so far.
  static func now() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF, &usage)
    let user = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) * 1e-6
    let system = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) * 1e-6
    return user + system
  }

  /// The three load averages of `/proc/loadavg` (the machine's, not the process's), or "?"
  /// where there is no such file.
  static func loadAverage() -> String {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else {
      return "?"
    }
    return text.split(separator: " ").prefix(3).joined(separator: " ")
  }
}

/// CPU seconds and operations of one subject, added up over every call of its operation
/// (calibration and timed rounds).
final class CPUMeter: Sendable {
  private let totals = Mutex((seconds: 0.0, operations: 0))

  /// Runs `operation` and adds the process CPU time it took.
  func measure(_ operation: () throws -> Int) rethrows -> Int {
    let start = ProcessCPU.now()
    defer {
      let spent = ProcessCPU.now() - start
      totals.withLock {
        $0.seconds += spent
        $0.operations += 1
      }
    }
    return try operation()
  }

  /// Mean CPU seconds per operation; nil before the first.
  var secondsPerOperation: Double? {
    totals.withLock { $0.operations == 0 ? nil : $0.seconds / Double($0.operations) }
  }

  var operations: Int { totals.withLock { $0.operations } }
}
