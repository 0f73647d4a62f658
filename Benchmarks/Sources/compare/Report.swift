import Foundation

/// The summary of one (corpus, subject) pair over all rounds.
struct Summary {
  let corpus: String
  let subject: String
  let inputBytes: Int
  let bestMBps: Double
  let medianMBps: Double
  let heapPerInputByte: Double?

  init(_ workload: Workload, samples: [Double]) {
    corpus = workload.corpus
    subject = workload.subject
    inputBytes = workload.inputBytes
    heapPerInputByte = workload.heapPerInputByte
    let sorted = samples.sorted()
    bestMBps = sorted.last ?? 0
    let middle = sorted.count / 2
    medianMBps =
      sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}

/// Renders results as a markdown table (for people and the README) or as JSON lines (for
/// scripts), from the same `Summary` values.
enum Report {
  /// One JSON object per line, keys in a fixed order, written by hand so that the output does
  /// not depend on the library under test.
  ///
  /// `rate` names the figures' unit in the keys (`best_mbps`; `rps` for requests/s).
  static func jsonLines(
    _ results: [Summary], suite: Arguments.Suite, rate: String = "mbps"
  ) -> String {
    results.map { result in
      var line =
        "{\"suite\":\"\(suite.rawValue)\",\"corpus\":\(quoted(result.corpus)),"
        + "\"subject\":\(quoted(result.subject)),"
        + "\"best_\(rate)\":\(fixed(result.bestMBps, 1)),"
        + "\"median_\(rate)\":\(fixed(result.medianMBps, 1))"
      if suite == .parse {
        line += ",\"bytes_per_input_byte\":\(fixed(result.heapPerInputByte ?? 0, 2))"
      }
      return line + "}"
    }.joined(separator: "\n")
  }

  /// The (numerator, denominator) subject pairs whose MB/s ratios the table shows: JSONKit
  /// against each other subject in parse and write; in map, each JSONKit way to models
  /// against Foundation's JSONDecoder.
  static func ratioPairs(suite: Arguments.Suite, subjects: [String]) -> [(String, String)] {
    switch suite {
    case .parse, .write:
      guard subjects.contains("jsonkit") else { return [] }
      return subjects.filter { $0 != "jsonkit" }.map { ("jsonkit", $0) }
    case .map:
      guard subjects.contains("jsondecoder") else { return [] }
      return subjects.filter { $0 != "jsondecoder" }.map { ($0, "jsondecoder") }
    case .server:
      return [("jsonkit", "foundation")]
    case .encode:
      guard subjects.contains("foundation") else { return [] }
      return subjects.filter { $0 != "foundation" }.map { ($0, "foundation") }
    case .query:
      guard subjects.contains("jsonquery"), subjects.contains("swift") else { return [] }
      return [("jsonquery", "swift")]
    case .keys:
      guard subjects.contains("jsonkit"), subjects.contains("foundation") else { return [] }
      return [("jsonkit", "foundation")]
    case .transfer:
      return TransferSuite.ratioPairs(subjects: subjects)
    }
  }

  /// One row per corpus, one column per subject ("best / median" MB/s), then the ratios
  /// (`ratioPairs`) and, for parse, heap bytes held per input byte.
  ///
  /// `unit` and `title`
  /// replace the MB/s wording (the transfer suite's requests/s table).
  static func table(
    _ results: [Summary], suite: Arguments.Suite, rounds: Int, corpusLabel: String,
    unit: String = "MB/s", title customTitle: String? = nil
  ) -> String {
    let subjects = Subjects.names(for: suite).filter { name in
      results.contains { $0.subject == name }
    }
    let ratios = ratioPairs(suite: suite, subjects: subjects)
    let heapSubjects = suite == .parse ? subjects.filter { $0 != "yajl" } : []
    var corpora: [String] = []
    var byKey: [String: Summary] = [:]
    var sizes: [String: Int] = [:]
    for result in results {
      if sizes[result.corpus] == nil { corpora.append(result.corpus) }
      sizes[result.corpus] = result.inputBytes
      byKey[result.corpus + "\u{0}" + result.subject] = result
    }

    var header = ["corpus", "KB"]
    header += subjects.map { "\(label($0)) \(unit)" }
    header += ratios.map { "\(label($0.0)) ÷ \(label($0.1))" }
    header += heapSubjects.map { "heap B/B \($0)" }
    var lines = [
      "| " + header.joined(separator: " | ") + " |",
      "|" + header.enumerated().map { $0.offset == 0 ? "---|" : "--:|" }.joined(),
    ]
    for corpus in corpora {
      func result(_ subject: String) -> Summary? { byKey[corpus + "\u{0}" + subject] }
      var cells = [corpus, kilobytes(sizes[corpus] ?? 0)]
      cells += subjects.map { subject in
        result(subject).map { "\(fixed($0.bestMBps, 1)) / \(fixed($0.medianMBps, 1))" } ?? "—"
      }
      cells += ratios.map { numerator, denominator in
        guard let mine = result(numerator), let theirs = result(denominator) else { return "—" }
        return "\(fixed(mine.bestMBps / theirs.bestMBps, 2))× / "
          + "\(fixed(mine.medianMBps / theirs.medianMBps, 2))×"
      }
      cells += heapSubjects.map { subject in
        result(subject)?.heapPerInputByte.map { fixed($0, 2) } ?? "—"
      }
      lines.append("| " + cells.joined(separator: " | ") + " |")
    }
    let title =
      "\(suite.rawValue) suite, \(corpusLabel), \(rounds) round\(rounds == 1 ? "" : "s"). "
      + "Cells are best / median over rounds; MB/s = input document bytes / 1e6 / second"
      + (suite == .write ? " (input size, not output size)" : "")
      + (suite == .parse ? "; yajl = raw yajl with no-op callbacks (the ceiling)" : "")
      + (suite == .map ? " (bytes to models, parsing included)" : "")
      + (suite == .encode ? " (models to bytes; MB/s of the document the models came from)" : "")
      + (suite == .transfer
        ? " (here: of the response body; one GET + parse + models, one request at a time)" : "")
      + (suite == .query
        ? " (one run of the query on the parsed document; swift = the same computation hand-written over JSONSerialization objects)"
        : "")
      + (suite == .map || suite == .encode || suite == .query || suite == .transfer
        ? "; A ÷ B > 1 means A is faster than B." : "; ratios > 1 mean JSONKit is faster.")
    return (customTitle ?? title) + "\n\n" + lines.joined(separator: "\n")
  }

  /// Kilobytes (1000 bytes), with a decimal for the small files where it matters.
  private static func kilobytes(_ bytes: Int) -> String {
    fixed(Double(bytes) / 1000, bytes < 1000 ? 3 : bytes < 10_000 ? 1 : 0)
  }

  private static func label(_ subject: String) -> String {
    subject == "yajl" ? "yajl no-op" : subject
  }

  private static func fixed(_ value: Double, _ digits: Int) -> String {
    guard value.isFinite else { return "0" }
    return String(format: "%.\(digits)f", value)
  }

  /// A JSON string literal (file names may contain quotes or backslashes).
  private static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        out += "\\u00" + String(scalar.value, radix: 16).leftPadded(to: 2)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
