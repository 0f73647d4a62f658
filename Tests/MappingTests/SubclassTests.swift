import Foundation
import JSONKit
import Mapping
import Testing

@Suite("Subclasses map their own properties after calling super.mapping(map:)")
struct SubclassTests {
  class Animal: Mappable {
    var name = ""
    var legs: Int?

    init(name: String) { self.name = name }

    required init?(map: Map) {}

    func mapping(map: Map) {
      name <- map["name"]
      legs <- map["legs"]
    }
  }

  class Dog: Animal {
    var breed: String?

    required init?(map: Map) {
      super.init(map: map)
    }

    init(name: String, breed: String) {
      self.breed = breed
      super.init(name: name)
    }

    override func mapping(map: Map) {
      super.mapping(map: map)
      breed <- map["breed"]
    }
  }

  final class Puppy: Dog {
    var ageInWeeks = 0

    required init?(map: Map) {
      super.init(map: map)
    }

    override func mapping(map: Map) {
      super.mapping(map: map)
      ageInWeeks <- map["weeks"]
    }
  }

  @Test("A subclass reads the base class's properties and its own")
  func readsBoth() throws {
    let dog = try #require(Dog(JSONString: #"{"name": "Rex", "legs": 4, "breed": "collie"}"#))
    #expect(dog.name == "Rex")
    #expect(dog.legs == 4)
    #expect(dog.breed == "collie")
  }

  @Test("Three levels of classes each add their properties, in order")
  func threeLevels() throws {
    let text = #"{"name":"Bit","legs":4,"breed":"pug","weeks":9}"#
    let (puppy, written) = try roundTrip(text, as: Puppy.self)
    #expect(puppy.name == "Bit" && puppy.legs == 4 && puppy.breed == "pug" && puppy.ageInWeeks == 9)
    #expect(written == text)
  }

  @Test("Writing through the base type still calls the subclass's mapping")
  func dynamicDispatch() throws {
    let animal: Animal = Dog(name: "Rex", breed: "collie")
    #expect(Mapper<Animal>().toJSONString(animal) == #"{"name":"Rex","breed":"collie"}"#)
    #expect(animal.toJSONString() == #"{"name":"Rex","breed":"collie"}"#)
  }

  @Test("Arrays of a subclass, and base-typed arrays holding subclasses, write every property")
  func arrays() throws {
    let dogs = try #require(
      Mapper<Dog>().mapArray(JSONString: #"[{"name": "a", "breed": "x"}, {"name": "b"}]"#))
    #expect(dogs.map(\.breed) == ["x", nil])
    let animals: [Animal] = [Animal(name: "cat"), Dog(name: "dog", breed: "lab")]
    #expect(animals.toJSONString() == #"[{"name":"cat"},{"name":"dog","breed":"lab"}]"#)
  }

  struct Kennel: Mappable {
    var dogs: [Dog] = []
    var best: Puppy?
    init?(map: Map) {}
    mutating func mapping(map: Map) {
      dogs <- map["dogs"]
      best <- map["best"]
    }
  }

  @Test("Subclasses nested in another model map through the generic operators")
  func nested() throws {
    let text = #"{"dogs":[{"name":"a","breed":"x"}],"best":{"name":"p","weeks":3}}"#
    let (kennel, written) = try roundTrip(text, as: Kennel.self)
    #expect(kennel.dogs.first?.breed == "x")
    #expect(kennel.best?.ageInWeeks == 3)
    #expect(written == text)
  }

  @Test("map(JSONString:toObject:) updates an existing subclass instance in place")
  func toObject() throws {
    let dog = Dog(name: "Rex", breed: "collie")
    let same = Mapper<Dog>().map(JSONString: #"{"legs": 3}"#, toObject: dog)
    #expect(same === dog)
    #expect(dog.legs == 3)
    #expect(dog.name == "Rex")
    #expect(dog.breed == "collie")
  }
}
