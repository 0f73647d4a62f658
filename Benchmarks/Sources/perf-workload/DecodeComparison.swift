import Foundation
import JSONKit

/// The decode of a document three ways (GitHub events, twitter.json or citm_catalog.json, see
/// `prepared`): the A/B of `JSONKitDecoder`'s projections (issue 30), counted by callgrind
/// or timed.
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

  /// The decode of `data`, ready to run.
  ///
  /// `kept` has decoded twice already (its second decode records the projection), so every
  /// run it makes is projected. The model is
  /// chosen by the document's shape: `DecodeModels.Timeline` for twitter.json,
  /// `DecodeModels.Catalog` for citm_catalog.json, GitHub events otherwise.
  func prepared(_ data: Data) throws -> PreparedWorkload {
    let head = String(decoding: data.prefix(200), as: UTF8.self)
    if head.contains("\"statuses\"") {
      return try prepared(data, DecodeModels.Timeline.self) { "\($0.statuses.count) statuses" }
    }
    if head.contains("\"areaNames\"") {
      return try prepared(data, DecodeModels.Catalog.self) { "\($0.performances.count) shows" }
    }
    return try prepared(data, [GateModels.Event].self) { "\($0.count) events" }
  }

  private func prepared<Model: Decodable>(
    _ data: Data, _ type: Model.Type, _ summary: @escaping (Model) -> String
  ) throws -> PreparedWorkload {
    switch self {
    case .fresh:
      return PreparedWorkload { summary(try JSONKitDecoder().decode(type, from: data)) }
    case .kept:
      let decoder = JSONKitDecoder()
      for _ in 0..<2 { _ = try decoder.decode(type, from: data) }
      return PreparedWorkload { summary(try decoder.decode(type, from: data)) }
    case .foundation:
      let decoder = JSONDecoder()
      return PreparedWorkload { summary(try decoder.decode(type, from: data)) }
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
