import Foundation
import JSONKit
import Mapping
import Testing

@Suite("A number that does not fit its property is a failure, never a silent 0 or truncation")
struct NumberFitTests {
  struct Numbers: Mappable {
    var int8: Int8 = 7
    var int = 7
    var uint: UInt = 7
    var uint64: UInt64 = 7
    var int64: Int64 = 7
    var uint16: UInt16 = 7
    var double = 7.0
    var float: Float = 7

    init?(map: Map) {}

    mutating func mapping(map: Map) {
      int8 <- map["int8"]
      int <- map["int"]
      uint <- map["uint"]
      uint64 <- map["uint64"]
      int64 <- map["int64"]
      uint16 <- map["uint16"]
      double <- map["double"]
      float <- map["float"]
    }
  }

  @Test(
    "Out-of-range and fractional numbers are reported and leave the property unchanged",
    arguments: [
      ("int8", "300", "Int8"),
      ("int8", "-129", "Int8"),
      ("int", "1.5", "Int"),
      ("int", "9223372036854775808", "Int"),
      ("int", "1e19", "Int"),
      ("uint", "-1", "UInt"),
      ("uint64", "18446744073709551616", "UInt64"),
      ("uint64", "-0.5", "UInt64"),
      ("int64", "-9223372036854775809", "Int64"),
      ("uint16", "65536", "UInt16"),
      ("double", "1e400", "Double"),
      ("float", "1e39", "Float"),
    ])
  func outOfRange(key: String, number: String, type: String) throws {
    // Every key holds 7 except the one under test, so that the only failure is that number.
    let keys = ["int8", "int", "uint", "uint64", "int64", "uint16", "double", "float"]
    let members = keys.map { "\"\($0)\": \($0 == key ? number : "7")" }
    let (model, failures) = failures(
      mapping: "{\(members.joined(separator: ", "))}", into: Numbers.self)
    let model_ = try #require(model)
    #expect(model_.int8 == 7 && model_.int == 7 && model_.uint == 7 && model_.uint64 == 7)
    #expect(model_.int64 == 7 && model_.uint16 == 7 && model_.double == 7 && model_.float == 7)
    let failure = try #require(failures.first)
    #expect(failures.count == 1)
    #expect(failure.path == [.key(key)])
    #expect(failure.reason == .numberOutOfRange(expected: type, preview: number))
    #expect(failure.description == "Number \(number) at .\(key) does not fit \(type)")
  }

  @Test("Strict mode throws the same failure for 300 into Int8")
  func strictThrows() throws {
    let text =
      #"{"int8": 300, "int": 1, "uint": 1, "uint64": 1, "int64": 1, "uint16": 1, "double": 1, "float": 1}"#
    let error = try #require(strictError(mapping: text, into: Numbers.self))
    #expect(error.description == "Number 300 at .int8 does not fit Int8")
  }
}

@Suite("MappingError names the full path and what was found")
struct MappingErrorTests {
  struct Wrong: Mappable {
    var age = 1
    var name = "n"
    var flag = false
    var tags: [String] = []

    init?(map: Map) {}

    mutating func mapping(map: Map) {
      age <- map["age"]
      name <- map["name"]
      flag <- map["flag"]
      tags <- map["tags"]
    }
  }

  @Test("A value of the wrong type says what was expected, where, and shows what was found")
  func wrongType() throws {
    let (model, failures) = failures(
      mapping: #"{"age": "old", "name": 12, "flag": 1, "tags": "a,b"}"#, into: Wrong.self)
    #expect(model?.age == 1)
    #expect(model?.name == "n")
    #expect(model?.flag == false)
    #expect(model?.tags == [])
    #expect(
      failures.map(\.description) == [
        #"Expected Int at .age but found string ("old")"#,
        "Expected String at .name but found number (12)",
        "Expected Bool at .flag but found number (1)",
        #"Expected [String] at .tags but found string ("a,b")"#,
      ])
    #expect(
      failures.first?.reason == .typeMismatch(expected: "Int", found: .string, preview: #""old""#))
    #expect(failures.first?.path == [.key("age")])
  }

  @Test("A long value is shown as a short preview")
  func longPreview() throws {
    let long = String(repeating: "x", count: 500)
    let (_, failures) = failures(mapping: "{\"age\": \"\(long)\"}", into: Wrong.self)
    let failure = try #require(failures.first)
    guard case .typeMismatch(_, _, let preview) = failure.reason else {
      Issue.record("expected a type mismatch, got \(failure)")
      return
    }
    #expect(preview.count < 60)
    #expect(preview.hasPrefix("\"xxx"))
    #expect(failure.description.count < 120)
  }

  @Test("A missing key for a non-optional property is a failure at that key")
  func missingKey() throws {
    let (model, failures) = failures(mapping: #"{"age": 3}"#, into: Wrong.self)
    #expect(model?.age == 3)
    #expect(
      failures.map(\.description) == [
        "Missing value at .name", "Missing value at .flag", "Missing value at .tags",
      ])
    #expect(failures.first?.reason == .keyNotFound)
  }

  @Test("null for a non-optional property is a type mismatch, not a reset")
  func nullForRequired() throws {
    let (model, failures) = failures(
      mapping: #"{"age": null, "name": "x", "flag": true, "tags": []}"#, into: Wrong.self)
    #expect(model?.age == 1)
    #expect(failures.map(\.description) == ["Expected Int at .age but found null (null)"])
  }

  @Test("A failure inside an array of models names the element: .friends[3].birthday")
  func friendsBirthdayPath() throws {
    let text = #"""
      {"name": "ada", "friends": [
        {"name": "a", "birthday": 1}, {"name": "b", "birthday": 2}, {"name": "c", "birthday": 3},
        {"name": "d", "birthday": "soon"}]}
      """#
    let (person, failures) = failures(mapping: text, into: Person.self)
    #expect(person?.friends.map(\.birthday) == [1, 2, 3, 0])
    let failure = try #require(failures.first)
    #expect(failures.count == 1)
    #expect(failure.path == [.key("friends"), .index(3), .key("birthday")])
    #expect(failure.pathDescription == ".friends[3].birthday")
    #expect(
      failure.description == #"Expected Int at .friends[3].birthday but found string ("soon")"#)
    let strict = try #require(strictError(mapping: text, into: Person.self))
    #expect(strict == failure)
  }

  struct League: Mappable {
    var teams: [String: [Person.Pal]] = [:]
    var grid: [[Int]] = []
    var captain: Person?
    var byName: [String: Friend]?

    init?(map: Map) {}

    mutating func mapping(map: Map) {
      teams <- map["teams"]
      grid <- map["grid"]
      captain <- map["captain"]
      byName <- map["by name"]
    }
  }

  @Test("Paths go through dictionaries, nested arrays, nested models and odd keys")
  func deepPaths() throws {
    let text = #"""
      {"teams": {"red": [{"name": "a", "birthday": 1}, {"name": "b", "birthday": 1.5}]},
       "grid": [[1, 2], [3, 4, "five"]],
       "captain": {"name": "c", "friends": [{"name": 7, "birthday": 1}]},
       "by name": {"x y": {"name": false}}}
      """#
    let (_, failures) = failures(mapping: text, into: League.self)
    #expect(
      failures.map(\.pathDescription) == [
        ".teams.red[1].birthday", ".grid[1][2]", ".captain.friends[0].name",
        #"."by name"."x y".name"#,
      ])
  }

  @Test(
    "Lenient mode keeps the models it can make, as ObjectMapper, and records the others with their paths"
  )
  func elementNotObject() throws {
    let text =
      #"{"name": "x", "friends": [{"name": "a", "birthday": 1}, 5, null, {"name": "b", "birthday": 2}]}"#
    let (person, failures) = failures(mapping: text, into: Person.self)
    #expect(person?.friends.map(\.name) == ["a", "b"])
    #expect(
      failures.map(\.description) == [
        "Expected Pal at .friends[1] but found number (5)",
        "Expected Pal at .friends[2] but found null (null)",
      ])
    // Strict mode fails at the first one.
    #expect(
      throws: MappingError(
        .typeMismatch(expected: "Pal", found: .number, preview: "5"),
        path: [.key("friends"), .index(1)])
    ) {
      try Mapper<Person>(strict: true).mapOrThrow(JSONString: text)
    }
  }

  @Test("A root that is not an object gives no model and a failure at the root")
  func rootNotObject() throws {
    let (model, failures) = failures(mapping: "[1, 2]", into: Person.self)
    #expect(model == nil)
    #expect(failures.map(\.description) == ["Expected Person at . but found array ([1,2])"])
  }

  struct Picky: Mappable {
    var id = 0
    init?(map: Map) {
      guard map["id"].isKeyPresent else { return nil }
    }
    mutating func mapping(map: Map) { id <- map["id"] }
  }

  struct Holder: Mappable {
    var picky: Picky?
    init?(map: Map) {}
    mutating func mapping(map: Map) { picky <- map["picky"] }
  }

  @Test("init?(map:) returning nil is reported with the nested path")
  func objectNotCreated() throws {
    let (holder, failures) = failures(mapping: #"{"picky": {"other": 1}}"#, into: Holder.self)
    #expect(holder?.picky == nil)
    #expect(failures.first?.reason == .objectNotCreated(type: "Picky"))
    #expect(failures.first?.description == "Picky could not be created from the value at .picky")
  }

  @Test("Invalid JSON text gives .invalidJSON with the parse location")
  func invalidJSON() throws {
    let text = "{\n  \"name\": tru\n}"
    for strict in [false, true] {
      do {
        _ = try Mapper<Person>(strict: strict).mapOrThrow(JSONString: text)
        Issue.record("expected invalid JSON")
      } catch {
        guard case .invalidJSON(let parseError) = error.reason else {
          Issue.record("expected .invalidJSON, got \(error)")
          continue
        }
        #expect(parseError.location?.line == 2)
        #expect(parseError.location?.column == 14)
        #expect(error.description.hasPrefix("Invalid JSON: "))
        #expect(error.description.contains("line 2, column 14"))
      }
    }
    #expect(Mapper<Person>().map(JSONString: text) == nil)
    #expect(Person(JSONString: text) == nil)
    #expect(Mapper<Person>().mapArray(JSONString: "[{") == nil)
  }

  @Test("A failure recorded on the Map is visible from inside mapping(map:)")
  func failuresOnTheMap() throws {
    final class Observer: Mappable {
      var age = 0
      var failuresSeen: [String] = []
      required init?(map: Map) {}
      func mapping(map: Map) {
        age <- map["age"]
        failuresSeen = map.failures.map(\.description)
      }
    }
    let observer = try #require(Mapper<Observer>().map(JSONString: #"{"age": "x"}"#))
    #expect(observer.failuresSeen == [#"Expected Int at .age but found string ("x")"#])
  }

  @Test("MappingError is Equatable and its path renders in jq's notation")
  func errorValue() {
    let error = MappingError(.keyNotFound, path: [.key("a"), .index(2), .key("b c")])
    #expect(error.pathDescription == #".a[2]."b c""#)
    #expect(error.description == #"Missing value at .a[2]."b c""#)
    #expect(MappingError(.custom("bad"), path: []).description == "bad at .")
    #expect(error == MappingError(.keyNotFound, path: [.key("a"), .index(2), .key("b c")]))
  }
}
