import Foundation
import JSONKit
import Mapping

/// `--suite encode`: models back to JSON text, the other half of a request handler.
///
/// The map
/// suite's models are decoded once from each document (twitter.json or the synthetic
/// tweets.json, github_events.json); each operation encodes all of them to bytes.
///
/// - `jsonkit-encoder`: `JSONKitEncoder().encode(models)` (`Codable` models).
/// - `mapping-tojson`: `Mapper<T>().toJSONString(models)` (`Mappable` models).
/// - `mapping-tojson-tree`: the `JSON` tree that `toJSONString` wrote before 2026-12-07
///   (`toJSONValue` of each model, then `JSONWriter`); its text must equal `mapping-tojson`'s.
/// - `foundation`: `JSONEncoder().encode(models)` (`Codable` models).
///
/// Dates use the document's own format in every subject. Before timing, each subject's
/// output is decoded back and must give the models it started from (`MapDigest`), and the
/// two `Codable` encoders' outputs must be the same JSON value.
enum EncodeSuite {
  static let subjects = ["jsonkit-encoder", "mapping-tojson", "mapping-tojson-tree", "foundation"]

  static func workloads(subjects: [String], corpus: String, data: Data) throws -> [Workload] {
    guard let model = MapSuite.Model(document: corpus) else {
      printError("encode suite: no model for \(corpus), skipped")
      return []
    }
    let runs = try make(model: model, data: data)
    try check(runs, corpus: corpus)
    return subjects.compactMap { subject in
      guard let run = runs[subject] else { return nil }
      return Workload(
        corpus: corpus, subject: subject, inputBytes: data.count,
        operation: { try run.encode().count }, heapPerInputByte: nil)
    }
  }

  /// One subject bound to one document's models: the timed encode, and its output read
  /// back into the digest of the models it was given.
  private struct Run {
    let encode: () throws -> Data
    let readBack: (Data) throws -> MapDigest
    let expected: MapDigest
  }

  private static func make(model: MapSuite.Model, data: Data) throws -> [String: Run] {
    switch model {
    case .twitter:
      let decoder = JSONDecoder()
      decoder.dateDecodingStrategy = .formatted(ModelDates.twitter)
      let timeline = try decoder.decode(CodableModels.Timeline.self, from: data)
      guard
        let statuses = Mapper<MapModels.Status>().mapArray(
          JSON: try JSONParser.parse(data)["statuses"])
      else { throw MappingReturnedNil() }
      var jsonkit = JSONKitEncoder()
      jsonkit.dateEncodingStrategy = .formatted(ModelDates.twitter)
      let foundation = JSONEncoder()
      foundation.dateEncodingStrategy = .formatted(ModelDates.twitter)
      var readDecoder = JSONKitDecoder()
      readDecoder.dateDecodingStrategy = .formatted(ModelDates.twitter)
      let readCodable = { [readDecoder] (data: Data) throws -> MapDigest in
        MapDigest(try readDecoder.decode(CodableModels.Timeline.self, from: data))
      }
      return [
        "jsonkit-encoder": Run(
          encode: { [jsonkit] in try jsonkit.encode(timeline) }, readBack: readCodable,
          expected: MapDigest(timeline)),
        "foundation": Run(
          encode: { try foundation.encode(timeline) }, readBack: readCodable,
          expected: MapDigest(timeline)),
      ].merging(mappingRuns(statuses, digest: MapDigest.init)) { a, _ in a }
    case .github:
      let decoder = JSONDecoder()
      decoder.dateDecodingStrategy = .iso8601
      let events = try decoder.decode([CodableModels.Event].self, from: data)
      guard let mapped = Mapper<MapModels.Event>().mapArray(JSON: try JSONParser.parse(data))
      else { throw MappingReturnedNil() }
      var jsonkit = JSONKitEncoder()
      jsonkit.dateEncodingStrategy = .iso8601
      let foundation = JSONEncoder()
      foundation.dateEncodingStrategy = .iso8601
      var readDecoder = JSONKitDecoder()
      readDecoder.dateDecodingStrategy = .iso8601
      let readCodable = { [readDecoder] (data: Data) throws -> MapDigest in
        MapDigest(try readDecoder.decode([CodableModels.Event].self, from: data))
      }
      return [
        "jsonkit-encoder": Run(
          encode: { [jsonkit] in try jsonkit.encode(events) }, readBack: readCodable,
          expected: MapDigest(events)),
        "foundation": Run(
          encode: { try foundation.encode(events) }, readBack: readCodable,
          expected: MapDigest(events)),
      ].merging(mappingRuns(mapped, digest: MapDigest.init)) { a, _ in a }
    }
  }

  /// The `Mappable` subjects for `models`: `toJSONString`, and the `JSON` tree it wrote
  /// before it wrote text directly.
  private static func mappingRuns<M: BaseMappable>(
    _ models: [M], digest: @escaping ([M]) -> MapDigest
  ) -> [String: Run] {
    let readBack = { (data: Data) throws -> MapDigest in
      guard let read = Mapper<M>().mapArray(JSON: try JSONParser.parse(data))
      else { throw MappingReturnedNil() }
      return digest(read)
    }
    return [
      "mapping-tojson": Run(
        encode: { Data((Mapper<M>().toJSONString(models) ?? "").utf8) }, readBack: readBack,
        expected: digest(models)),
      "mapping-tojson-tree": Run(
        encode: { JSONWriter().data(JSON(array: models.map(Mapper<M>().toJSONValue))) },
        readBack: readBack, expected: digest(models)),
    ]
  }

  /// Every subject's output reads back into its models, the two `Codable` encoders wrote
  /// the same JSON value, and `toJSONString` wrote the tree's text byte for byte.
  private static func check(_ runs: [String: Run], corpus: String) throws {
    for (subject, run) in runs.sorted(by: { $0.key < $1.key }) {
      let read = try run.readBack(try run.encode())
      guard read == run.expected else {
        throw EncodeMismatch(
          description:
            "encode suite: \(subject)'s output of \(corpus) reads back as \(read), not \(run.expected)"
        )
      }
    }
    if let a = runs["jsonkit-encoder"], let b = runs["foundation"] {
      let ours = try JSONParser.parse(try a.encode())
      let theirs = try JSONParser.parse(try b.encode())
      guard ours == theirs else {
        throw EncodeMismatch(
          description:
            "encode suite: jsonkit-encoder and foundation wrote different JSON for \(corpus)")
      }
    }
    if let direct = runs["mapping-tojson"], let tree = runs["mapping-tojson-tree"] {
      guard try direct.encode() == tree.encode() else {
        throw EncodeMismatch(
          description:
            "encode suite: mapping-tojson and mapping-tojson-tree wrote different text for \(corpus)"
        )
      }
    }
    printError("encode check on \(corpus): every subject's output reads back into its models")
  }
}

/// A subject's output did not read back into the models it encoded.
struct EncodeMismatch: Error, CustomStringConvertible {
  let description: String
}
