import Foundation
import SyntheticCorpus

/// Entry point of `compare`: reads the corpus (or generates one), times every subject on
/// every document with interleaved rounds, and prints a table or JSON lines on stdout.
///
/// Progress and problems go to stderr so that `--format json` output stays clean.
@main
enum Compare {
  static func main() {
    let arguments: Arguments
    do {
      arguments = try Arguments.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
      printError("error: \(error)\n\n\(Arguments.synopsis)\nSee compare --help.")
      exit(2)
    }
    if arguments.showHelp {
      print(Arguments.usage)
      return
    }
    do {
      try run(arguments)
    } catch {
      printError("error: \(error)")
      exit(1)
    }
  }

  private static func run(_ arguments: Arguments) throws {
    if let directory = arguments.writeSynthetic {
      try SyntheticCorpus.write(to: directory)
      printError("wrote the synthetic corpus to \(directory)")
    }
    guard let suite = arguments.suite else { return }

    let documents: [CorpusDocument]
    let corpusLabel: String
    if let directory = arguments.corpus {
      documents = try CorpusDocument.load(directory: directory)
      corpusLabel = "corpus \(directory)"
      guard !documents.isEmpty else {
        throw UsageError("no *.json files in \(directory)")
      }
    } else {
      documents = SyntheticCorpus.documents()
      corpusLabel = "synthetic corpus"
    }
    if suite == .keys {
      print(try KeysSuite.run(arguments))
      return
    }
    if suite == .transfer {
      print(try TransferSuite.run(arguments, documents: documents))
      return
    }
    if suite == .server {
      print(try ServerSuite.run(arguments, documents: documents))
      return
    }

    // Corpus-major, subject-minor: each round visits documents in order and runs every
    // subject on a document back to back, so its bytes are equally warm for all of them.
    let workloads = try documents.flatMap { document in
      try Subjects.workloads(
        suite: suite, subjects: arguments.subjects ?? Subjects.names(for: suite),
        corpus: document.name, data: document.data)
    }
    guard !workloads.isEmpty else {
      throw UsageError(
        suite == .map || suite == .encode
          ? "no document to map in the \(corpusLabel) (models for \(MapSuite.Model.documents))"
          : "no subject worked on any document")
    }
    printError("\(workloads.count) workloads; calibrating…")
    let samples = try Timing.run(workloads, rounds: arguments.rounds) { printError($0) }
    let results = zip(workloads, samples).map { Summary($0, samples: $1) }

    switch arguments.format {
    case .json: print(Report.jsonLines(results, suite: suite))
    case .table:
      print(Report.table(results, suite: suite, rounds: arguments.rounds, corpusLabel: corpusLabel))
    }
  }
}

/// Writes a line to stderr.
func printError(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}
