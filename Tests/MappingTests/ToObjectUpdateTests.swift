import Foundation
import JSONKit
import Mapping
import Testing

/// `map(JSON:toObject:)` updates the nested models the object already holds, as ObjectMapper.
@Suite("Mapping onto an existing object updates its nested models in place")
struct ToObjectUpdateTests {
  final class Person: Mappable {
    var name: String?
    var age: Int?
    var spouse: Person?
    var children: [String: Person]?
    init?(map: Map) {}
    func mapping(map: Map) {
      name <- map["name"]
      age <- map["age"]
      spouse <- map["spouse"]
      children <- map["children"]
    }
  }

  @Test("A nested object is the same instance with the new values")
  func aNestedObjectIsTheSameInstanceWithTheNewValues() throws {
    let person = try #require(
      Mapper<Person>().map(JSONString: #"{"name": "A", "spouse": {"name": "B", "age": 40}}"#))
    let spouse = try #require(person.spouse)
    _ = Mapper<Person>().map(JSONString: #"{"spouse": {"name": "C"}}"#, toObject: person)
    #expect(person.spouse === spouse)
    #expect(spouse.name == "C")
    #expect(spouse.age == 40)  // not in the update: kept
    #expect(person.name == "A")
  }

  @Test("Dictionary members update their objects and new keys are added")
  func dictionaryMembersUpdateTheirObjectsAndNewKeysAreAdded() throws {
    let person = try #require(
      Mapper<Person>().map(JSONString: #"{"children": {"c1": {"name": "x"}}}"#))
    let child = try #require(person.children?["c1"])
    _ = Mapper<Person>().map(
      JSONString: #"{"children": {"c1": {"age": 3}, "c2": {"name": "y"}}}"#, toObject: person)
    #expect(person.children?["c1"] === child)
    #expect(child.name == "x" && child.age == 3)
    #expect(person.children?["c2"]?.name == "y")
  }

  @Test("Mapping a new object still makes new nested objects")
  func mappingANewObjectStillMakesNewNestedObjects() throws {
    let first = try #require(Mapper<Person>().map(JSONString: #"{"spouse": {"name": "B"}}"#))
    let second = try #require(Mapper<Person>().map(JSONString: #"{"spouse": {"name": "B"}}"#))
    #expect(first.spouse !== second.spouse)
  }

  @Test("Null still clears a nested object")
  func nullStillClearsANestedObject() throws {
    let person = try #require(Mapper<Person>().map(JSONString: #"{"spouse": {"name": "B"}}"#))
    _ = Mapper<Person>().map(JSONString: #"{"spouse": null}"#, toObject: person)
    #expect(person.spouse == nil)
  }

  struct Tagged: Mappable {
    var tags: [Int] = []
    init?(map: Map) {}
    mutating func mapping(map: Map) {
      tags <- (
        map["tags"],
        TransformOf<Int, String>(
          fromJSON: { $0.flatMap(Int.init) }, toJSON: { $0.map(String.init) })
      )
    }
  }

  @Test("Strict mode still fails a collection with a bad element")
  func strictModeStillFailsACollectionWithABadElement() {
    #expect(throws: MappingError.self) {
      try Mapper<Tagged>(strict: true).mapOrThrow(JSONString: #"{"tags": ["1", "x"]}"#)
    }
    #expect(Mapper<Tagged>().map(JSONString: #"{"tags": ["1", "x"]}"#)?.tags == [1])
  }
}

@Suite("Float properties keep their type in toJSON and their shortest text in JSON")
struct FloatToJSONTests {
  struct Prices: Mappable {
    var byName: [String: Float] = [:]
    var one: Float = 0
    init?(map: Map) {}
    init(byName: [String: Float], one: Float) {
      self.byName = byName
      self.one = one
    }
    mutating func mapping(map: Map) {
      byName <- map["byName"]
      one <- map["one"]
    }
  }

  @Test("To JSON gives numbers that cast back to float")
  func toJSONGivesNumbersThatCastBackToFloat() throws {
    let json = Mapper<Prices>().toJSON(Prices(byName: ["a": 1.3], one: 0.1))
    #expect((json["byName"] as? [String: Float])?["a"] == 1.3)
    #expect(json["one"] as? Float == 0.1)
  }

  @Test("The text is the float's shortest form")
  func theTextIsTheFloatsShortestForm() {
    #expect(
      Prices(byName: ["a": 1.3], one: 0.1).toJSONString() == #"{"byName":{"a":1.3},"one":0.1}"#)
    #expect(JSON(Float(0.1)).rawString() == "0.1")
    #expect(JSON(Float(0.1)) == JSON(0.1))
    #expect(JSON(Float(0.1)).double == 0.1)
  }
}
