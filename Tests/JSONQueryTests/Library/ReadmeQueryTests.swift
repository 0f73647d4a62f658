import JSONKit
import JSONQuery
import Testing

/// The README's JSONQuery example, as written there.
@Suite("The README's JSONQuery example works as written")
struct ReadmeQueryTests {
  @Test("Selecting names gives the values the README shows")
  func selectingNamesGivesTheValuesTheReadmeShows() throws {
    let query = try Query(".users[] | select(.age > 30) | .name")
    let document: JSON = ["users": [["name": "Ada", "age": 36], ["name": "Bob", "age": 25]]]
    let names = try query.values(on: document)
    #expect(names == ["Ada"])
    var streamed: [JSON] = []
    var results = query.run(on: document)
    while let value = try results.next() { streamed.append(value) }
    #expect(streamed == names)
  }
}
