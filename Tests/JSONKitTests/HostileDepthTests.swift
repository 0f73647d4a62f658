import Foundation
import JSONKit
import Testing

/// 1,000,000 levels of nesting through every entry point: parsing stops at the default
/// limit with an error that says where; a value built in code that deep is written,
/// compared, hashed, described, encoded, decoded and freed without a stack overflow.
@Suite("Hostile input: a million levels of nesting")
struct HostileDepthTests {
  static let depth = 1_000_000
  static let deepArrays = Data(
    (String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
  static let deepObjects = Data(
    (String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)).utf8)

  static func expectTooDeep(_ error: JSONError?, openerWidth: Int) {
    #expect(error?.parseFailure == .nestingTooDeep(limit: 10_000))
    // The error points at the opener that goes one level past the limit.
    #expect(error?.location?.byte == 10_000 * openerWidth)
  }

  @Test(
    "every parsing entry point stops at the default limit",
    arguments: [(deepArrays, 1), (deepObjects, 5)])
  func parsingStopsAtTheLimit(input: Data, openerWidth: Int) {
    Self.expectTooDeep(
      #expect(throws: JSONError.self) { try JSONParser.parse(input) }, openerWidth: openerWidth)
    Self.expectTooDeep(
      #expect(throws: JSONError.self) { try JSONParser.parseAll(input) }, openerWidth: openerWidth)
    Self.expectTooDeep(
      #expect(throws: JSONError.self) { try JSON(data: input) }, openerWidth: openerWidth)
    Self.expectTooDeep(
      JSON(parseJSON: String(decoding: input, as: UTF8.self)).error, openerWidth: openerWidth)
    let stream = JSONStreamParser()
    Self.expectTooDeep(
      #expect(throws: JSONError.self) {
        var offset = 0
        while offset < input.count {
          try stream.feed(input[offset..<min(offset + 65_536, input.count)])
          offset += 65_536
        }
        _ = try stream.finish()
      }, openerWidth: openerWidth)
    let decodeError = #expect(throws: (any Error).self) {
      try JSONKitDecoder().decode(JSON.self, from: input)
    }
    #expect(decodeError != nil)
  }

  static func deepValue() -> JSON {
    var json: JSON = 1
    for i in 0..<depth { json = i % 2 == 0 ? [json] : ["k": json] }
    return json
  }

  /// `description` is pretty-printed, so its size grows with the square of the depth (a
  /// million levels would be about 10^12 bytes of indentation): it is checked at a depth
  /// whose output is a few megabytes, for the shape and the absence of recursion.
  @Test("A 2,000-level deep value has a pretty description without recursion")
  func deepValueDescription() {
    var json: JSON = 1
    for _ in 0..<2_000 { json = [json] }
    let lines = json.description.split(separator: "\n")
    #expect(lines.count == 4_001)
    #expect(lines[2_000].trimmingCharacters(in: .whitespaces) == "1")
  }

  @Test("a deep value built in code: writing, ==, hash, Codable")
  func deepValueBuiltInCode() throws {
    let json = Self.deepValue()
    let compact = JSONWriter().data(json)
    #expect(compact.count == Self.depth / 2 * 2 + Self.depth / 2 * 6 + 1)
    #expect(json == Self.deepValue())
    #expect(json.hashValue == Self.deepValue().hashValue)

    // Encoding a deep value either works or throws; it never overflows the stack.
    let encoded = Result { try JSONKitEncoder().encode(json) }
    if case .success(let data) = encoded {
      #expect(data == compact)
    }
    // Decoding it back goes through the parser's depth limit: an error, not a crash.
    let decoded = Result { try JSONKitDecoder().decode(JSON.self, from: compact) }
    guard case .failure(let error) = decoded else {
      Issue.record("a million levels decoded under the default depth limit")
      return
    }
    #expect(
      "\(error)".contains("10000") || "\(error)".contains("10,000") || "\(error)".contains("deeper")
    )
  }

  @Test("a deep value decoded from a JSON value (no parser involved) is an error or works")
  func deepValueDecodedFromValue() {
    let json = Self.deepValue()
    let decoded = Result { try JSONKitDecoder().decode(JSON.self, from: json) }
    if case .success(let value) = decoded {
      #expect(value == json)
    }
  }
}
