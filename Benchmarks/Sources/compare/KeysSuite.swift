import Foundation
import JSONKit

/// `--suite keys`: one object with 1,000, 10,000 and 100,000 keys, to show that nothing
/// grows faster than the number of keys (the hardening issue's "100,000 keys in one
/// object" case, measured here instead of in a timed test).
///
/// - **parse**: the whole object, MB/s; JSONKit's `JSONParser.parse` against
///   `JSONSerialization`.
/// - **lookup**: `lookupsPerOperation` lookups of keys spread over the object (one in ten
///   missing), lookups/s; `json[key]` against `[String: Any]`'s subscript. Flat rates across
///   the three sizes mean constant-time lookups.
/// - **insert**: building the object in code, one `json[key] = value` per key into an
///   empty `JSON` object, against `[String: Any]`; keys/s. Flat rates mean no copy per insert.
///
/// The corpus is ignored: the documents are generated (`k0`, `k1`, … with small values).
enum KeysSuite {
  static let sizes = [1_000, 10_000, 100_000]
  static let subjects = ["jsonkit", "foundation"]
  static let lookupsPerOperation = 10_000

  static func document(keys: Int) -> Data {
    var text = "{"
    for index in 0..<keys {
      if index > 0 { text += "," }
      text += #""k\#(index)":{"id":\#(index),"name":"item \#(index)"}"#
    }
    return Data((text + "}").utf8)
  }

  /// Keys to look up: spread over the object, every tenth one absent.
  static func probes(keys: Int) -> [String] {
    (0..<lookupsPerOperation).map { index in
      index % 10 == 9 ? "absent\(index)" : "k\((index &* 7_919) % keys)"
    }
  }

  static func run(_ arguments: Arguments) throws -> String {
    let subjects = arguments.subjects ?? Self.subjects
    var parse: [Workload] = []
    var lookup: [Workload] = []
    var insert: [Workload] = []
    for size in sizes {
      let label = "\(size) keys"
      let data = document(keys: size)
      let probes = probes(keys: size)
      let json = try JSONParser.parse(data)
      guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
        throw UsageError("JSONSerialization did not read an object")
      }
      let expected = probes.filter { !$0.hasPrefix("absent") }.count
      for subject in subjects {
        switch subject {
        case "jsonkit":
          parse.append(
            Workload(
              corpus: label, subject: subject, inputBytes: data.count,
              operation: {
                try JSONParser.parse(data).count
              }, heapPerInputByte: nil))
          lookup.append(
            countedWorkload(
              label, subject, data.count, expected: expected, units: lookupsPerOperation,
              verb: "found"
            ) { probes.reduce(0) { $0 + (json[$1].exists() ? 1 : 0) } })
          insert.append(
            countedWorkload(label, subject, data.count, expected: size, units: size, verb: "built")
            {
              var built = JSON(dictionary: [:])
              for index in 0..<size { built["k\(index)"] = JSON(index) }
              return built.count
            })
        case "foundation":
          parse.append(
            Workload(
              corpus: label, subject: subject, inputBytes: data.count,
              operation: {
                (try JSONSerialization.jsonObject(with: data) as? [String: Any])?.count ?? 0
              }, heapPerInputByte: nil))
          lookup.append(
            countedWorkload(
              label, subject, data.count, expected: expected, units: lookupsPerOperation,
              verb: "found"
            ) { probes.reduce(0) { $0 + (object[$1] != nil ? 1 : 0) } })
          insert.append(
            countedWorkload(label, subject, data.count, expected: size, units: size, verb: "built")
            {
              var built: [String: Any] = [:]
              for index in 0..<size { built["k\(index)"] = index }
              return built.count
            })
        default:
          throw UsageError(
            "no subject '\(subject)' in the keys suite (\(Self.subjects.joined(separator: ", ")))")
        }
      }
    }
    printError("\(parse.count + lookup.count + insert.count) workloads; calibrating…")
    let all = parse + lookup + insert
    let samples = try Timing.run(all, rounds: arguments.rounds) { printError($0) }
    let results = zip(all, samples).map { Summary($0, samples: $1) }
    let parsed = Array(results[0..<parse.count])
    let looked = Array(results[parse.count..<(parse.count + lookup.count)])
    let inserted = Array(results[(parse.count + lookup.count)...])
    switch arguments.format {
    case .json:
      return [
        Report.jsonLines(parsed, suite: .keys),
        Report.jsonLines(looked, suite: .keys, rate: "lookups_per_s"),
        Report.jsonLines(inserted, suite: .keys, rate: "keys_per_s"),
      ].joined(separator: "\n")
    case .table:
      let rounds = "\(arguments.rounds) round\(arguments.rounds == 1 ? "" : "s")"
      return [
        Report.table(
          parsed, suite: .keys, rounds: arguments.rounds, corpusLabel: "one object of N keys"),
        Report.table(
          looked, suite: .keys, rounds: arguments.rounds, corpusLabel: "", unit: "Mlookups/s",
          title:
            "keys suite, lookups, \(rounds): \(lookupsPerOperation) lookups (one in ten missing) per "
            + "operation; best / median million lookups per second; flat across sizes = constant time."
        ),
        Report.table(
          inserted, suite: .keys, rounds: arguments.rounds, corpusLabel: "", unit: "Mkeys/s",
          title:
            "keys suite, building the object in code, \(rounds): one subscript set per key into an "
            + "empty object; best / median million keys per second; flat across sizes = no copy per insert."
        ),
      ].joined(separator: "\n\n")
    }
  }

  /// A workload that must return `expected` (so a subject that loses keys fails the run)
  /// and counts `units` per operation (lookups or inserts) instead of bytes.
  private static func countedWorkload(
    _ label: String, _ subject: String, _ bytes: Int, expected: Int, units: Int, verb: String,
    _ body: @escaping () -> Int
  ) -> Workload {
    var workload = Workload(
      corpus: label, subject: subject, inputBytes: bytes,
      operation: {
        let count = body()
        guard count == expected else {
          throw UsageError("\(subject) \(verb) \(count) of \(expected) keys")
        }
        return count
      }, heapPerInputByte: nil)
    workload.unitsPerOperation = Double(units) / 1e6
    return workload
  }
}
