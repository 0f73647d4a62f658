import Foundation
import JSONKit
import TestInputs
import Testing

/// `JSONParser.Options.projection`: the parser builds only the projected parts, and accepts
/// or rejects exactly the inputs it would without a projection, with the same errors.
@Suite("Projection")
struct ProjectionTests {
  typealias Step = JSONProjection.Step

  @Test("Objects keep the named members; arrays keep every element, projected")
  func pruning() throws {
    let text = #"{"a":{"b":1,"c":2},"d":[{"b":1,"x":2},3,[4]],"e":"s","f":{"b":{"deep":[1]}}}"#
    let projection = JSONProjection(paths: [
      [.key("a"), .key("b")], [.key("d"), .each, .key("b")],
    ])
    #expect(try parsed(text, projection) == #"{"a":{"b":1},"d":[{"b":1},3,[4]]}"#)
  }

  @Test("A key step keeps an array whole; an index step keeps an object whole")
  func mismatchedContainersStayWhole() throws {
    let byKey = JSONProjection(paths: [[.key("a"), .key("b")]])
    #expect(try parsed(#"{"a":[1,{"b":2,"c":3}],"z":0}"#, byKey) == #"{"a":[1,{"b":2,"c":3}]}"#)
    let byIndex = JSONProjection(paths: [[.key("a"), .element, .key("b")]])
    #expect(
      try parsed(#"{"a":{"0":{"b":1,"c":2}},"z":0}"#, byIndex) == #"{"a":{"0":{"b":1,"c":2}}}"#)
    #expect(try parsed(#"{"a":[{"b":1,"c":2}],"z":0}"#, byIndex) == #"{"a":[{"b":1}]}"#)
  }

  @Test("Keys with escapes are matched on their decoded text, kept or skipped")
  func escapedKeys() throws {
    let projection = JSONProjection(paths: [[.key("a"), .key("b\"c")]])
    let text = #"{"\u0061":{"b\"c":1,"\u0062":2},"\u00e9":{"x":1},"a\"":3}"#
    #expect(try parsed(text, projection) == #"{"a":{"b\"c":1}}"#)
  }

  @Test("Duplicate keys: the last value wins, at the place of the first")
  func duplicateKeys() throws {
    let projection = JSONProjection(paths: [[.key("a"), .key("b")], [.key("c")]])
    let text = #"{"a":1,"c":0,"x":9,"a":{"b":2,"z":3},"c":[1]}"#
    #expect(try parsed(text, projection) == #"{"a":{"b":2},"c":[1]}"#)
  }

  @Test("Scalars and containers at the top level, and projections that keep everything")
  func topLevel() throws {
    let projection = JSONProjection(paths: [[.key("a")]])
    #expect(try parsed("42", projection) == "42")
    #expect(try parsed(#""s""#, projection) == #""s""#)
    #expect(try parsed(#"[{"a":1}]"#, projection) == #"[{"a":1}]"#)
    #expect(JSONProjection(paths: [[], [.key("a")]]).keepsEverything)
    #expect(!projection.keepsEverything)
    #expect(try parsed(#"{"a":1,"b":2}"#, JSONProjection(paths: [])) == "{}")
  }

  @Test("What is skipped is still checked: UTF-8, escapes, control characters, depth")
  func skippedPartsAreValidated() throws {
    let projection = JSONProjection(paths: [[.key("keep")]])
    let bad: [[UInt8]] = [
      Array(#"{"keep":1,"skip":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8),
      Array(#"{"keep":1,"skip":{"k":"\ud800"}}"#.utf8),
      Array(#"{"keep":1,"skip":["\x"]}"#.utf8),
      Array(#"{"keep":1,"sk"#.utf8) + [0xFF] + Array(#"ip":2}"#.utf8),
      Array(#"{"keep":1,"\udc00":2}"#.utf8),
      Array(#"{"keep":1,"skip":"a"#.utf8) + [0x01] + Array(#""}"#.utf8),
      Array(#"{"keep":1,"skip":[1,]}"#.utf8),
      Array(#"{"keep":1,"skip":{"a" 1}}"#.utf8),
      Array(#"{"keep":1,"skip":[01]}"#.utf8),
      Array(#"{"keep":1,"skip":[1}"#.utf8),
    ]
    for input in bad {
      let full = Result { () throws(JSONError) in try JSONParser.parse(Data(input)) }
      let projected = Result { () throws(JSONError) in
        try JSONParser.parse(Data(input), options: .init(projection: projection))
      }
      let text = String(decoding: input, as: UTF8.self)
      guard case .failure(let a) = full, case .failure(let b) = projected else {
        Issue.record("expected both to fail: \(text.debugDescription)")
        continue
      }
      #expect(a == b, "\(text.debugDescription)")
    }
    let deep =
      #"{"keep":1,"skip":"# + String(repeating: "[", count: 5) + String(repeating: "]", count: 5)
      + "}"
    let options = JSONParser.Options(maxDepth: 5, projection: projection)
    var thrown: JSONError?
    do { _ = try JSONParser.parse(Data(deep.utf8), options: options) } catch { thrown = error }
    #expect(thrown?.parseFailure == .nestingTooDeep(limit: 5))
    #expect(try parsed(#"{"keep":1,"skip":[[[]]]}"#, projection, maxDepth: 4) == #"{"keep":1}"#)
  }

  @Test("Random documents and projections: the parse equals the full parse, pruned")
  func randomDocumentsMatchTheReference() throws {
    var rng = SplitMix64(seed: 77)
    for round in 0..<1500 {
      let text = Self.randomValue(&rng, depth: 0)
      let paths = (0..<Int.random(in: 1...3, using: &rng)).map { _ in Self.randomPath(&rng) }
      let projection = JSONProjection(paths: paths)
      let full = try JSONParser.parse(Data(text.utf8))
      let expected = JSONWriter().string(Self.prune(full, paths))
      let context = Comment(rawValue: "round \(round): \(text) paths \(paths)")
      #expect(try parsed(text, projection) == expected, context)
      // The same through the stream parser, in small chunks.
      let parser = JSONStreamParser(options: .init(projection: projection))
      let bytes = Array(text.utf8)
      var values: [JSON] = []
      var start = 0
      while start < bytes.count {
        let end = min(bytes.count, start + Int.random(in: 1...9, using: &rng))
        values += try parser.feed(Array(bytes[start..<end]))
        start = end
      }
      values += try parser.finish()
      #expect(values.map { JSONWriter().string($0) } == [expected], context)
    }
  }

  @Test("Mutated documents: projected and full parses fail alike, at the same place")
  func mutatedDocumentsFailAlike() {
    var rng = SplitMix64(seed: 5)
    let alphabet: [UInt8] =
      Array(#"{}[],:"\ u0123456789abefnrt-+.eE"#.utf8) + [0x0A, 0x00, 0xC3, 0xFF, 0xED]
    for round in 0..<3000 {
      var input = Array(Self.randomValue(&rng, depth: 0).utf8)
      for _ in 0..<Int.random(in: 1...3, using: &rng) {
        let i = Int.random(in: 0..<input.count, using: &rng)
        input[i] = alphabet.randomElement(using: &rng)!
      }
      let projection = JSONProjection(paths: [Self.randomPath(&rng)])
      let full = Result { () throws(JSONError) in try JSONParser.parse(Data(input)) }
      let projected = Result { () throws(JSONError) in
        try JSONParser.parse(Data(input), options: .init(projection: projection))
      }
      let context = Comment(
        rawValue: "round \(round): \(String(decoding: input, as: UTF8.self).debugDescription)")
      switch (full, projected) {
      case (.success, .success): break
      case (.failure(let a), .failure(let b)): #expect(a == b, context)
      default: Issue.record("full \(full), projected \(projected): \(context)")
      }
    }
  }

  // MARK: - Helpers

  private func parsed(_ text: String, _ projection: JSONProjection, maxDepth: Int = 10_000) throws
    -> String
  {
    let options = JSONParser.Options(maxDepth: maxDepth, projection: projection)
    return JSONWriter().string(try JSONParser.parse(Data(text.utf8), options: options))
  }

  /// The documented meaning of a projection, applied to a fully parsed value.
  static func prune(_ value: JSON, _ paths: [[Step]]) -> JSON {
    if paths.contains(where: \.isEmpty) { return value }
    switch value.type {
    case .dictionary:
      if paths.contains(where: { $0.first == .element }) { return value }
      var result: JSON = [:]
      for (key, member) in value {
        let tails = paths.filter { $0.first == .key(key) || $0.first == .each }.map {
          Array($0.dropFirst())
        }
        if !tails.isEmpty { result[key] = prune(member, tails) }
      }
      return result
    case .array:
      if paths.contains(where: { if case .key = $0.first { return true } else { return false } }) {
        return value
      }
      let tails = paths.filter { $0.first == .element || $0.first == .each }.map {
        Array($0.dropFirst())
      }
      var elements: [JSON] = []
      if !tails.isEmpty { for (_, element) in value { elements.append(prune(element, tails)) } }
      return JSON(array: elements)
    default:
      return value
    }
  }

  static let keys = ["a", "b", "c", "a\"b"]

  static func randomPath(_ rng: inout SplitMix64) -> [Step] {
    (0..<Int.random(in: 0...4, using: &rng)).map { _ in
      switch Int.random(in: 0..<6, using: &rng) {
      case 0: .element
      case 1: .each
      default: .key(keys.randomElement(using: &rng)!)
      }
    }
  }

  /// JSON text with keys from `keys` (some written with escapes, some repeated), strings
  /// with escapes and non-ASCII text, and nesting up to four levels.
  static func randomValue(_ rng: inout SplitMix64, depth: Int) -> String {
    let kind = depth >= 4 ? Int.random(in: 2..<6, using: &rng) : Int.random(in: 0..<6, using: &rng)
    switch kind {
    case 0, 1:
      let members = (0..<Int.random(in: 0...4, using: &rng)).map { _ -> String in
        let key: String
        switch Int.random(in: 0..<6, using: &rng) {
        case 0: key = #"\u0061"#
        case 1: key = "x\u{e9}"
        case 2: key = #"a\"b"#
        default: key = keys.randomElement(using: &rng)!.replacingOccurrences(of: "\"", with: "\\\"")
        }
        return "\"\(key)\":" + randomValue(&rng, depth: depth + 1)
      }
      return kind == 0
        ? "{" + members.joined(separator: ",") + "}"
        : "{ " + members.joined(separator: " , ") + " }"
    case 2:
      let elements = (0..<Int.random(in: 0...4, using: &rng)).map { _ in
        randomValue(&rng, depth: depth + 1)
      }
      return "[" + elements.joined(separator: ",") + "]"
    case 3:
      return [#""plain""#, #""esc\n\u00e9\ud83d\ude00""#, "\"日本\"", #""""#].randomElement(
        using: &rng)!
    case 4:
      return ["0", "-1", "12345678901234567890123", "1.5e3", "-0"].randomElement(using: &rng)!
    default:
      return ["true", "false", "null"].randomElement(using: &rng)!
    }
  }
}
