import Foundation
import JSONKit
import Mapping

/// The encode suite's `mapping-tojson`, `mapping-tojson-tree` and `foundation` subjects.
///
/// On a document's models (compare's `MapModels` and `CodableModels`, linked here), counted
/// by callgrind or timed:
///
///     perf-workload encode-mapping FILE [COUNT]        COUNT encodes (default 1) counted
///                                                      together: `toJSONString`
///     perf-workload encode-mapping-tree FILE [COUNT]   the same through a `JSON` tree
///                                                      (`toJSONValue`, then `JSONWriter`)
///     perf-workload encode-foundation FILE [COUNT]     `JSONEncoder` on the `Codable` models
///     perf-workload encode-mapping-times FILE ROUNDS   the three timed in interleaved rounds
///
/// The models are twitter.json's statuses when the document has `"statuses"`, GitHub
/// events otherwise; dates in the document's own format. Instructions per encode: the
/// difference between two counts, divided by the difference in encodes (which takes out
/// what one run pays once).
enum EncodeMapping: String, CaseIterable {
  case mapping = "encode-mapping"
  case tree = "encode-mapping-tree"
  case foundation = "encode-foundation"

  /// `count` encodes of `data`'s models, ready to run; the summary is the bytes written.
  ///
  /// - Parameters:
  ///   - data: twitter.json or github_events.json.
  ///   - count: encodes per run.
  /// - Returns: the workload.
  /// - Throws: when the document does not parse or its models do not map or decode.
  func prepared(_ data: Data, count: Int) throws -> PreparedWorkload {
    let encode = try encoder(data)
    return PreparedWorkload {
      var bytes = 0
      for _ in 0..<count { bytes += try encode().count }
      return "\(bytes) bytes"
    }
  }

  /// One encode of `data`'s models.
  private func encoder(_ data: Data) throws -> () throws -> Data {
    let isTwitter = try JSONParser.parse(data)["statuses"].exists()
    switch (self, isTwitter) {
    case (.foundation, true):
      let decoder = JSONDecoder()
      decoder.dateDecodingStrategy = .formatted(ModelDates.twitter)
      let timeline = try decoder.decode(CodableModels.Timeline.self, from: data)
      let encoder = JSONEncoder()
      encoder.dateEncodingStrategy = .formatted(ModelDates.twitter)
      return { try encoder.encode(timeline) }
    case (.foundation, false):
      let decoder = JSONDecoder()
      decoder.dateDecodingStrategy = .iso8601
      let events = try decoder.decode([CodableModels.Event].self, from: data)
      let encoder = JSONEncoder()
      encoder.dateEncodingStrategy = .iso8601
      return { try encoder.encode(events) }
    case (_, true):
      let json = try JSONParser.parse(data)["statuses"]
      return try mappingEncoder(Mapper<MapModels.Status>().mapArray(JSON: json))
    case (_, false):
      return try mappingEncoder(Mapper<MapModels.Event>().mapArray(JSON: JSONParser.parse(data)))
    }
  }

  private func mappingEncoder<M: BaseMappable>(_ models: [M]?) throws -> () throws -> Data {
    guard let models else { throw UsageError(message: "the document's models did not map") }
    if self == .tree {
      return { JSONWriter().data(JSON(array: models.map(Mapper<M>().toJSONValue))) }
    }
    return { Data((Mapper<M>().toJSONString(models) ?? "").utf8) }
  }

  /// Times the three encodes in `rounds` interleaved rounds and prints each one's median
  /// time per encode and `foundation`'s median divided by it.
  ///
  /// A sample is as many encodes as make about 4 MB of the document, as `TimingRatio`'s.
  static func printTimes(_ data: Data, rounds: Int) throws {
    let repeats = max(1, 4_000_000 / max(data.count, 1))
    let encoders = try allCases.map { try $0.encoder(data) }
    var nanoseconds = Array(repeating: [UInt64](), count: encoders.count)
    for _ in 0..<rounds {
      for (i, encode) in encoders.enumerated() {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<repeats { _ = try encode() }
        nanoseconds[i].append(DispatchTime.now().uptimeNanoseconds - start)
      }
    }
    let medians = nanoseconds.map { Double($0.sorted()[$0.count / 2]) / Double(repeats) }
    let foundation = medians[allCases.count - 1]
    for (subject, median) in zip(allCases, medians) {
      let ratio = foundation / median
      print("\(subject.rawValue): \(Int(median / 1000)) us per encode, \(ratio)x foundation")
    }
  }
}
