import Foundation
import JSONKit
import Mapping
import Testing

@Suite("One Mapper serves many tasks at once")
struct ConcurrencyTests {
  /// A document of 300 people with 5 friends each, one of which fails in every tenth person.
  static let document: JSON = {
    var people: [String] = []
    for i in 0..<300 {
      let friends = (0..<5).map { j in
        let birthday = i % 10 == 0 && j == 4 ? #""never""# : "\(1_900 + i + j)"
        return #"{"name": "f\#(i)-\#(j)", "birthday": \#(birthday)}"#
      }
      people.append(#"{"name": "p\#(i)", "friends": [\#(friends.joined(separator: ", "))]}"#)
    }
    return JSON(parseJSON: "[\(people.joined(separator: ", "))]")
  }()

  @Test("8 tasks mapping the same parsed JSON with one Mapper get identical models")
  func identicalModels() async throws {
    let json = Self.document
    try #require(json.error == nil)
    let mapper = Mapper<Person>()
    let expected = try #require(mapper.mapArray(JSON: json))
    #expect(expected.count == 300)
    #expect(expected[0].friends[4] == Person.Pal(name: "f0-4", birthday: 0))
    #expect(expected[1].friends[4] == Person.Pal(name: "f1-4", birthday: 1_905))
    let results = await withTaskGroup(of: [[Person]?].self) { group in
      for _ in 0..<8 {
        group.addTask { (0..<10).map { _ in mapper.mapArray(JSON: json) } }
      }
      var all: [[Person]?] = []
      for await batch in group { all += batch }
      return all
    }
    #expect(results.count == 80)
    #expect(results.allSatisfy { $0 == expected })
  }

  @Test("8 tasks get identical failures with identical paths, and identical text when writing")
  func identicalFailuresAndText() async throws {
    let json = Self.document
    let strict = Mapper<Person>(strict: true)
    let mapper = Mapper<Person>()
    let expectedFailures = (0..<300).map { i in mapper.mapWithFailures(JSON: json[i]).1 }
    #expect(
      expectedFailures[10].map(\.description) == [
        #"Expected Int at .friends[4].birthday but found string ("never")"#
      ])
    let models = try #require(mapper.mapArray(JSON: json))
    let expectedText = try #require(mapper.toJSONString(models))
    let results = await withTaskGroup(of: ([[MappingError]], [String?], String?).self) { group in
      for _ in 0..<8 {
        group.addTask {
          let failures = (0..<300).map { i in mapper.mapWithFailures(JSON: json[i]).1 }
          let strictErrors = (0..<300).map { i -> String? in
            do {
              _ = try strict.mapOrThrow(JSON: json[i])
              return nil
            } catch {
              return "\(error)"
            }
          }
          return (failures, strictErrors, mapper.toJSONString(models))
        }
      }
      var all: [([[MappingError]], [String?], String?)] = []
      for await result in group { all.append(result) }
      return all
    }
    #expect(results.count == 8)
    let expectedStrict = expectedFailures.map { $0.first?.description }
    for (failures, strictErrors, text) in results {
      #expect(failures == expectedFailures)
      #expect(strictErrors == expectedStrict)
      #expect(text == expectedText)
    }
  }
}
