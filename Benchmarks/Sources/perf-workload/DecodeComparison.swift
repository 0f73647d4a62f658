import Foundation
import JSONKit

/// The decode of GitHub events three ways, on any file of github_events.json's shape: the
/// A/B of `JSONKitDecoder`'s projections (issue 30), counted by callgrind or timed.
///
///     perf-workload decode fresh|kept|foundation FILE   one counted decode
///     perf-workload decode-times FILE ROUNDS            interleaved timings, medians
///
/// - `fresh`: a new `JSONKitDecoder` per decode, which parses the whole document (as every
///   decode did before projections);
/// - `kept`: one decoder for every decode, which from the third on parses only what
///   `GateModels.Event` reads;
/// - `foundation`: Foundation's `JSONDecoder`.
enum DecodeComparison: String, CaseIterable {
  case fresh, kept, foundation

  /// The decode of `data`, ready to run; `kept` has decoded twice already (its second
  /// decode records the projection), so every run it makes is projected.
  func prepared(_ data: Data) throws -> PreparedWorkload {
    switch self {
    case .fresh:
      return PreparedWorkload {
        "\(try JSONKitDecoder().decode([GateModels.Event].self, from: data).count) events"
      }
    case .kept:
      let decoder = JSONKitDecoder()
      for _ in 0..<2 { _ = try decoder.decode([GateModels.Event].self, from: data) }
      return PreparedWorkload {
        "\(try decoder.decode([GateModels.Event].self, from: data).count) events"
      }
    case .foundation:
      let decoder = JSONDecoder()
      return PreparedWorkload {
        "\(try decoder.decode([GateModels.Event].self, from: data).count) events"
      }
    }
  }

  /// Times the three decodes in `rounds` interleaved rounds of about 20 ms each and prints
  /// each one's median time per decode and its ratio to `foundation`.
  static func printTimes(_ data: Data, rounds: Int) throws {
    let workloads = try allCases.map { ($0, try $0.prepared(data)) }
    var samples: [DecodeComparison: [Double]] = [:]
    for _ in 0..<rounds {
      for (subject, workload) in workloads {
        let start = DispatchTime.now().uptimeNanoseconds
        var runs = 0
        repeat {
          _ = try workload.run()
          runs += 1
        } while DispatchTime.now().uptimeNanoseconds - start < 20_000_000
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
        samples[subject, default: []].append(elapsed / Double(runs))
      }
    }
    func median(_ subject: DecodeComparison) -> Double {
      let sorted = samples[subject, default: []].sorted()
      return sorted[sorted.count / 2]
    }
    let reference = median(.foundation)
    for subject in allCases {
      let m = median(subject)
      let ratio = reference / m
      print("\(subject.rawValue): \(Int(m / 1000)) us per decode, \(ratio)x foundation")
    }
  }
}
