import Foundation
import SyntheticCorpus

extension CorpusDocument {
  /// Every `*.json` file directly inside `directory`, sorted by name so that runs and
  /// tables are in a stable order.
  static func load(directory: String) throws -> [CorpusDocument] {
    let url = URL(fileURLWithPath: directory, isDirectory: true)
    let entries: [String]
    do {
      entries = try FileManager.default.contentsOfDirectory(atPath: url.path)
    } catch {
      throw UsageError("cannot list corpus directory \(directory)")
    }
    let names =
      entries
      .filter { $0.hasSuffix(".json") }
      .sorted()
    return try names.map { name in
      CorpusDocument(name: name, data: try Data(contentsOf: url.appendingPathComponent(name)))
    }
  }
}
