import Foundation
import JSONKit
import Mapping
import TestInputs
import Testing

@Suite("Collections of models: lenient keeps what it can, strict and …OrThrow say why")
struct MapperCollectionsTests {
  static let mixed = #"{"a": {"name": "ada", "age": 36}, "b": 7, "c": {"name": "cy"}}"#

  @Test(
    "A lenient dictionary of models drops the members that are not objects, a strict one fails at the first"
  )
  func dictionaries() throws {
    let lenient = try #require(Mapper<Friend>().mapDictionary(JSONString: Self.mixed))
    #expect(lenient == ["a": Friend(name: "ada", age: 36), "c": Friend(name: "cy")])
    #expect(Mapper<Friend>(strict: true).mapDictionary(JSONString: Self.mixed) == nil)
    do {
      _ = try Mapper<Friend>(strict: true).mapDictionaryOrThrow(JSONString: Self.mixed)
      Issue.record("expected an error")
    } catch {
      #expect(error.description == "Expected Friend at .b but found number (7)")
    }
  }

  @Test("mapSetOrThrow and mapArrayOfArraysOrThrow report the element's path")
  func setsAndNestedArrays() throws {
    let set = try Mapper<Friend>().mapSetOrThrow(
      JSONString: #"[{"name": "a"}, {"name": "a"}, {"name": "b"}]"#)
    #expect(set == [Friend(name: "a"), Friend(name: "b")])
    do {
      _ = try Mapper<Friend>(strict: true).mapArrayOfArraysOrThrow(
        JSON: JSON(parseJSON: #"[[{"name": "a"}], [{"name": 5}]]"#))
      Issue.record("expected an error")
    } catch {
      #expect(error.pathDescription == "[1][0].name")
    }
    // Lenient: an element that is not an array is skipped, the others are kept.
    let lists = Mapper<Friend>().mapArrayOfArrays(
      JSONObject: [[["name": "a"]], "x", [] as [Any]] as [Any])
    #expect(lists == [[Friend(name: "a")], []])
  }

  @Test("map(JSON:toObject:) in strict mode is all or nothing; mapOrThrow(…toObject:) says why")
  func toObjectStrict() throws {
    let ada = Friend(name: "ada", age: 36)
    let text = #"{"name": "ada l.", "age": "old"}"#
    // Lenient: what maps is applied, the rest stays.
    #expect(
      Mapper<Friend>().map(JSONString: text, toObject: ada) == Friend(name: "ada l.", age: 36))
    // Strict: nothing is applied.
    #expect(Mapper<Friend>(strict: true).map(JSONString: text, toObject: ada) == ada)
    #expect(
      throws: MappingError(
        .typeMismatch(expected: "Int", found: .string, preview: #""old""#), path: [.key("age")])
    ) {
      try Mapper<Friend>(strict: true).mapOrThrow(JSONString: text, toObject: ada)
    }
    #expect(
      try Mapper<Friend>(strict: true).mapOrThrow(JSONString: #"{"age": 37}"#, toObject: ada)
        == Friend(name: "ada", age: 37))
  }

  @Test("Error messages spell types as Swift source does")
  func typeNames() throws {
    struct Shapes: Mappable {
      var table: [String: Int] = [:]
      var grid: [[String]] = []
      var tags: Set<Int> = []
      var lookup: [String: [Double]]?
      init?(map: Map) {}
      mutating func mapping(map: Map) {
        table <- map["table"]
        grid <- map["grid"]
        tags <- map["tags"]
        lookup <- map["lookup"]
      }
    }
    let (_, failures) = Mapper<Shapes>().mapWithFailures(JSON: [
      "table": 1, "grid": 2, "tags": 3, "lookup": 4,
    ])
    #expect(
      failures.map(\.description).sorted()
        == [
          "Expected Set<Int> at .tags but found number (3)",
          "Expected [String: Int] at .table but found number (1)",
          "Expected [String: [Double]] at .lookup but found number (4)",
          "Expected [[String]] at .grid but found number (2)",
        ].sorted())
  }

  @Test("Dictionaries are written in key order, so the same model always gives the same text")
  func sortedOutput() throws {
    struct Scores: Mappable {
      var byName: [String: Int] = [:]
      var raw: [String: Any] = [:]
      init?(map: Map) {}
      mutating func mapping(map: Map) {
        byName <- map["by_name"]
        raw <- map["raw"]
      }
    }
    var scores = try #require(Scores(JSONString: "{}"))
    let names = (0..<50).map { "k\($0)" }
    var generator = SplitMix64(seed: 50)
    for (i, name) in names.shuffled(using: &generator).enumerated() { scores.byName[name] = i }
    scores.raw = ["z": 1, "a": ["y": 2, "b": 3], "m": NSNull()]
    let written = try #require(scores.toJSONString())
    let json = JSON(parseJSON: written)
    #expect(json["by_name"].dictionaryValue.count == 50)
    #expect(Array(json["by_name"].map(\.0)) == names.sorted())
    #expect(written.hasSuffix(#""raw":{"a":{"b":3,"y":2},"m":null,"z":1}}"#))
  }

  @Test("A Mapper of a Sendable model is Sendable and can be shared by tasks")
  func sendableMapper() async throws {
    struct Locale: MapContext { let code: String }
    let mapper = Mapper<Friend>(context: Locale(code: "nb"))
    let names = try await withThrowingTaskGroup(of: String.self) { group in
      for i in 0..<4 {
        group.addTask { try mapper.mapOrThrow(JSONString: #"{"name": "n\#(i)"}"#).name }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(names.sorted() == ["n0", "n1", "n2", "n3"])
  }
}

@Suite("ImmutableMappable through ObjectMapper 4's throwing Mapper API")
struct ImmutableMapperAPITests {
  typealias Owner = ImmutableMappableTests.Owner

  @Test("Every input form maps or throws the first failure with its path")
  func everyForm() throws {
    let mapper = Mapper<Owner>()
    #expect(try mapper.map(JSON: ["name": "a", "since": 2]).since == 2)
    #expect(try mapper.map(JSON: JSON(parseJSON: #"{"name": "b", "since": 4}"#)).name == "b")
    #expect(try mapper.map(JSONObject: ["name": "c", "since": 6] as [String: Any]).since == 6)
    #expect(
      try mapper.mapArray(JSONArray: [["name": "a", "since": 1], ["name": "b", "since": 2]]).map(
        \.since) == [1, 2])
    #expect(try mapper.mapArray(JSONObject: [["name": "a", "since": 1]] as [Any]).count == 1)
    #expect(
      try mapper.mapDictionary(JSONString: #"{"k": {"name": "a", "since": 2}}"#)["k"]
        == Owner(name: "a", since: 2))
    #expect(try mapper.mapDictionary(JSON: ["k": ["name": "a", "since": 3]])["k"]?.since == 3)
    #expect(
      try mapper.mapDictionaryOfArrays(JSON: ["k": [["name": "z", "since": 8]]])["k"] == [
        Owner(name: "z", since: 8)
      ])
    #expect(
      try mapper.mapArrayOfArrays(JSONObject: [[["name": "a", "since": 1]]] as [Any]) == [
        [Owner(name: "a", since: 1)]
      ])
    #expect(
      try mapper.mapSet(JSONString: #"[{"name": "a", "since": 1}, {"name": "a", "since": 1}]"#)
        .count == 1)
    #expect(
      try Owner(JSONObject: JSON(parseJSON: #"{"name": "q", "since": 9}"#))
        == Owner(name: "q", since: 9))
    #expect(try Owner(JSONValue: ["name": "r", "since": 0]).since == 0)

    let failures: [(String, () throws -> Any)] = [
      (".since", { try mapper.map(JSON: ["name": "a"]) }),
      (
        "[1].since",
        {
          try mapper.mapArray(
            JSONString: #"[{"name": "a", "since": 1}, {"name": "b", "since": "1"}]"#)
        }
      ),
      (
        ".b", { try mapper.mapDictionary(JSONString: #"{"a": {"name": "a", "since": 2}, "b": 3}"#) }
      ),
      (".k[0].name", { try mapper.mapDictionaryOfArrays(JSON: ["k": [["since": 7]]]) }),
      (".", { try mapper.mapArrayOfArrays(JSONObject: nil) }),
    ]
    for (path, call) in failures {
      do {
        _ = try call()
        Issue.record("expected an error at \(path)")
      } catch let error as MappingError {
        #expect(error.pathDescription == path)
      }
    }
  }
}
