import Foundation
import JSONKit
import Mapping
import Testing

@Suite("Lenient mode maps what it can and records the rest")
struct LenientModeTests {
  static let text =
    #"{"name": "ada", "friends": [{"name": "b", "birthday": "x"}, {"name": 3, "birthday": 4}]}"#

  @Test("Mapper().map(JSONString:) returns the model with failed properties left unchanged")
  func mapReturnsModel() throws {
    let person = try #require(Mapper<Person>().map(JSONString: Self.text))
    #expect(person.name == "ada")
    #expect(
      person.friends == [Person.Pal(name: "b", birthday: 0), Person.Pal(name: "", birthday: 4)])
  }

  @Test("mapWithFailures(JSON:) returns the model and every failure in mapping order")
  func mapWithFailures() throws {
    let (person, failures) = Mapper<Person>().mapWithFailures(JSON: parsed(Self.text))
    #expect(person?.name == "ada")
    #expect(
      failures.map(\.description) == [
        #"Expected Int at .friends[0].birthday but found string ("x")"#,
        "Expected String at .friends[1].name but found number (3)",
      ])
  }

  @Test("mapOrThrow in lenient mode returns the model despite failures")
  func lenientMapOrThrow() throws {
    let person = try Mapper<Person>().mapOrThrow(JSONString: Self.text)
    #expect(person.friends.count == 2)
  }

  @Test("A lenient mapArray skips elements that are not objects and keeps the others")
  func lenientArray() throws {
    let people = try #require(
      Mapper<Friend>().mapArray(JSONString: #"[{"name": "a"}, 1, {"name": "b", "age": "x"}]"#))
    #expect(people == [Friend(name: "a"), Friend(name: "b")])
  }
}

@Suite("Strict mode fails on the first failure")
struct StrictModeTests {
  @Test("mapOrThrow(JSONString:) throws the first failure, in mapping order")
  func throwsFirst() throws {
    let error = try #require(strictError(mapping: LenientModeTests.text, into: Person.self))
    #expect(error.description == #"Expected Int at .friends[0].birthday but found string ("x")"#)
    #expect(error.path == [.key("friends"), .index(0), .key("birthday")])
  }

  @Test("map(JSONString:) returns nil on any failure, and a model when there is none")
  func mapReturnsNil() throws {
    let strict = Mapper<Person>(strict: true)
    #expect(strict.map(JSONString: LenientModeTests.text) == nil)
    #expect(strict.map(JSON: parsed(LenientModeTests.text)) == nil)
    let person = try #require(
      strict.map(JSONString: #"{"name": "ada", "friends": [{"name": "b", "birthday": 5}]}"#))
    #expect(person.friends == [Person.Pal(name: "b", birthday: 5)])
  }

  @Test("A missing non-optional key fails; a missing optional one does not")
  func missingKeys() throws {
    let error = try #require(strictError(mapping: #"{"friends": []}"#, into: Person.self))
    #expect(error.description == "Missing value at .name")
    #expect(
      try Mapper<Friend>(strict: true).mapOrThrow(JSONString: #"{"name": "a"}"#)
        == Friend(name: "a"))
  }

  @Test("mapArrayOrThrow names the element that failed")
  func arrays() throws {
    let text = #"[{"name": "a"}, {"name": "b"}, {"name": "c", "age": 1.5}]"#
    do {
      _ = try Mapper<Friend>(strict: true).mapArrayOrThrow(JSONString: text)
      Issue.record("expected a failure")
    } catch {
      #expect(error.description == "Number 1.5 at [2].age does not fit Int")
    }
    #expect(Mapper<Friend>(strict: true).mapArray(JSONString: text) == nil)
    #expect(Mapper<Friend>().mapArray(JSONString: text)?.count == 3)
    do {
      _ = try Mapper<Friend>(strict: true).mapArrayOrThrow(JSONString: #"[{"name": "a"}, "b"]"#)
      Issue.record("expected a failure")
    } catch {
      #expect(error.description == #"Expected Friend at [1] but found string ("b")"#)
    }
  }

  @Test(
    "Strict mapDictionary, mapDictionaryOfArrays, mapArrayOfArrays and mapSet return nil on any failure"
  )
  func strictCollections() throws {
    let strict = Mapper<Friend>(strict: true)
    let lenient = Mapper<Friend>()
    let dictionary = parsed(#"{"a": {"name": "a"}, "b": {"name": "b", "age": "x"}}"#)
    #expect(strict.mapDictionary(JSON: dictionary) == nil)
    #expect(lenient.mapDictionary(JSON: dictionary)?.count == 2)
    #expect(strict.mapDictionary(JSON: parsed(#"{"a": {"name": "a"}, "b": 1}"#)) == nil)
    #expect(
      lenient.mapDictionary(JSON: parsed(#"{"a": {"name": "a"}, "b": 1}"#)) == [
        "a": Friend(name: "a")
      ])
    let ofArrays = parsed(#"{"a": [{"name": "a"}], "b": [{"age": 1}]}"#)
    #expect(strict.mapDictionaryOfArrays(JSON: ofArrays) == nil)
    #expect(lenient.mapDictionaryOfArrays(JSON: ofArrays)?.count == 2)
    let arrays = parsed(#"[[{"name": "a"}], [{"name": "b"}, {"name": 2}]]"#)
    #expect(strict.mapArrayOfArrays(JSON: arrays) == nil)
    #expect(lenient.mapArrayOfArrays(JSON: arrays)?.count == 2)
    #expect(strict.mapSet(JSON: arrays[1]) == nil)
    #expect(
      strict.mapDictionary(JSON: parsed(#"{"a": {"name": "a"}}"#)) == ["a": Friend(name: "a")])
  }

  @Test("Strict mode reaches nested models in dictionaries")
  func nestedInDictionary() throws {
    struct Directory: Mappable {
      var people: [String: Friend] = [:]
      init?(map: Map) {}
      mutating func mapping(map: Map) { people <- map["people"] }
    }
    let error = try #require(
      strictError(
        mapping: #"{"people": {"ada": {"name": "ada", "age": -1.25}}}"#, into: Directory.self))
    #expect(error.pathDescription == ".people.ada.age")
  }
}

/// The examples of the "Lenient and strict mapping" article, as written there.
@Suite("The strict-mode article's examples work as written")
struct StrictModeArticleTests {
  struct Pal: Mappable {
    var name = ""
    var age = 0
    init?(map: Map) {}
    mutating func mapping(map: Map) {
      name <- map["name"]
      age <- map["age"]
    }
  }
  static let text = #"[{"name": "Ada", "age": "36"}, {"name": 7, "age": 41}]"#

  @Test("Lenient mapping keeps what maps and strict throws the first failure")
  func lenientMappingKeepsWhatMapsAndStrictThrowsTheFirstFailure() throws {
    let pals = try #require(Mapper<Pal>().mapArray(JSONString: Self.text))
    #expect(pals.map(\.name) == ["Ada", ""] && pals.map(\.age) == [0, 41])

    let (mapped, failures) = Mapper<Pal>().mapWithFailures(JSON: JSON(parseJSON: Self.text)[0])
    #expect(mapped?.name == "Ada")
    #expect(failures.map(\.description) == [#"Expected Int at .age but found string ("36")"#])

    #expect {
      _ = try Mapper<Pal>(strict: true).mapArrayOrThrow(JSONString: Self.text)
    } throws: { error in
      guard let error = error as? MappingError else { return false }
      return error.description == #"Expected Int at [0].age but found string ("36")"#
        && error.path == [.index(0), .key("age")]
    }
  }
}

/// The decision written in the "Lenient and strict mapping" article: a missing key fails only
/// where a value is required, as `ImmutableMappable`'s `map.value` and `Codable` do.
@Suite("Strict mode and missing keys: optional properties may be absent")
struct StrictModeMissingKeyTests {
  struct User: Mappable, Equatable {
    var name = ""
    var age: Int?
    init?(map: Map) {}
    init(name: String, age: Int?) {
      self.name = name
      self.age = age
    }
    mutating func mapping(map: Map) {
      name <- map["name"]
      age <- map["age"]
    }
  }

  @Test("{\"name\": \"Ada\"} maps under strict mode to a user whose optional age is nil")
  func optionalMayBeMissing() throws {
    let strict = Mapper<User>(strict: true)
    #expect(try strict.mapOrThrow(JSONString: #"{"name": "Ada"}"#) == User(name: "Ada", age: nil))
    #expect(
      try strict.mapOrThrow(JSONString: #"{"name": "Ada", "age": null}"#)
        == User(name: "Ada", age: nil))
  }

  @Test("A missing non-optional key is a failure: thrown when strict, recorded when lenient")
  func requiredMayNotBeMissing() throws {
    let error = try #require(strictError(mapping: #"{"age": 36}"#, into: User.self))
    #expect(error.description == "Missing value at .name")
    let (user, failures) = Mapper<User>().mapWithFailures(JSON: parsed(#"{"age": 36}"#))
    #expect(user == User(name: "", age: 36))
    #expect(failures.map(\.description) == ["Missing value at .name"])
  }
}
