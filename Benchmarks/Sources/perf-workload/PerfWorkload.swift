import CCallgrind
import Foundation
import SyntheticCorpus

/// Runs one of the fixed workloads of Scripts/perf-gate, counting only the workload itself
/// when run under callgrind (`--instr-atstart=no`): the setup (the synthetic documents, a
/// loopback server) and one warm-up run (lazy metadata, the first connection) are not counted.
///
///     perf-workload NAME               one workload (`perf-workload --list` names them)
///     perf-workload cli-input FILE     writes the 5 MB document of the `jsonkit` workloads
///     perf-workload parse FILE [N]     JSONParser.parse of a file (e.g. of a real corpus); with N,
///                                      N runs uncounted after the counted one (for `perf record`)
///     perf-workload yajl FILE [N]      raw yajl's no-op parse of a file, likewise
///     perf-workload ratio FILE         wall-clock time of both parses of a file, and their ratio
///     perf-workload small-gets N       N small GETs from a loopback server, 32 in flight (`SmallGets`)
///     perf-workload decode fresh|kept|foundation FILE, decode-times FILE ROUNDS
///                                      a document decoded three ways (`DecodeComparison`)
///     perf-workload encode-mapping[-tree]|encode-foundation FILE [COUNT], encode-mapping-times
///                                      FILE ROUNDS: a document's models encoded (`EncodeMapping`)
@main
struct PerfWorkload {
  static func main() {
    let arguments = Array(CommandLine.arguments.dropFirst())
    do {
      switch arguments.first {
      case "--list":
        print(Workload.allCases.map(\.rawValue).joined(separator: "\n"))
      case "cli-input" where arguments.count == 2:
        try CLIInput.data().write(to: URL(fileURLWithPath: arguments[1]))
      case "parse" where (2...3).contains(arguments.count):
        let data = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
        let workload = Workload.parse(data)
        print("parse: \(try workload.measure())")
        try workload.repeatRun(extraRuns(arguments))
      case "yajl" where (2...3).contains(arguments.count):
        let data = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
        let workload = Workload.yajl(data)
        print("yajl: \(try workload.measure())")
        try workload.repeatRun(extraRuns(arguments))
      case "ratio" where arguments.count == 2:
        let data = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
        print("ratio: \(try TimingRatio.measure(data))")
      case "small-gets" where arguments.count == 2:
        guard let count = Int(arguments[1]), count > 0 else {
          throw UsageError(message: "small-gets N: N is a positive count of GETs")
        }
        print("small-gets: \(try SmallGets.prepared(count: count).measure())")
      case "decode" where arguments.count == 3:
        guard let subject = DecodeComparison(rawValue: arguments[1]) else {
          throw UsageError(message: "decode fresh|kept|foundation FILE")
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: arguments[2]))
        print("decode \(subject.rawValue): \(try subject.prepared(data).measure())")
      case "decode-times" where arguments.count == 3:
        let data = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
        try DecodeComparison.printTimes(data, rounds: Int(arguments[2]) ?? 15)
      case "encode-mapping-times" where arguments.count == 3:
        let data = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
        try EncodeMapping.printTimes(data, rounds: Int(arguments[2]) ?? 15)
      case let name? where EncodeMapping(rawValue: name) != nil && arguments.count <= 3:
        guard arguments.count >= 2, let subject = EncodeMapping(rawValue: name) else {
          throw UsageError(message: "\(name) FILE [COUNT]")
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: arguments[1]))
        let count = arguments.count == 3 ? Int(arguments[2]) ?? 1 : 1
        print("\(name): \(try subject.prepared(data, count: count).measure())")
      case let name? where arguments.count == 1:
        guard let workload = Workload(rawValue: name) else {
          throw UsageError(message: "unknown workload \(name); --list names them")
        }
        let summary = try workload.prepared().measure()
        print("\(name): \(summary)")
      default:
        throw UsageError(
          message:
            "usage: perf-workload NAME | --list | cli-input FILE | parse FILE [N] | yajl FILE [N]"
            + " | ratio FILE"
            + " | decode fresh|kept|foundation FILE | decode-times FILE ROUNDS"
            + " | encode-mapping[-tree]|encode-foundation FILE [COUNT]"
            + " | encode-mapping-times FILE ROUNDS | small-gets N"
        )
      }
    } catch {
      FileHandle.standardError.write(Data("perf-workload: \(error)\n".utf8))
      exit(1)
    }
  }
}

/// A workload ready to run: its inputs made, its server started.
struct PreparedWorkload {
  /// One run of the workload; returns a short summary of what it produced (a count), which
  /// keeps the result alive and shows that the run did its work.
  let run: () throws -> String
  /// Called after the measured run (stops a server).
  var finish: () -> Void = {}

  /// Runs once uncounted, then once counted; returns the counted run's summary.
  func measure() throws -> String {
    _ = try run()
    perf_callgrind_start()
    let summary = try run()
    perf_callgrind_stop()
    finish()
    return summary
  }

  /// Runs the workload `count` more times, uncounted: a long enough run for `perf record`
  /// to sample one workload alone.
  func repeatRun(_ count: Int) throws {
    for _ in 0..<count { _ = try run() }
  }
}

/// The `N` of `parse FILE [N]` and `yajl FILE [N]`: extra uncounted runs, 0 without it.
private func extraRuns(_ arguments: [String]) throws -> Int {
  guard arguments.count == 3 else { return 0 }
  guard let count = Int(arguments[2]), count >= 0 else {
    throw UsageError(message: "N is a count of extra runs, 0 or more")
  }
  return count
}

/// A mistake on the command line.
struct UsageError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}
