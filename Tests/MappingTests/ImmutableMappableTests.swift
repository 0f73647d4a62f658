import Foundation
import JSONKit
import Mapping
import Testing

@Suite("ImmutableMappable reads let properties with map.value and writes them with >>>")
struct ImmutableMappableTests {
  struct Owner: ImmutableMappable, Hashable {
    let name: String
    let since: Int

    init(name: String, since: Int) {
      self.name = name
      self.since = since
    }

    init(map: Map) throws {
      name = try map.value("name")
      since = try map.value("since")
    }

    func mapping(map: Map) {
      name >>> map["name"]
      since >>> map["since"]
    }
  }

  struct Repo: ImmutableMappable {
    let id: Int
    let fullName: String
    let stars: UInt32
    let score: Double
    let topics: [String]
    let license: String?
    let homepage: String?
    let color: Color
    let priority: Priority
    let owner: Owner
    let maintainers: [Owner]
    let labels: [String: Int]
    let city: String
    let appID: String
    let createdAt: Date
    let updatedAt: Date?
    let raw: JSON

    init(map: Map) throws {
      id = try map.value("id")
      fullName = try map.value("full_name")
      stars = try map.value("stars")
      score = try map.value("score")
      topics = try map.value("topics")
      license = try map.value("license")
      homepage = try map.value("homepage")
      color = try map.value("color")
      priority = try map.value("priority")
      owner = try map.value("owner")
      maintainers = try map.value("maintainers")
      labels = try map.value("labels")
      city = try map.value("location.city")
      appID = try map.value("app.id", nested: false)
      createdAt = try map.value("created_at", using: EpochSecondsTransform())
      updatedAt = try map.value("updated_at", using: EpochSecondsTransform())
      raw = try map.value("raw")
    }

    func mapping(map: Map) {
      id >>> map["id"]
      fullName >>> map["full_name"]
      stars >>> map["stars"]
      score >>> map["score"]
      topics >>> map["topics"]
      license >>> map["license"]
      homepage >>> map["homepage"]
      color >>> map["color"]
      priority >>> map["priority"]
      owner >>> map["owner"]
      maintainers >>> map["maintainers"]
      labels >>> map["labels"]
      city >>> map["location.city"]
      appID >>> map["app.id", nested: false]
      createdAt >>> (map["created_at"], EpochSecondsTransform())
      updatedAt >>> (map["updated_at"], EpochSecondsTransform())
      raw >>> map["raw"]
    }
  }

  static let repoText =
    #"{"id":1,"full_name":"a/b","stars":42,"score":0.5,"topics":["json","swift"],"license":"MIT","#
    + #""color":"green","priority":2,"owner":{"name":"ada","since":2015},"#
    + #""maintainers":[{"name":"bob","since":2016}],"labels":{"bug":3},"location":{"city":"Oslo"},"#
    + #""app.id":"x.y","created_at":1600000000,"raw":[1,{"k":null}]}"#

  @Test("Every kind of value reads with try map.value, and >>> writes the same JSON back")
  func readsAndWrites() throws {
    let repo = try Repo(JSONString: Self.repoText)
    #expect(repo.id == 1)
    #expect(repo.fullName == "a/b")
    #expect(repo.stars == 42)
    #expect(repo.score == 0.5)
    #expect(repo.topics == ["json", "swift"])
    #expect(repo.license == "MIT")
    #expect(repo.homepage == nil)
    #expect(repo.color == .green)
    #expect(repo.priority == .normal)
    #expect(repo.owner == Owner(name: "ada", since: 2015))
    #expect(repo.maintainers == [Owner(name: "bob", since: 2016)])
    #expect(repo.labels == ["bug": 3])
    #expect(repo.city == "Oslo")
    #expect(repo.appID == "x.y")
    #expect(repo.createdAt == Date(timeIntervalSince1970: 1_600_000_000))
    #expect(repo.updatedAt == nil)
    #expect(repo.raw == [1, ["k": nil]])
    #expect(repo.toJSONString() == Self.repoText)
  }

  @Test("ImmutableMappable models also map through Mapper, arrays and init(JSON:)")
  func throughMapper() throws {
    let owner = try Mapper<Owner>().map(JSONString: #"{"name": "ada", "since": 1}"#)
    #expect(owner == Owner(name: "ada", since: 1))
    #expect(try Owner(JSON: ["name": "bob", "since": 2]) == Owner(name: "bob", since: 2))
    let owners = try Mapper<Owner>().mapArrayOrThrow(
      JSONString: #"[{"name": "a", "since": 1}, {"name": "b", "since": 2}]"#)
    #expect(owners.map(\.name) == ["a", "b"])
    #expect(Mapper<Owner>().toJSONString(owner) == #"{"name":"ada","since":1}"#)
    #expect(owners.toJSONString() == #"[{"name":"a","since":1},{"name":"b","since":2}]"#)
  }

  @Test("A missing key throws keyNotFound with the path, the source file and the line of map.value")
  func missingKeyLocation() throws {
    do {
      _ = try Owner(JSONString: #"{"since": 1}"#)
      Issue.record("expected an error")
    } catch {
      #expect(error.reason == .keyNotFound)
      #expect(error.pathDescription == ".name")
      #expect(error.file == "ImmutableMappableTests.swift")
      try expectLine(error.line, contains: #"name = try map.value("name")"#)
      #expect(
        error.description
          == "Missing value at .name (ImmutableMappableTests.swift:\(error.line ?? 0))")
    }
  }

  @Test(
    "A wrong type in a nested immutable model throws with the full path and the nested call's line")
  func nestedLocation() throws {
    let text = Self.repoText.replacingOccurrences(
      of: #""maintainers":[{"name":"bob","since":2016}]"#,
      with: #""maintainers":[{"name":"bob","since":2016},{"name":"cy","since":"x"}]"#)
    do {
      _ = try Repo(JSONString: text)
      Issue.record("expected an error")
    } catch {
      #expect(error.pathDescription == ".maintainers[1].since")
      #expect(error.reason == .typeMismatch(expected: "Int", found: .string, preview: #""x""#))
      #expect(error.file == "ImmutableMappableTests.swift")
      try expectLine(error.line, contains: #"since = try map.value("since")"#)
    }
  }

  @Test("Errors of nested keys, transforms and enums carry their path and line")
  func otherLocations() throws {
    let cases: [(from: String, to: String, path: String, line: String)] = [
      (
        #""location":{"city":"Oslo"}"#, #""location":{}"#, ".location.city",
        #"city = try map.value("location.city")"#
      ),
      (
        #""created_at":1600000000"#, #""created_at":"soon""#, ".created_at",
        #"createdAt = try map.value("created_at""#
      ),
      (#""color":"green""#, #""color":"mauve""#, ".color", #"color = try map.value("color")"#),
      (#""stars":42"#, #""stars":-42"#, ".stars", #"stars = try map.value("stars")"#),
      (#""license":"MIT""#, #""license":7"#, ".license", #"license = try map.value("license")"#),
    ]
    for item in cases {
      let text = Self.repoText.replacingOccurrences(of: item.from, with: item.to)
      #expect(text != Self.repoText)
      do {
        _ = try Repo(JSONString: text)
        Issue.record("expected an error for \(item.path)")
      } catch {
        #expect(error.pathDescription == item.path)
        #expect(error.file == "ImmutableMappableTests.swift")
        try expectLine(error.line, contains: item.line)
      }
    }
  }

  @Test("A failing immutable model throws from Mapper's ObjectMapper 4 API and from mapOrThrow")
  func failureThroughMapper() throws {
    #expect(throws: MappingError.self) { try Mapper<Owner>().map(JSONString: #"{"name": "a"}"#) }
    #expect(throws: MappingError.self) {
      try Mapper<Owner>().mapOrThrow(JSONString: #"{"name": "a"}"#)
    }
    do {
      _ = try Mapper<Owner>().mapArray(JSONString: #"[{"name": "a", "since": 1}, {"name": "b"}]"#)
      Issue.record("expected an error")
    } catch {
      #expect((error as? MappingError)?.pathDescription == "[1].since")
    }
  }

  struct Validated: ImmutableMappable {
    struct TooYoung: Error, CustomStringConvertible {
      var description: String { "too young" }
    }

    let age: Int

    init(map: Map) throws {
      age = try map.value("age")
      if age < 18 { throw TooYoung() }
    }
  }

  struct Club: ImmutableMappable {
    let members: [Validated]
    init(map: Map) throws {
      members = try map.value("members")
    }
  }

  @Test("Any other error thrown by init(map:) becomes a custom failure at the model's path")
  func customError() throws {
    do {
      _ = try Club(JSONString: #"{"members": [{"age": 20}, {"age": 12}]}"#)
      Issue.record("expected an error")
    } catch {
      #expect(error.reason == .custom("too young"))
      #expect(error.pathDescription == ".members[1]")
      // The error's place in the source is the map.value call that read the failing model.
      try expectLine(error.line, contains: #"members = try map.value("members")"#)
      #expect(
        error.description
          == "too young at .members[1] (ImmutableMappableTests.swift:\(error.line ?? 0))")
    }
  }

  @Test("Optional values read nil for a missing key or null, and still throw for a wrong type")
  func optionals() throws {
    struct Model: ImmutableMappable {
      let nick: String?
      let tags: [Int]?
      init(map: Map) throws {
        nick = try map.value("nick")
        tags = try map.value("tags")
      }
    }
    let missing = try Model(JSONString: "{}")
    #expect(missing.nick == nil && missing.tags == nil)
    let null = try Model(JSONString: #"{"nick": null, "tags": null}"#)
    #expect(null.nick == nil && null.tags == nil)
    let present = try Model(JSONString: #"{"nick": "a", "tags": [1]}"#)
    #expect(present.nick == "a" && present.tags == [1])
    #expect(throws: MappingError.self) { try Model(JSONString: #"{"tags": [1, "x"]}"#) }
  }

  struct Palette: ImmutableMappable {
    let main: Color
    let accent: Color?
    let others: [Color]
    let levels: [Priority]?
    let dates: [Date]
    let stamps: [String: Date]

    init(map: Map) throws {
      main = try map.value("main")
      accent = try map.value("accent")
      others = try map.value("others")
      levels = try map.value("levels")
      dates = try map.value("dates", using: EpochSecondsTransform())
      stamps = try map.value("stamps", using: EpochSecondsTransform())
    }
  }

  @Test(
    "Enums read bare, optional, as arrays and optional arrays; transforms read arrays and dictionaries"
  )
  func enumsAndTransformCollections() throws {
    let full = try Palette(
      JSONString:
        #"{"main": "red", "accent": "blue", "others": ["green"], "levels": [3, 1], "dates": [0, 60], "stamps": {"a": 1}}"#
    )
    #expect(full.main == .red)
    #expect(full.accent == .blue)
    #expect(full.others == [.green])
    #expect(full.levels == [.high, .low])
    #expect(full.dates == [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 60)])
    #expect(full.stamps == ["a": Date(timeIntervalSince1970: 1)])
    let sparse = try Palette(
      JSONString: #"{"main": "red", "accent": null, "others": [], "dates": [], "stamps": {}}"#)
    #expect(sparse.accent == nil)
    #expect(sparse.levels == nil)
  }

  @Test("Enum and transformed collections throw at the element that failed")
  func enumAndTransformCollectionErrors() throws {
    let base = #"{"main": "red", "others": ["green"], "dates": [0], "stamps": {"a": 1}}"#
    let cases: [(from: String, to: String, description: String)] = [
      (#""main": "red""#, #""main": "pink""#, #""pink" at .main is not a raw value of Color"#),
      (
        #""others": ["green"]"#, #""others": ["green", "teal"]"#,
        #""teal" at .others[1] is not a raw value of Color"#
      ),
      (
        #""main": "red""#, #""main": "red", "accent": 5"#,
        "Expected String at .accent but found number (5)"
      ),
      (
        #""main": "red""#, #""main": "red", "levels": [1, 7]"#,
        "7 at .levels[1] is not a raw value of Priority"
      ),
      (
        #""dates": [0]"#, #""dates": [0, "x"]"#,
        #"EpochSecondsTransform could not transform "x" at .dates[1]"#
      ),
      (
        #""stamps": {"a": 1}"#, #""stamps": {"a": null}"#,
        "EpochSecondsTransform could not transform null at .stamps.a"
      ),
      (#""stamps": {"a": 1}"#, "", "Missing value at .stamps"),
    ]
    for item in cases {
      let text = base.replacingOccurrences(of: item.from, with: item.to).replacingOccurrences(
        of: ", }", with: "}")
      do {
        _ = try Palette(JSONString: text)
        Issue.record("expected an error for \(text)")
      } catch {
        #expect(
          error.description.hasPrefix(item.description + " (ImmutableMappableTests.swift:"),
          "\(error)")
      }
    }
  }

  struct Untyped: ImmutableMappable {
    let list: [Any]
    let object: [String: Any]
    let extra: [String: Any]?

    init(map: Map) throws {
      list = try map.value("list")
      object = try map.value("object")
      extra = try map.value("extra")
    }

    func mapping(map: Map) {
      list >>> map["list"]
      object >>> map["object"]
      extra >>> map["extra"]
    }
  }

  @Test("Untyped [Any] and [String: Any] read with map.value and write with >>>")
  func untyped() throws {
    let model = try Untyped(JSONString: #"{"list": [1, "a"], "object": {"k": true}}"#)
    #expect(model.list.count == 2)
    #expect(model.list.first as? Int == 1)
    #expect(model.object["k"] as? Bool == true)
    #expect(model.extra == nil)
    #expect(model.toJSONString() == #"{"list":[1,"a"],"object":{"k":true}}"#)
    do {
      _ = try Untyped(JSONString: #"{"list": {}, "object": {}}"#)
      Issue.record("expected an error")
    } catch {
      #expect(error.description.hasPrefix("Expected [Any] at .list but found dictionary ({})"))
      try expectLine(error.line, contains: #"list = try map.value("list")"#)
    }
  }

  /// Checks that `line` of this file contains `text`.
  func expectLine(
    _ line: UInt?, contains text: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let line = try #require(line, sourceLocation: sourceLocation)
    let source = try String(contentsOfFile: #filePath, encoding: .utf8)
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    try #require(line >= 1 && Int(line) <= lines.count, sourceLocation: sourceLocation)
    #expect(
      lines[Int(line) - 1].contains(text), "line \(line) is: \(lines[Int(line) - 1])",
      sourceLocation: sourceLocation)
  }
}
