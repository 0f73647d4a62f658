import Foundation
import JSONKit
import Mapping
import Testing

@Suite("Map exposes the key, the value and the state of the mapping")
struct MapTests {
  struct Tag: MapContext { let name: String }

  /// What a model saw on its `Map` while mapping.
  final class Probe: Mappable {
    var present: [String: Bool] = [:]
    var keys: [String?] = []
    var values: [String: Any] = [:]
    var typedInt: Int?
    var typedString: String?
    var typedArray: [Any]?
    var mappingTypes: [MappingType] = []
    var contextName: String?
    var jsonSeen: JSON?
    var name = "probe"
    var count = 2

    init() {}
    required init?(map: Map) {}

    func mapping(map: Map) {
      mappingTypes.append(map.mappingType)
      contextName = (map.context as? Tag)?.name
      if map.mappingType == .fromJSON {
        jsonSeen = map.JSON
        for key in ["name", "nothing", "null", "nested.inner", "nested.missing", "list.1"] {
          present[key] = map[key].isKeyPresent
          keys.append(map.currentKey)
          if let value = map.currentValue { values[key] = value }
        }
        typedInt = map["count"].value()
        typedString = map["name"].value()
        typedArray = map["list"].value()
      }
      name <- map["name"]
      count <- map["count"]
      if map.mappingType == .toJSON { jsonSeen = map.JSON }
    }
  }

  static let text =
    #"{"name": "ada", "count": 3, "null": null, "nested": {"inner": [1]}, "list": ["x", "y"]}"#

  @Test("isKeyPresent is true for a present key, including null, and false for a missing one")
  func isKeyPresent() throws {
    let probe = try #require(Mapper<Probe>().map(JSONString: Self.text))
    #expect(
      probe.present == [
        "name": true, "nothing": false, "null": true, "nested.inner": true, "nested.missing": false,
        "list.1": true,
      ])
  }

  @Test("currentKey is the key as given to the subscript")
  func currentKey() throws {
    let probe = try #require(Mapper<Probe>().map(JSONString: Self.text))
    #expect(probe.keys == ["name", "nothing", "null", "nested.inner", "nested.missing", "list.1"])
  }

  @Test("currentValue is a Foundation object: String, NSNumber, NSNull, [Any], or nil")
  func currentValue() throws {
    let probe = try #require(Mapper<Probe>().map(JSONString: Self.text))
    #expect(probe.values["name"] as? String == "ada")
    #expect(probe.values["nothing"] == nil)
    #expect(probe.values["null"] is NSNull)
    #expect((probe.values["nested.inner"] as? [Any])?.first as? Int == 1)
    #expect(probe.values["list.1"] as? String == "y")
  }

  @Test("value<T>() casts the current value, nil when it is another type")
  func typedValue() throws {
    let probe = try #require(Mapper<Probe>().map(JSONString: Self.text))
    #expect(probe.typedInt == 3)
    #expect(probe.typedString == "ada")
    #expect(probe.typedArray?.count == 2)
    let wrong = try #require(Mapper<Probe>().map(JSONString: #"{"count": "three", "name": 1}"#))
    #expect(wrong.typedInt == nil)
    #expect(wrong.typedString == nil)
  }

  @Test("mappingType is fromJSON when reading and toJSON when writing")
  func mappingType() throws {
    let probe = try #require(Mapper<Probe>().map(JSONString: Self.text))
    #expect(probe.mappingTypes == [.fromJSON])
    _ = probe.toJSONString()
    #expect(probe.mappingTypes == [.fromJSON, .toJSON])
  }

  @Test("context is the Mapper's, in both directions")
  func context() throws {
    let probe = try #require(Mapper<Probe>(context: Tag(name: "read")).map(JSONString: Self.text))
    #expect(probe.contextName == "read")
    _ = Mapper<Probe>(context: Tag(name: "write")).toJSON(probe)
    #expect(probe.contextName == "write")
    _ = Mapper<Probe>().toJSON(probe)
    #expect(probe.contextName == nil)
  }

  @Test("JSON is the JSONKit object being read, or the object written so far")
  func json() throws {
    let probe = try #require(Mapper<Probe>().map(JSONString: Self.text))
    #expect(probe.jsonSeen == parsed(Self.text))
    _ = probe.toJSONString()
    #expect(probe.jsonSeen == ["name": "ada", "count": 3])
  }

  @Test("A nested model's map holds the nested object")
  func nestedJSON() throws {
    struct Outer: Mappable {
      var inner: Probe?
      init?(map: Map) {}
      mutating func mapping(map: Map) { inner <- map["inner"] }
    }
    let outer = try #require(
      Mapper<Outer>().map(JSONString: #"{"inner": {"name": "in", "count": 1}}"#))
    #expect(outer.inner?.jsonSeen == ["name": "in", "count": 1])
    #expect(outer.inner?.name == "in")
  }

  @Test("A Map made by hand reads and writes with the operators")
  func handMadeMap() {
    let reading = Map(mappingType: .fromJSON, JSON: ["a": 1, "b": ["c": "d"]] as [String: Any])
    var a = 0
    var c = ""
    var missing = 5
    a <- reading["a"]
    c <- reading["b.c"]
    missing <- reading["zzz"]
    #expect(a == 1 && c == "d" && missing == 5)
    #expect(reading.failures.map(\.description) == ["Missing value at .zzz"])

    let writing = Map(mappingType: .toJSON, JSON: [:] as JSON)
    a <- writing["a"]
    c <- writing["b.c"]
    #expect(compactText(writing.JSON) == #"{"a":1,"b":{"c":"d"}}"#)
    #expect(writing.failures.isEmpty)
  }
}
