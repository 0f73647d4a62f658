import Foundation
import SyntheticCorpus

/// The input of the `jsonkit` workloads: the synthetic github_events document's events,
/// repeated into one top-level array of about 5 MB.
enum CLIInput {
  static let minimumSize = 5_000_000

  static func data() -> Data {
    let events = SyntheticCorpus.documents().first { $0.name == "events.json" }!.data
    // The elements between the outer brackets, without the surrounding white space.
    let open = events.firstIndex(of: UInt8(ascii: "["))!
    let close = events.lastIndex(of: UInt8(ascii: "]"))!
    let elements = events[(open + 1)..<close]
    var document = Data("[".utf8)
    while document.count < minimumSize {
      if document.count > 1 { document.append(UInt8(ascii: ",")) }
      document.append(contentsOf: elements)
    }
    document.append(contentsOf: "]\n".utf8)
    return document
  }
}
