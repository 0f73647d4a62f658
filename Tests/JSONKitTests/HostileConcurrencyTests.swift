import Foundation
import JSONKit
import Testing

/// One parsed value shared by many tasks: reads, subscripts, writing, equality and hashing
/// from all of them at once, with copies mutated on the side.
///
/// Under
/// `swift test --sanitize=thread` this is what checks that a parsed document is safe to share.
@Suite("Hostile use: one parsed value read from many tasks")
struct HostileConcurrencyTests {
  static let text =
    #"{"users": [{"id": 1, "name": "Ada", "tags": ["x", "y"]}, {"id": 2, "name": "Bo"}], "n": 1e400}"#

  @Test("Shared parsed value is read from many tasks")
  func sharedParsedValueIsReadFromManyTasks() async throws {
    let shared = try JSONParser.parse(Data(Self.text.utf8))
    let expected = JSONWriter().string(shared)
    let results = await withTaskGroup(of: Bool.self) { group in
      for task in 0..<32 {
        group.addTask {
          var ok = true
          for _ in 0..<50 {
            ok = ok && shared["users"][0]["name"].string == "Ada"
            ok = ok && shared["users"][1]["id"].int == 2
            ok = ok && shared["users"][task % 2]["missing"].error?.code == .notExist
            ok = ok && JSONWriter().string(shared) == expected
            ok = ok && shared == shared && shared.hashValue == shared.hashValue
            var copy = shared
            copy["users"][0]["name"] = JSON("task \(task)")
            ok = ok && copy["users"][0]["name"].string == "task \(task)"
          }
          return ok
        }
      }
      return await group.reduce(into: [Bool]()) { $0.append($1) }
    }
    #expect(results.count == 32 && results.allSatisfy { $0 })
    #expect(shared["users"][0]["name"].string == "Ada")
  }
}
