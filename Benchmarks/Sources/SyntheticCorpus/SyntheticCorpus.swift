import Foundation

/// Deterministic stand-ins for the usual JSON benchmark files, so the runner works (and its
/// numbers are comparable between machines) without the real corpora, which are not ours to
/// commit. Each document imitates the trait that makes its model hard or easy to parse:
///
/// - `tweets.json` (twitter.json): many small objects, repeated keys, UTF-8 text, big ids.
/// - `coordinates.json` (canada.json): almost only doubles with ~15 significant digits.
/// - `catalogue.json` (citm_catalog.json): 4-space pretty printing, integer ids, numeric keys.
/// - `strings.json` (gsoc-2018.json): long strings full of escapes and `\u` sequences.
public enum SyntheticCorpus {
  typealias Vocabulary = SyntheticVocabulary

  /// The five documents, generated from fixed seeds: the same bytes on every run.
  public static func documents() -> [CorpusDocument] {
    [
      CorpusDocument(name: "tweets.json", data: Data(tweets().serialized(indent: 2))),
      CorpusDocument(name: "coordinates.json", data: Data(coordinates().serialized(indent: 0))),
      CorpusDocument(name: "catalogue.json", data: Data(catalogue().serialized(indent: 4))),
      CorpusDocument(name: "strings.json", data: Data(strings().serialized(indent: 4))),
      CorpusDocument(name: "events.json", data: Data(events().serialized(indent: 2))),
    ]
  }

  /// Writes the five documents into `directory` (created if needed), one file each.
  public static func write(to directory: String) throws {
    let url = URL(fileURLWithPath: directory, isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for document in documents() {
      try document.data.write(to: url.appendingPathComponent(document.name))
    }
  }
}

/// One input document, named after its file (or its synthetic shape).
public struct CorpusDocument: Sendable {
  /// The file name, such as `tweets.json`.
  public let name: String
  /// The document's bytes.
  public let data: Data

  /// A document named `name` with the bytes `data`.
  public init(name: String, data: Data) {
    self.name = name
    self.data = data
  }
}
