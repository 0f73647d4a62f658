import Foundation
import TestInputs
import Testing

@testable import JSONKitCore

/// A projected parse that jumps over pruned values with `SkipScanner` gives what the same
/// parse through yajl alone gives, on seeded random documents and on their corruptions: the
/// same projected values, and for invalid text the full parse's error (kind and place).
@Suite("Projected parses that skip pruned values against parses through yajl")
struct SkipScannerDifferentialTests {
  /// Random documents whose pruned parts hold what the scanner must check: escapes,
  /// surrogate pairs and lone surrogates, non-ASCII and invalid UTF-8, control characters,
  /// numbers and literals right and wrong, nesting, every kind of white space.
  struct Generator {
    var random: SplitMix64
    /// Whether strings of this document may hold what a parser rejects.
    var poisoned = false

    mutating func chance(_ percent: Int) -> Bool {
      Int.random(in: 0..<100, using: &random) < percent
    }

    mutating func pick<T>(_ choices: [T]) -> T {
      choices[Int.random(in: 0..<choices.count, using: &random)]
    }

    mutating func space() -> [UInt8] {
      chance(70) ? [] : Array(pick([" ", "\n", "\t", "\r\n  ", "  "]).utf8)
    }

    mutating func stringText() -> [UInt8] {
      var text: [UInt8] = []
      for _ in 0..<Int.random(in: 0...14, using: &random) {
        let piece: [UInt8]
        switch Int.random(in: 0..<40, using: &random) {
        case 0: piece = Array(#"\n"#.utf8)
        case 1: piece = Array(#"\""#.utf8)
        case 2: piece = Array(#"\\"#.utf8)
        case 3: piece = Array(#"\/"#.utf8)
        case 4: piece = Array(#"\u00e9"#.utf8)
        case 5: piece = Array(#"\ud83d\ude00"#.utf8)
        case 6: piece = Array("é".utf8)
        case 7: piece = Array("😀".utf8)
        case 8: piece = Array("日本".utf8)
        case 9 where poisoned: piece = Array(#"\ud800"#.utf8)  // lone surrogate
        case 10 where poisoned: piece = [0xFF]  // not UTF-8
        case 11 where poisoned: piece = [0xED, 0xA0, 0x80]  // an encoded surrogate
        case 12 where poisoned: piece = [0x01]  // a raw control character
        case 13 where poisoned: piece = Array(#"\x"#.utf8)  // not an escape
        case 14 where poisoned: piece = Array(#"\u12g4"#.utf8)
        case 15: piece = Array(#"\u0000"#.utf8)
        default: piece = Array(pick(["a", "b", "url", " ", "0123456789", "xyz-"]).utf8)
        }
        text += piece
      }
      return text
    }

    mutating func scalar() -> [UInt8] {
      switch Int.random(in: 0..<8, using: &random) {
      case 0: return Array("null".utf8)
      case 1: return Array(pick(["true", "false"]).utf8)
      case 2:
        return Array(
          pick([
            "0", "-0", "12", "-7", "3.25", "1e5", "2E-3", "-0.5e+10", "123456789012345678901234",
            "1.5", "0.0",
          ]).utf8)
      case 3 where poisoned:
        return Array(pick(["01", "1.", "-", "1e", ".5", "+1", "tru", "nul", "falsy", "1e+"]).utf8)
      default: return [0x22] + stringText() + [0x22]
      }
    }

    mutating func value(depth: Int) -> [UInt8] {
      guard depth > 0, chance(55) else { return scalar() }
      let count = Int.random(in: 0...4, using: &random)
      if chance(35) {
        let elements = (0..<count).map { _ in space() + value(depth: depth - 1) + space() }
        return [0x5B] + Array(elements.joined(separator: [0x2C])) + [0x5D]
      }
      let members = (0..<count).map { _ in member(depth: depth - 1) }
      return [0x7B] + space() + Array(members.joined(separator: [0x2C])) + space() + [0x7D]
    }

    mutating func key() -> [UInt8] {
      if chance(5) { return Array(#""k\u0031""#.utf8) }  // an escaped "k1"
      return Array("\"k\(Int.random(in: 0..<5, using: &random))\"".utf8)
    }

    mutating func member(depth: Int) -> [UInt8] {
      space() + key() + space() + [0x3A] + space() + value(depth: depth) + space()
    }

    /// A path over the keys `value` makes.
    mutating func path() -> [JSONProjection.Step] {
      (0..<Int.random(in: 1...3, using: &random)).map { _ in
        switch Int.random(in: 0..<10, using: &random) {
        case 0: return .each
        case 1: return .element
        default: return .key("k\(Int.random(in: 0..<5, using: &random))")
        }
      }
    }

    /// The document with one random change: a byte replaced, removed or added, or the end cut.
    mutating func corrupt(_ text: [UInt8]) -> [UInt8] {
      guard !text.isEmpty else { return text }
      var text = text
      let at = Int.random(in: 0..<text.count, using: &random)
      let bytes: [UInt8] = [
        0x22, 0x5C, 0x7B, 0x7D, 0x5B, 0x5D, 0x2C, 0x3A, 0x30, 0x61, 0x01, 0xFF, 0x0B, 0x20, 0x2F,
        0x2D, 0x65, 0x2E,
      ]
      switch Int.random(in: 0..<4, using: &random) {
      case 0: text[at] = pick(bytes)
      case 1: text.remove(at: at)
      case 2: text.insert(pick(bytes), at: at)
      default: text.removeSubrange(at...)
      }
      return text
    }
  }

  enum Outcome: Equatable {
    case values(JSON)
    case error(JSONError)
  }

  func outcome(_ text: [UInt8], _ options: JSONParser.Options) -> Outcome {
    do {
      return .values(try JSONParser.parse(text, options: options))
    } catch {
      return .error(error)
    }
  }

  /// How many pruned values a parse of `text` with `options` jumped over (0 when it failed).
  func skippedValues(_ text: [UInt8], _ options: JSONParser.Options) -> Int {
    let core = ParserCore(
      options: options, expectedSize: text.count, streaming: false, tracksPositions: false)
    core.skipping = .on(skipped: 0)
    let parsed = text.withUnsafeBytes { bytes -> Bool in
      do throws(JSONError) {
        try core.feed(bytes)
        try core.finish()
        return true
      } catch {
        return false
      }
    }
    guard parsed, case .on(let skipped) = core.skipping else { return 0 }
    return skipped
  }

  /// Parses `text` with `projection` skipping and not skipping, and without projection;
  /// returns whether the document was valid.
  @discardableResult
  func compare(
    _ text: [UInt8], _ projection: JSONProjection, maxDepth: Int, seed: UInt64
  ) -> Bool {
    var options = JSONParser.Options(maxDepth: maxDepth, projection: projection)
    let skipped = outcome(text, options)
    options.skipsPrunedValues = false
    let throughYajl = outcome(text, options)
    let shown = String(decoding: text, as: UTF8.self)
    #expect(skipped == throughYajl, "seed \(seed): \(shown)")
    options.projection = nil
    let full = outcome(text, options)
    switch (skipped, full) {
    case (.values, .values):
      return true
    case (.error(let a), .error(let b)):
      #expect(a.reason == b.reason && a.location == b.location, "seed \(seed): \(shown)")
    default:
      Issue.record("seed \(seed): projected \(skipped), full \(full): \(shown)")
    }
    return false
  }

  @Test(
    "Random documents and their corruptions parse the same skipping pruned values or not",
    arguments: [11, 12, 13, 14] as [UInt64])
  func sameOutcomes(seed: UInt64) {
    var generator = Generator(random: SplitMix64(seed: seed))
    var valid = 0
    var skipped = 0
    for _ in 0..<300 {
      let paths = (0..<Int.random(in: 0...3, using: &generator.random)).map { _ in
        generator.path()
      }
      let projection = JSONProjection(paths: paths)
      let maxDepth = generator.chance(20) ? Int.random(in: 2...5, using: &generator.random) : 64
      generator.poisoned = generator.chance(25)
      let root = generator.chance(80) ? generator.value(depth: 5) : generator.scalar()
      let text = generator.space() + root + generator.space()
      if compare(text, projection, maxDepth: maxDepth, seed: seed) {
        valid += 1
        skipped += skippedValues(text, .init(maxDepth: maxDepth, projection: projection))
      }
      for _ in 0..<3 {
        compare(generator.corrupt(text), projection, maxDepth: maxDepth, seed: seed)
      }
    }
    // Enough of the documents are valid for the values to be compared, not only errors,
    // and the scanner did jump over values in them.
    #expect(valid > 200)
    #expect(skipped > 50)
  }

  @Test("A pruned value the scanner doubts is parsed by yajl and gives yajl's outcome")
  func doubtedValues() throws {
    let projection = JSONProjection(paths: [[.key("a")]])
    // A lone surrogate fails; a comment is refused; deep nesting hits the limit.
    let documents = [
      #"{"a": 1, "b": "\ud800"}"#, #"{"a": 1, "b": [1, /* c */ 2]}"#,
      #"{"a": 1, "b": [[[[[[1]]]]]]}"#, #"{"b": {"x": "\u00e9\ud83d\ude00"}, "a": [true]}"#,
    ]
    for document in documents {
      compare(Array(document.utf8), projection, maxDepth: 5, seed: 0)
    }
    let json = try JSONParser.parse(
      Array(#"{"b": {"x": "\u00e9\ud83d\ude00", "y": [1e5, null]}, "a": [true]}"#.utf8),
      options: .init(projection: projection))
    #expect(json == ["a": [true]])
  }

  @Test("Members cut from an object leave its commas right wherever they stand")
  func cutMembers() throws {
    let projection = JSONProjection(paths: [[.key("a")], [.key("o"), .key("a")]])
    // (document, members cut): pruned members first, last, between kept ones, all of them,
    // a kept name written with an escape (left to the builder), duplicates of a kept
    // name, pruned members in nested objects the walk goes into.
    let documents: [(String, Int)] = [
      (#"{"x": 1, "a": 2}"#, 1), (#"{"a": 2, "x": 1}"#, 1), (#"{"x":1,"y":[2],"a":3,"z":{}}"#, 3),
      (#"{"x": 1, "y": 2}"#, 2), (#"{ "x" : "s" , "a" : true , "y" : null }"#, 2),
      (#"{"\u0061": 1, "x": 2}"#, 1), (#"{"x": 0, "\u0078": 1, "a": 2}"#, 1),
      (#"{"a": 1, "a": {"b": 2}, "x": 3, "a": [4]}"#, 1),
      (#"{"o": {"x": 1, "a": "k", "y": 2}, "x": [{"a": 1}], "a": 5}"#, 3),
      (#"{"o": {"x": 1}, "a": {}}"#, 1), (#"{}"#, 0), (#"{"x": 1}"#, 1),
      ("{\n\"x\":\t1,\r\n\"a\"  :2  ,\"y\":3\n}\n", 2),
    ]
    var yajlOnly = JSONParser.Options(projection: projection)
    yajlOnly.skipsPrunedValues = false
    for (document, cut) in documents {
      let text = Array(document.utf8)
      #expect(skippedValues(text, .init(projection: projection)) == cut, "\(document)")
      compare(text, projection, maxDepth: 64, seed: 0)
      // Each corruption of the document (with its kept text moved by the cuts) fails or
      // parses as through yajl.
      for at in 0..<text.count {
        var broken = text
        broken.remove(at: at)
        compare(broken, projection, maxDepth: 64, seed: UInt64(at))
        for byte in [0x2C, 0x7D, 0x22] as [UInt8] {
          broken = text
          broken.insert(byte, at: at)
          compare(broken, projection, maxDepth: 64, seed: UInt64(at))
        }
      }
    }
    let json = try JSONParser.parse(
      Array(#"{"x": "long pruned text", "a": "kept", "y": 1, "o": {"z": 2, "a": 3.5}}"#.utf8),
      options: .init(projection: projection))
    #expect(json == ["a": "kept", "o": ["a": 3.5]])
  }

  @Test("The key of a cut member is checked as strictly as the parser checks it")
  func cutKeys() {
    let projection = JSONProjection(paths: [[.key("a")]])
    // Raw control characters, bytes that are not UTF-8 and an encoded surrogate fail; DEL,
    // UTF-8 and escapes pass; keys of every length around the scanner's eight-byte words.
    let keys: [[UInt8]] = [
      [0x01], [0x1F], [0x78, 0x09, 0x79], [0xFF], [0xC3], [0xED, 0xA0, 0x80], [0x7F],
      Array("é".utf8), Array("日本語のキー".utf8), Array(#"\u00e9"#.utf8), Array(#"\ud800"#.utf8),
    ]
    var cut = 0
    for key in keys {
      for padding in 0..<10 {
        let name = Array(repeating: 0x6B, count: padding) + key
        for text in [
          Array(#"{""#.utf8) + name + Array(#"": 1, "a": 2}"#.utf8),
          Array(#"{"a": 2, ""#.utf8) + name + Array(#"": [1]}"#.utf8),
        ] {
          compare(text, projection, maxDepth: 64, seed: UInt64(padding))
          cut += skippedValues(text, .init(projection: projection))
        }
      }
    }
    // DEL and the two UTF-8 keys, 10 paddings, 2 documents.
    #expect(cut == 3 * 10 * 2)
  }

  @Test("A pruned string is checked as strictly wherever its escapes or odd bytes fall")
  func prunedStringBlocks() {
    let projection = JSONProjection(paths: [[.key("a")]])
    // What may stand at each place: escapes with and without `\u` (with bytes that are
    // not UTF-8 around them), a raw control character, UTF-8 and bytes that are not.
    let pieces: [[UInt8]] = [
      Array(#"\n"#.utf8), Array(#"\""#.utf8), Array(#"\u00e9"#.utf8), Array(#"\ud800"#.utf8),
      Array(#"\ud83d\ude00"#.utf8), [0x01], [0x1F], [0x7F], Array("é".utf8), [0xFF], [0xC3],
      [0xED, 0xA0, 0x80], Array(#"\t"#.utf8) + [0xFF], [0xE6, 0x97, 0xA5] + Array(#"\/"#.utf8),
    ]
    var cut = 0
    var valid = 0
    for piece in pieces {
      for before in 0..<80 {
        for after in [0, 1, 7, 15, 16, 17] {
          let string =
            Array(repeating: 0x61, count: before) + piece + Array(repeating: 0x62, count: after)
          // The string last before the end of the text too, where the blocks run out.
          for text in [
            Array(#"{"x": ""#.utf8) + string + Array(#"", "a": 2}"#.utf8),
            Array(#"{"a": 2, "x": ""#.utf8) + string + Array(#""}"#.utf8),
          ] {
            if compare(text, projection, maxDepth: 64, seed: UInt64(before)) { valid += 1 }
            cut += skippedValues(text, .init(projection: projection))
          }
        }
      }
    }
    // The seven valid pieces, 80 × 6 placements, two documents: every one valid and cut.
    #expect(valid == 7 * 80 * 6 * 2)
    #expect(cut == valid)
  }

  @Test("White space of every length and kind around pruned and kept members parses the same")
  func whiteSpaceRuns() {
    let projection = JSONProjection(paths: [[.each, .key("a")]])
    let kinds: [[UInt8]] = [[0x20], [0x0A], [0x09], [0x0D], [0x0A, 0x20, 0x20], [0x0B], [0x0C]]
    var valid = 0
    for kind in kinds {
      for length in 0..<20 {
        // Runs of spaces of `length` after one byte of `kind`, at every place between tokens.
        let space = kind + Array(repeating: 0x20, count: length)
        let tokens: [String] = ["[", "{", #""x""#, ":", "[1, 2]", ",", #""a""#, ":", "3", "}", "]"]
        for at in 0...tokens.count {
          var text: [UInt8] = []
          for (k, token) in tokens.enumerated() {
            if k == at { text += space }
            text += Array(token.utf8)
          }
          if at == tokens.count { text += space }
          if compare(text, projection, maxDepth: 64, seed: UInt64(length)) { valid += 1 }
        }
      }
    }
    // \v and \f are not JSON white space; the five others are, at all 12 places.
    #expect(valid == 5 * 20 * 12)
  }

  @Test("Kept text between cut members is copied whole at every length and distance from the end")
  func keptRunLengths() throws {
    let projection = JSONProjection(paths: [[.key("a")], [.key("b")]])
    var valid = 0
    for length in 0...40 {
      let kept = String(repeating: "k", count: length)
      for tail in 0...40 {
        // Kept runs of `length` + 6 bytes before a cut member, one of them after another cut
        // and followed by white space, so that each copy ends from 40 bytes before the end
        // of the input to the very end (where a short copy must not read past it).
        let document =
          #"{"a": "\#(kept)", "x": 0, "b": "\#(kept)", "y": [1]"#
          + String(repeating: " ", count: tail) + "}"
        let text = Array(document.utf8)
        #expect(skippedValues(text, .init(projection: projection)) == 2, "\(document)")
        if compare(text, projection, maxDepth: 64, seed: UInt64(length)) { valid += 1 }
        let json = try JSONParser.parse(text, options: .init(projection: projection))
        #expect(json == ["a": JSON(kept), "b": JSON(kept)], "\(document)")
      }
    }
    #expect(valid == 41 * 41)
  }

  @Test("White space is never cut where two tokens would become one")
  func tokensKeptApart() {
    let projection = JSONProjection(paths: [[.key("a")], [.key("o"), .key("a")]])
    // Invalid with the space; cutting it would make `12`, `true`, `-1`, `1.5` or `1e5` of
    // them, or glue a kept value to the next key.
    let documents = [
      #"{"a": 1  2}"#, #"{"a": tru  e}"#, #"{"x": 0, "a": -  1}"#, #"{"a": [1  .5]}"#,
      #"{"o": {"a": 1  e5}}"#, #"{"a": 1  "b": 2}"#, #"{"a": [1  2], "x": 3}"#,
      #"{"x": 1,  "a": nul  l}"#, "{\"a\": 1\n\n  2}",
    ]
    for document in documents {
      let text = Array(document.utf8)
      #expect(!compare(text, projection, maxDepth: 64, seed: 0), "\(document)")
    }
  }

  @Test("A pruned member as deep as the depth limit allows is cut; deeper, yajl reports it")
  func depthOfCutMembers() {
    let projection = JSONProjection(paths: [[.key("o"), .key("a")]])
    for depth in 1...6 {
      let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
      let text = Array(#"{"o": {"x": \#(nested), "a": 1}}"#.utf8)
      compare(text, projection, maxDepth: 5, seed: UInt64(depth))
      let cut = skippedValues(text, .init(maxDepth: 5, projection: projection))
      #expect(cut == (depth <= 3 ? 1 : 0))
    }
  }

  @Test("Every member a projection prunes from GitHub-shaped events is jumped over")
  func githubEvents() throws {
    let text = Array(
      try Data(contentsOf: Fixtures.directory.appendingPathComponent("events_sample.json")))
    let projection = JSONProjection(paths: [
      [.each, .key("id")], [.each, .key("type")], [.each, .key("actor"), .key("login")],
    ])
    let options = JSONParser.Options(projection: projection)
    // created_at, repo, public, payload, and actor's other members: 4 + 4 in the first
    // event, 4 + 3 and org in the second.
    #expect(skippedValues(text, options) == 16)
    var yajlOnly = options
    yajlOnly.skipsPrunedValues = false
    let skipped = try JSONParser.parse(text, options: options)
    #expect(skipped == (try JSONParser.parse(text, options: yajlOnly)))
    #expect(skipped[1]["actor"]["login"].string == "grace")
  }

  @Test("JSONTestSuite's documents parse the same skipping pruned values or not")
  func jsonTestSuite() throws {
    let projections = [
      JSONProjection(paths: []), JSONProjection(paths: [[.key("a")]]),
      JSONProjection(paths: [[.each, .key("a")]]),
    ]
    for name in Fixtures.jsonTestSuite("") {
      let text = Array(try Fixtures.jsonTestSuiteData(name))
      for projection in projections {
        var options = JSONParser.Options(projection: projection)
        let skipped = outcome(text, options)
        options.skipsPrunedValues = false
        #expect(skipped == outcome(text, options), "\(name)")
      }
    }
  }
}
