import Foundation
import JSONKit
import Mapping
import Testing

@Suite("Nested keys read through objects and arrays")
struct NestedKeyReadTests {
  struct Trip: Mappable {
    var city: String?
    var street = ""
    var firstDistance: Int?
    var secondText: String?
    var appID: String?
    var arrowScore: Int?
    var arrowDotted: String?
    var tagsCount = 0
    var deep: Double?

    init?(map: Map) {}

    mutating func mapping(map: Map) {
      city <- map["address.city"]
      street <- map["address.street.name"]
      firstDistance <- map["distances.0.value"]
      secondText <- map["distances.1.text"]
      appID <- map["app.identifier", nested: false]
      arrowScore <- map["stats->score", delimiter: "->"]
      arrowDotted <- map["stats->a.b", delimiter: "->"]
      tagsCount <- map["meta.tags.count"]
      deep <- map["grid.1.0.x"]
    }
  }

  static let text = #"""
    {"address": {"city": "Paris", "street": {"name": "Rue de Rivoli"}},
     "distances": [{"text": "1 ft", "value": 1}, {"text": "2 ft", "value": 2}],
     "app.identifier": "com.example", "app": {"identifier": "nested"},
     "stats": {"score": 99, "a.b": "dotted"},
     "meta": {"tags": {"count": 4}},
     "grid": [[{"x": 0.5}], [{"x": 1.5}]]}
    """#

  @Test("a.b, a.b.c, list.0.value, list.1.0.x and delimiter keys read the right values")
  func readsEveryForm() throws {
    let trip = try #require(Mapper<Trip>().map(JSONString: Self.text))
    #expect(trip.city == "Paris")
    #expect(trip.street == "Rue de Rivoli")
    #expect(trip.firstDistance == 1)
    #expect(trip.secondText == "2 ft")
    #expect(trip.appID == "com.example")
    #expect(trip.arrowScore == 99)
    #expect(trip.arrowDotted == "dotted")
    #expect(trip.tagsCount == 4)
    #expect(trip.deep == 1.5)
  }

  @Test("A missing step, an index out of range or a step into a scalar is a missing key")
  func missingSteps() throws {
    let (trip, failures) = failures(
      mapping:
        #"{"address": {"city": 1}, "distances": [{"value": 1}], "meta": {"tags": 3}, "grid": []}"#,
      into: Trip.self)
    #expect(trip?.secondText == nil)
    #expect(trip?.deep == nil)
    #expect(trip?.street == "")
    // Optionals whose path is missing are skipped silently; required ones are reported.
    #expect(
      failures.map(\.description) == [
        "Expected String at .address.city but found number (1)",
        "Missing value at .address.street.name",
        "Missing value at .meta.tags.count",
      ])
  }

  @Test("A numeric step into an object reads the member with that name")
  func numericKeyInObject() throws {
    struct Model: Mappable {
      var value: String?
      init?(map: Map) {}
      mutating func mapping(map: Map) { value <- map["byID.0"] }
    }
    #expect(Mapper<Model>().map(JSONString: #"{"byID": {"0": "zero"}}"#)?.value == "zero")
  }

  struct Ignoring: Mappable {
    var nickname: String? = "keep"
    var note: String? = "keep"
    var tags: [String]? = ["keep"]

    init() {}
    init?(map: Map) {}

    mutating func mapping(map: Map) {
      nickname <- map["profile.nickname", ignoreNil: true]
      note <- map["note"]
      tags <- map["tags", ignoreNil: true]
    }
  }

  @Test("ignoreNil: true leaves an optional unchanged when the JSON holds null")
  func ignoreNil() throws {
    let model = Mapper<Ignoring>().map(
      JSONString: #"{"profile": {"nickname": null}, "note": null, "tags": null}"#,
      toObject: Ignoring())
    #expect(model.nickname == "keep")
    #expect(model.note == nil)
    #expect(model.tags == ["keep"])
    let updated = Mapper<Ignoring>().map(
      JSONString: #"{"profile": {"nickname": "new"}, "tags": ["a"]}"#, toObject: Ignoring())
    #expect(updated.nickname == "new")
    #expect(updated.tags == ["a"])
  }
}

@Suite("Nested keys write the containers they name")
struct NestedKeyWriteTests {
  struct Writer: Mappable {
    var a = 1
    var c = "c"
    var second = 2
    var first = 0
    var literal = "dotted"
    var arrow = true
    var deep = 0.5

    init() {}
    init?(map: Map) {}

    mutating func mapping(map: Map) {
      a <- map["x.y.a"]
      c <- map["x.y.c"]
      second <- map["arr.1"]
      first <- map["arr.0"]
      literal <- map["app.identifier", nested: false]
      arrow <- map["s->t.u", delimiter: "->"]
      deep <- map["grid.1.0.v"]
    }
  }

  @Test("a.b.c writes nested objects, arr.1 writes an array, and the keys share their parents")
  func writesContainers() throws {
    let written = try #require(Writer().toJSONString())
    #expect(
      written
        == #"{"x":{"y":{"a":1,"c":"c"}},"arr":[0,2],"app.identifier":"dotted","s":{"t.u":true},"grid":[null,[{"v":0.5}]]}"#
    )
  }

  @Test("Writing arr.1 alone gives [null, value], not {\"1\": value}")
  func arrayIndexWrite() throws {
    struct Model: Mappable {
      var value = "v"
      init() {}
      init?(map: Map) {}
      mutating func mapping(map: Map) { value <- map["arr.1"] }
    }
    #expect(Model().toJSONString() == #"{"arr":[null,"v"]}"#)
    #expect(Mapper<Model>().map(JSONString: #"{"arr": [null, "read"]}"#)?.value == "read")
  }

  @Test("What is written under nested keys reads back into the same values")
  func writesThenReads() throws {
    var model = Writer()
    model.a = 10
    model.c = "cc"
    model.first = 5
    model.second = 6
    model.deep = 9.5
    let text = try #require(model.toJSONString())
    let back = try #require(Mapper<Writer>().map(JSONString: text))
    #expect(back.a == 10)
    #expect(back.c == "cc")
    #expect(back.first == 5)
    #expect(back.second == 6)
    #expect(back.literal == "dotted")
    #expect(back.arrow == true)
    #expect(back.deep == 9.5)
  }

  @Test("A nil optional under a nested key writes nothing, not even its parents")
  func nilNested() throws {
    struct Model: Mappable {
      var value: Int?
      var other = 1
      init() {}
      init?(map: Map) {}
      mutating func mapping(map: Map) {
        value <- map["a.b"]
        other <- map["c.d"]
      }
    }
    #expect(Model().toJSONString() == #"{"c":{"d":1}}"#)
    #expect(
      Mapper<Model>(shouldIncludeNilValues: true).toJSONString(Model())
        == #"{"a":{"b":null},"c":{"d":1}}"#)
  }
}
