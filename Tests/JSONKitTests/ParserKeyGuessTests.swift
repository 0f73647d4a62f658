import TestInputs
import Testing

@testable import JSONKitCore

/// The parser guesses each object key from the key before it, from the key the object is the
/// value of, or from the sibling object before it (`TapeBuilder+Keys`), and checks the guess
/// before it takes it: whatever the guesses, every object must hold exactly its keys, with
/// escaped and raw spellings of a key being one key and the last of duplicate keys winning.
@Suite("Parser key guesses")
struct ParserKeyGuessTests {
  /// Keys of every length the comparison distinguishes (empty, under 4, under 8, 8, longer,
  /// non-ASCII), some sharing prefixes.
  static let keys = [
    "", "a", "id", "ids", "name", "id_str", "user", "x1234567", "x12345678", "text",
    "long_key_name_beyond_a_word", "long_key_name_beyond_a_wore", "é", "日本",
  ]

  /// A few key orders, as objects of different kinds in one document have: each shares keys
  /// with the others in another order.
  static let shapes: [[Int]] = [
    [1, 5, 4, 9, 6], [1, 5, 6, 4], [2, 3, 7, 8], [10, 11, 12, 13, 0], [6, 1, 5],
  ]

  @Test(
    "Objects whose key orders vary, repeat and nest hold exactly their keys, in both position modes and with repair on"
  )
  func everyObjectHoldsItsKeys() throws {
    try Self.expectRandomDocuments(seed: 0x6B65_7973, rounds: 400) { text, generator in
      Self.value(into: &text, depth: 0, using: &generator)
    }
  }

  @Test("A raw key that differs from the guessed one only after its first word is its own key")
  func guessesAreChecked() throws {
    let text = """
      [{"long_key_name_beyond_a_word": 1, "x12345678": 2},
       {"long_key_name_beyond_a_wore": 3, "x12345679": 4},
       {"long_key_name_beyond_a_word": 5, "x1234567": 6}]
      """
    let json = try JSONParser.parse(Array(text.utf8))
    #expect(json[1]["long_key_name_beyond_a_wore"].int == 3)
    #expect(json[1]["long_key_name_beyond_a_word"].exists() == false)
    #expect(json[1]["x12345679"].int == 4)
    #expect(json[2]["x1234567"].int == 6)
    #expect(json[2]["x12345678"].exists() == false)
  }

  @Test(
    "Records keyed by ids, whose keys are followed by different keys in nested objects, hold exactly their keys"
  )
  func recordsKeyedByIds() throws {
    try Self.expectRandomDocuments(seed: 0x6964_7321, rounds: 200) { text, generator in
      let ids = (0..<Int.random(in: 1...12, using: &generator)).map { "r\($0)" }
      let records = ids.map { id in
        text += (id == ids[0] ? "{\"" : ", \"") + id + "\": "
        return (id, Self.record(into: &text, using: &generator))
      }
      text += "}"
      return JSON(members: records)
    }
  }

  /// Expects each of `rounds` documents that `make` writes (returning the value it must
  /// parse to) to parse to that value without positions, with them, and with repair on.
  static func expectRandomDocuments(
    seed: UInt64, rounds: Int, _ make: (inout String, inout SplitMix64) -> JSON
  ) throws {
    var generator = SplitMix64(seed: seed)
    var replacing = JSONParser.Options()
    replacing.replacesInvalidUnicode = true
    for round in 0..<rounds {
      var text = ""
      let expected = make(&text, &generator)
      let bytes = Array(text.utf8)
      for (options, positions) in [
        (JSONParser.Options(), false), (.default, true), (replacing, false),
      ] {
        let parsed = try bytes.withUnsafeBytes { raw in
          try JSONParser.parseValues(raw, options: options, tracksPositions: positions)
        }
        #expect(parsed == [expected], "round \(round): \(text)")
      }
    }
  }

  // MARK: Inputs

  /// A record as gsoc-2018.json has them, with "name" followed by "text" in the record and
  /// by "id" or "ids" in the objects it holds; now and then a key left out, a record that
  /// is empty or not an object at all.
  static func record(into text: inout String, using generator: inout SplitMix64) -> JSON {
    switch Int.random(in: 0..<8, using: &generator) {
    case 0:
      text += "7"
      return 7
    case 1:
      text += "{}"
      return JSON(members: [])
    default:
      var order = [4, 9, 6, 7]
      if Int.random(in: 0..<4, using: &generator) == 0 {
        order.remove(at: Int.random(in: 0..<order.count, using: &generator))
      }
      var parts: [String] = []
      var members: [(String, JSON)] = []
      for key in order.map({ keys[$0] }) {
        var value: JSON = "v"
        var valueText = "\"v\""
        if key == "user" || key == "x1234567" {
          let next = Bool.random(using: &generator) ? "id" : "ids"
          value = JSON(members: [("name", 1), (next, 2)])
          valueText = "{\"name\": 1, \"\(next)\": 2}"
        }
        parts.append("\"" + spelling(of: key, using: &generator) + "\": " + valueText)
        members.append((key, value))
      }
      text += "{" + parts.joined(separator: ", ") + "}"
      return JSON(members: members)
    }
  }

  /// Writes a random value into `text` and returns the value it must parse to.
  static func value(into text: inout String, depth: Int, using generator: inout SplitMix64)
    -> JSON
  {
    switch Int.random(in: 0..<(depth > 3 ? 2 : 5), using: &generator) {
    case 0:
      let number = Int.random(in: -1_000...1_000_000, using: &generator)
      text += String(number)
      return JSON(number)
    case 1:
      text += "\"v\""
      return "v"
    case 2:
      // An array of objects of one shape, as a list of tweets is.
      text += "["
      var elements: [JSON] = []
      let shape = Int.random(in: 0..<shapes.count, using: &generator)
      for i in 0..<Int.random(in: 0...4, using: &generator) {
        if i > 0 { text += ", " }
        elements.append(object(into: &text, shape: shape, depth: depth + 1, using: &generator))
      }
      text += "]"
      return JSON(array: elements)
    default:
      let shape = Int.random(in: 0..<shapes.count, using: &generator)
      return object(into: &text, shape: shape, depth: depth + 1, using: &generator)
    }
  }

  /// An object with the keys of `shape`, now and then one left out, one more, or one
  /// repeated; keys spelt raw or with their first character escaped.
  static func object(
    into text: inout String, shape: Int, depth: Int, using generator: inout SplitMix64
  ) -> JSON {
    var order = shapes[shape]
    switch Int.random(in: 0..<6, using: &generator) {
    case 0 where !order.isEmpty:
      order.remove(at: Int.random(in: 0..<order.count, using: &generator))
    case 1: order.append(Int.random(in: 0..<keys.count, using: &generator))
    case 2 where !order.isEmpty: order.append(order[0])
    default: break
    }
    text += "{"
    var members: [(String, JSON)] = []
    for (i, index) in order.enumerated() {
      if i > 0 { text += ", " }
      let key = keys[index]
      text += "\"" + spelling(of: key, using: &generator) + "\": "
      members.append((key, value(into: &text, depth: depth, using: &generator)))
    }
    text += "}"
    return JSON(members: members)
  }

  /// `key` as written in a document: raw, or with its first character as a `\u` escape.
  static func spelling(of key: String, using generator: inout SplitMix64) -> String {
    guard let first = key.unicodeScalars.first, first.value < 0x10000,
      Bool.random(using: &generator)
    else { return key }
    let hex = String(first.value, radix: 16)
    return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      + String(key.unicodeScalars.dropFirst())
  }
}
