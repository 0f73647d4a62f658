import Foundation
import TestInputs
import Testing

@testable import JSONKitCore

/// A decoder that keeps its projections decodes seeded random documents exactly as a fresh
/// decoder (which parses everything) does: the same values, the same errors.
@Suite("JSONKitDecoder projections against full decodes on random documents")
struct DecoderProjectionDifferentialTests {
  /// A model whose reads depend on the document: optional keys, keys read only for some
  /// `mode`s, a recursive array, a dictionary, a `JSON` field, `contains`.
  struct Probe: Decodable, Equatable {
    var mode: Int?
    var name: String?
    var children: [Probe]?
    var tags: [String: Int]?
    var raw: JSON?
    var flagged: Bool

    enum CodingKeys: String, CodingKey { case mode, name, children, tags, raw, flag }

    init(from decoder: any Decoder) throws {
      let c = try decoder.container(keyedBy: CodingKeys.self)
      mode = try c.decodeIfPresent(Int.self, forKey: .mode)
      let m = mode ?? 0
      name = m % 2 == 0 ? try c.decodeIfPresent(String.self, forKey: .name) : nil
      children = try c.decodeIfPresent([Probe].self, forKey: .children)
      tags = m % 3 == 0 ? try? c.decode([String: Int].self, forKey: .tags) : nil
      raw = m == 5 ? try c.decode(JSON.self, forKey: .raw) : nil
      flagged = m == 4 ? c.contains(.flag) : false
    }
  }

  /// Random JSON values and probe-shaped documents.
  struct Generator {
    var random: SplitMix64

    mutating func chance(_ percent: Int) -> Bool {
      Int.random(in: 0..<100, using: &random) < percent
    }

    mutating func scalar() -> String {
      switch Int.random(in: 0..<5, using: &random) {
      case 0: return "null"
      case 1: return chance(50) ? "true" : "false"
      case 2: return String(Int.random(in: -1000...1000, using: &random))
      case 3: return "\(Double(Int.random(in: 0...999, using: &random)) / 8)"
      default: return "\"s\(Int.random(in: 0..<50, using: &random))\""
      }
    }

    mutating func value(depth: Int) -> String {
      guard depth > 0, chance(40) else { return scalar() }
      let count = Int.random(in: 0...3, using: &random)
      if chance(50) {
        return "[" + (0..<count).map { _ in value(depth: depth - 1) }.joined(separator: ",") + "]"
      }
      let members = (0..<count).map { i in "\"k\(i)\":\(value(depth: depth - 1))" }
      return "{" + members.joined(separator: ",") + "}"
    }

    mutating func probe(depth: Int) -> String {
      var members: [String] = []
      if chance(85) {
        members.append(
          #""mode":"# + (chance(95) ? String(Int.random(in: 0...6, using: &random)) : #""x""#))
      }
      if chance(70) { members.append(#""name":"# + (chance(90) ? #""n""# : "1")) }
      if depth > 0 && chance(60) {
        let n = Int.random(in: 0...3, using: &random)
        let children = (0..<n).map { _ in probe(depth: depth - 1) }
        members.append(#""children":["# + children.joined(separator: ",") + "]")
      }
      if chance(50) {
        let n = Int.random(in: 0...3, using: &random)
        let tags = (0..<n).map { i in
          "\"t\(Int.random(in: 0..<6, using: &random))\(i)\":" + (chance(90) ? "\(i)" : #""v""#)
        }
        members.append(#""tags":{"# + tags.joined(separator: ",") + "}")
      }
      if chance(50) { members.append(#""raw":"# + value(depth: 3)) }
      if chance(40) { members.append(#""flag":"# + scalar()) }
      if chance(60) { members.append(#""junk":"# + value(depth: 3)) }
      members.shuffle(using: &random)
      return "{" + members.joined(separator: ",") + "}"
    }
  }

  /// The outcome of one decode: the value or the error's description.
  enum Outcome: Equatable {
    case value([Probe])
    case error(String)
  }

  func outcome(_ decode: () throws -> [Probe]) -> Outcome {
    do { return .value(try decode()) } catch { return .error(String(describing: error)) }
  }

  @Test("Projected decodes of 400 random documents equal full decodes", arguments: [1, 2, 3])
  func projectedEqualsFull(seed: UInt64) throws {
    var generator = Generator(random: SplitMix64(seed: seed))
    let kept = JSONKitDecoder()
    for _ in 0..<400 {
      let n = Int.random(in: 1...3, using: &generator.random)
      let text = "[" + (0..<n).map { _ in generator.probe(depth: 2) }.joined(separator: ",") + "]"
      let data = Data(text.utf8)
      let projected = outcome { try kept.decode([Probe].self, from: data) }
      let full = outcome { try JSONKitDecoder().decode([Probe].self, from: data) }
      #expect(projected == full, "seed \(seed): \(text)")
    }
    // The documents did get projected: the decoder made a projection for the type.
    let plan = kept.projections.withLock { $0.plans[ObjectIdentifier([Probe].self)] }
    if case .recorded = plan {} else { Issue.record("no projection: \(String(describing: plan))") }
  }
}
