import CYajlNoop
import Foundation
import JSONKit

/// One subject bound to one document, ready to be timed.
struct Workload {
  let corpus: String
  let subject: String
  /// Size of the input document: the numerator of MB/s in both suites.
  let inputBytes: Int
  /// One operation.
  ///
  /// It returns a value derived from its result (the result's type, the
  /// output's length) so that the optimizer cannot discard the work.
  let operation: () throws -> Int
  /// Heap held by the parsed value ÷ `inputBytes` (parse suite only).
  let heapPerInputByte: Double?
  /// What one operation counts for in the reported rate; nil: `inputBytes` / 1e6, so the
  /// rate is MB/s.
  ///
  /// The transfer suite's small-GET batch counts its requests (requests/s).
  var unitsPerOperation: Double? = nil
}

/// What each subject does, for every suite (the map suite's are in `MapSuite.swift`).
enum Subjects {
  static func names(for suite: Arguments.Suite) -> [String] {
    switch suite {
    case .parse: ["jsonkit", "foundation", "yajl"]
    case .write: ["jsonkit", "foundation"]
    case .map: MapSuite.subjects
    case .encode: EncodeSuite.subjects
    case .server: ServerSuite.subjects
    case .query: QuerySuite.subjects
    case .transfer: TransferSuite.subjects
    case .keys: KeysSuite.subjects
    }
  }

  /// The workloads of one document, in subject order.
  ///
  /// A subject that fails on the document
  /// (e.g. Foundation rejecting something JSONKit accepts) is reported on stderr and left
  /// out, so that one odd file does not sink the whole run. The map suite skips documents it
  /// has no model for, and throws when its subjects build different models.
  static func workloads(
    suite: Arguments.Suite, subjects: [String], corpus: String, data: Data
  ) throws -> [Workload] {
    if suite == .map {
      return try MapSuite.workloads(subjects: subjects, corpus: corpus, data: data)
    }
    if suite == .query {
      return try QuerySuite.workloads(subjects: subjects, corpus: corpus, data: data)
    }
    if suite == .encode {
      return try EncodeSuite.workloads(subjects: subjects, corpus: corpus, data: data)
    }
    return subjects.compactMap { subject in
      do {
        let workload = try make(suite: suite, subject: subject, corpus: corpus, data: data)
        _ = try workload.operation()  // fails here rather than in the middle of a round
        return workload
      } catch {
        printError("skipping \(subject) on \(corpus): \(error)")
        return nil
      }
    }
  }

  private static func make(
    suite: Arguments.Suite, subject: String, corpus: String, data: Data
  ) throws -> Workload {
    let bytes = data.count
    func workload(heap: Double?, _ operation: @escaping () throws -> Int) -> Workload {
      Workload(
        corpus: corpus, subject: subject, inputBytes: bytes, operation: operation,
        heapPerInputByte: heap.map { $0 / Double(bytes) })
    }
    switch (suite, subject) {
    case (.parse, "jsonkit"):
      let heap = try HeapMeter.bytesHeld { try JSONParser.parse(data) }
      return workload(heap: heap) { try JSONParser.parse(data).type.rawValue }
    case (.parse, "foundation"):
      let heap = try HeapMeter.bytesHeld { try JSONSerialization.jsonObject(with: data) }
      return workload(heap: heap) {
        try JSONSerialization.jsonObject(with: data) is NSDictionary ? 1 : 2
      }
    case (.parse, "yajl"):
      return workload(heap: 0) {
        let status = data.withUnsafeBytes { raw in
          cyajl_noop_parse(raw.bindMemory(to: UInt8.self).baseAddress, raw.count)
        }
        guard status == 0 else { throw YajlRejected() }
        return Int(status)
      }
    case (.write, "jsonkit"):
      let json = try JSONParser.parse(data)
      let writer = JSONWriter(options: [])
      return workload(heap: nil) { writer.data(json).count }
    case (.write, "foundation"):
      let object = try JSONSerialization.jsonObject(with: data)
      return workload(heap: nil) { try JSONSerialization.data(withJSONObject: object).count }
    default:
      fatalError("no subject \(subject) in suite \(suite)")
    }
  }
}

/// The no-op yajl parse reported invalid JSON.
struct YajlRejected: Error, CustomStringConvertible {
  var description: String { "yajl rejected the document" }
}
