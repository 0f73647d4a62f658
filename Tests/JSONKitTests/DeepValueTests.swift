import Foundation
import JSONKit
import Testing

@Suite("Deep values never overflow the stack")
struct DeepValueTests {
  static let depth = 1_000_000

  static func deepArray() -> JSON {
    var json: JSON = []
    for _ in 0..<depth { json = [json] }
    return json
  }

  @Test("A deep value built in code is written, compared, hashed and freed")
  func deepValueBuiltInCodeIsWrittenComparedHashedAndFreed() {
    var json = Self.deepArray()
    let text = json.rawString(options: [])!
    #expect(text.utf8.count == 2 * (Self.depth + 1))
    let copy = Self.deepArray()
    #expect(json == copy)
    #expect(json.hashValue == copy.hashValue)
    #expect(!(json < copy))
    json = .null
    #expect(json.type == .null)
  }

  @Test("Deep object built in code is freed")
  func deepObjectBuiltInCodeIsFreed() {
    var json: JSON = [:]
    for _ in 0..<Self.depth { json = ["a": json] }
    #expect(json["a"]["a"].count == 1)
    json = .null
  }

  @Test("Deep parsed value within the limit works")
  func deepParsedValueWithinTheLimitWorks() throws {
    var options = JSONParser.Options()
    options.maxDepth = Self.depth
    let text = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
    let json = try JSON(data: Data(text.utf8), options: options)
    #expect(json.rawString(options: [])!.utf8.count == 400_000)
    #expect(json == json)
  }

  /// Deep enough that freeing it recursively would need several times a thread's stack
  /// (each level of a recursive release takes several frames).
  static let storeDepth = 100_000

  @Test(
    "A deep value built through each way of storing a container is freed", .serialized,
    arguments: ContainerStore.allCases)
  func deepValueBuiltThroughEachStoreIsFreed(_ store: ContainerStore) throws {
    var json: JSON = []
    for _ in 0..<Self.storeDepth { json = try store.store(json) }
    #expect(json.count >= 1)
    json = .null
    #expect(json.type == .null)
  }

  @Test("Long subscript chains are released")
  func longSubscriptChainsAreReleased() {
    var json = Self.deepArray()
    var cursor = json
    for _ in 0..<100_000 { cursor = cursor[0] }
    #expect(cursor.path.count == 100_000)
    cursor = .null
    json = .null
  }
}
