import CYajlNoop
import Foundation
import JSONKit

/// Wall-clock time of `JSONParser.parse` against raw yajl's no-op parse of the same bytes,
/// interleaved round by round so that a change in the machine's load touches both alike.
///
/// The instruction counts of Scripts/perf-gate say how much work a parse does; this says how
/// long it takes, for the ratio next to the counted one (`perf-workload ratio FILE`).
enum TimingRatio {
  /// Runs `rounds` rounds of both parses and describes the medians and their ratio.
  ///
  /// Each sample parses about 4 MB (at least once), so that the clock's resolution and
  /// the call's overhead do not matter.
  static func measure(_ data: Data, rounds: Int = 31) throws -> String {
    let repeats = max(1, 4_000_000 / max(data.count, 1))
    let yajl = Workload.yajl(data).run
    let parse = Workload.parse(data).run
    _ = try yajl()
    _ = try parse()
    var yajlTimes: [UInt64] = []
    var parseTimes: [UInt64] = []
    for _ in 0..<rounds {
      yajlTimes.append(try time(repeats, yajl))
      parseTimes.append(try time(repeats, parse))
    }
    let yajlMedian = median(yajlTimes)
    let parseMedian = median(parseTimes)
    let ratio = Double(yajlMedian) / Double(parseMedian)
    return "yajl \(yajlMedian / UInt64(repeats)) ns, parse \(parseMedian / UInt64(repeats)) ns, "
      + "yajl / parse \(String(format: "%.3f", ratio)) (medians of \(rounds) rounds)"
  }

  /// Nanoseconds that `repeats` runs of `body` take.
  private static func time(_ repeats: Int, _ body: () throws -> String) throws -> UInt64 {
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<repeats { _ = try body() }
    return DispatchTime.now().uptimeNanoseconds - start
  }

  private static func median(_ values: [UInt64]) -> UInt64 {
    values.sorted()[values.count / 2]
  }
}
