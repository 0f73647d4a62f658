import Foundation
import JSONKit
import Mapping

/// The map suite: from a document's bytes to models, by JSONKit's ObjectMapper port
/// (`mapping`), Foundation's `JSONDecoder` (`jsondecoder`) and JSONKit's own `Decoder`
/// (`jsonkit-decoder`), all over the same model shape (`MapModels`, `CodableModels`).
///
/// Each operation starts from the `Data` and ends with the models, so parsing is included
/// for every subject. Before timing, every subject decodes the document once and the
/// results are compared (`MapDigest`); a difference stops the run.
enum MapSuite {
  /// Every subject, in table order.
  static let subjects = ["mapping", "jsondecoder", "jsonkit-decoder"]

  /// The model of a document, chosen by its file name; documents without one are skipped.
  enum Model {
    /// twitter.json, and the synthetic tweets.json which has the same keys.
    case twitter
    /// github_events.json, and the synthetic events.json which has the same keys.
    case github

    init?(document: String) {
      switch document {
      case "twitter.json", "tweets.json": self = .twitter
      case "github_events.json", "events.json": self = .github
      default: return nil
      }
    }

    static let documents =
      "twitter.json, github_events.json, synthetic tweets.json and events.json"
  }

  /// The workloads of one document in `subjects` order, after checking that every subject
  /// of the suite (timed or not) builds the same models.
  static func workloads(subjects: [String], corpus: String, data: Data) throws -> [Workload] {
    guard let model = Model(document: corpus) else {
      printError("map suite: no model for \(corpus), skipped (models for \(Model.documents))")
      return []
    }
    var runs: [String: Run] = [:]
    var digests: [(subject: String, digest: MapDigest)] = []
    for subject in Self.subjects {
      let run = make(subject: subject, model: model, data: data)
      do {
        digests.append((subject, try run.digest()))
        runs[subject] = run
      } catch {
        printError("skipping \(subject) on \(corpus): \(error)")
      }
    }
    try check(digests, corpus: corpus)
    return subjects.compactMap { subject in
      runs[subject].map { run in
        Workload(
          corpus: corpus, subject: subject, inputBytes: data.count, operation: run.operation,
          heapPerInputByte: nil)
      }
    }
  }

  /// Throws when the subjects disagree, naming each one's digest (also used by the
  /// transfer suite, whose subjects end in the same models).
  static func check(
    _ digests: [(subject: String, digest: MapDigest)], corpus: String, suite: String = "map"
  ) throws {
    guard let reference = digests.first?.digest else { return }
    let names = digests.map(\.subject).joined(separator: ", ")
    guard digests.allSatisfy({ $0.digest == reference }) else {
      throw MapMismatch(suite: suite, corpus: corpus, digests: digests)
    }
    let agreement = digests.count > 1 ? "\(names) agree" : "only \(names) (nothing to compare)"
    printError("\(suite) check on \(corpus): \(agreement): \(reference)")
  }

  // MARK: Subjects

  /// One subject bound to one document: the timed operation, and the same decoding reduced
  /// to a digest for the check.
  private struct Run {
    let operation: () throws -> Int
    let digest: () throws -> MapDigest
  }

  private static func run<Models>(
    _ decode: @escaping () throws -> Models, touch: @escaping (Models) -> Int,
    digest: @escaping (Models) -> MapDigest
  ) -> Run {
    Run(operation: { touch(try decode()) }, digest: { digest(try decode()) })
  }

  private static func make(subject: String, model: Model, data: Data) -> Run {
    switch (model, subject) {
    case (.twitter, "mapping"):
      return run(
        {
          let json = try JSONParser.parse(data)
          guard let statuses = Mapper<MapModels.Status>().mapArray(JSON: json["statuses"]) else {
            throw MappingReturnedNil()
          }
          return statuses
        }, touch: { $0.count &+ Int(truncatingIfNeeded: $0.last?.id ?? 0) }, digest: MapDigest.init)
    case (.twitter, "jsondecoder"):
      let decoder = JSONDecoder()
      decoder.dateDecodingStrategy = .formatted(ModelDates.twitter)
      return run(
        { try decoder.decode(CodableModels.Timeline.self, from: data) },
        touch: { $0.statuses.count &+ Int(truncatingIfNeeded: $0.statuses.last?.id ?? 0) },
        digest: MapDigest.init)
    case (.twitter, "jsonkit-decoder"):
      var decoder = JSONKitDecoder()
      decoder.dateDecodingStrategy = .formatted(ModelDates.twitter)
      return run(
        { [decoder] in try decoder.decode(CodableModels.Timeline.self, from: data) },
        touch: { $0.statuses.count &+ Int(truncatingIfNeeded: $0.statuses.last?.id ?? 0) },
        digest: MapDigest.init)
    case (.github, "mapping"):
      return run(
        {
          let json = try JSONParser.parse(data)
          guard let events = Mapper<MapModels.Event>().mapArray(JSON: json) else {
            throw MappingReturnedNil()
          }
          return events
        }, touch: { $0.count &+ ($0.last?.actor.id ?? 0) }, digest: MapDigest.init)
    case (.github, "jsondecoder"):
      let decoder = JSONDecoder()
      decoder.dateDecodingStrategy = .iso8601
      return run(
        { try decoder.decode([CodableModels.Event].self, from: data) },
        touch: { $0.count &+ ($0.last?.actor.id ?? 0) }, digest: MapDigest.init)
    case (.github, "jsonkit-decoder"):
      var decoder = JSONKitDecoder()
      decoder.dateDecodingStrategy = .iso8601
      return run(
        { [decoder] in try decoder.decode([CodableModels.Event].self, from: data) },
        touch: { $0.count &+ ($0.last?.actor.id ?? 0) }, digest: MapDigest.init)
    default:
      fatalError("no subject \(subject) in the map suite")
    }
  }
}

/// `Mapper.mapArray` returned `nil`: the value was not an array.
struct MappingReturnedNil: Error, CustomStringConvertible {
  var description: String { "Mapper.mapArray returned nil (not an array)" }
}

/// The subjects of the map suite built different models from one document.
struct MapMismatch: Error, CustomStringConvertible {
  let suite: String
  let corpus: String
  let digests: [(subject: String, digest: MapDigest)]

  var description: String {
    "\(suite) suite: the subjects built different models from \(corpus):\n"
      + digests.map { "  \($0.subject): \($0.digest)" }.joined(separator: "\n")
  }
}
