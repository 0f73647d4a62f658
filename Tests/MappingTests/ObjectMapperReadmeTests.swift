import Foundation
import JSONKit
import Mapping
import Testing

/// The ObjectMapper README's examples, ported to ObjectMapper 4's spelling, with the values
/// they are meant to produce.
@Suite("The ObjectMapper README's examples work as written")
struct ObjectMapperReadmeTests {
  static let userText = #"""
    {"username": "ada", "age": 36, "weight": 61.5, "arr": [1, "two", true],
     "dict": {"city": "London"}, "best_friend": {"username": "bob", "age": 40},
     "friends": [{"username": "cy"}, {"username": "di", "age": 22}], "birthday": 1700000000}
    """#

  /// What `User.mapping(map:)` writes for `userText`: the properties in mapping order, `nil`
  /// optionals left out, the non-optional empty dictionary written as `{}`.
  static let userWritten =
    #"{"username":"ada","age":36,"weight":61.5,"arr":[1,"two",true],"dict":{"city":"London"},"#
    + #""best_friend":{"username":"bob","age":40,"dict":{}},"#
    + #""friends":[{"username":"cy","dict":{}},{"username":"di","age":22,"dict":{}}],"#
    + #""birthday":1700000000}"#

  static func expectReadmeUser(_ user: User?, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let user else {
      Issue.record("no user", sourceLocation: sourceLocation)
      return
    }
    #expect(user.username == "ada", sourceLocation: sourceLocation)
    #expect(user.age == 36, sourceLocation: sourceLocation)
    #expect(user.weight == 61.5, sourceLocation: sourceLocation)
    #expect(user.array?.count == 3, sourceLocation: sourceLocation)
    #expect(user.array?[0] as? Int == 1, sourceLocation: sourceLocation)
    #expect(user.array?[1] as? String == "two", sourceLocation: sourceLocation)
    #expect(user.array?[2] as? Bool == true, sourceLocation: sourceLocation)
    #expect(user.dictionary["city"] as? String == "London", sourceLocation: sourceLocation)
    #expect(user.dictionary.count == 1, sourceLocation: sourceLocation)
    #expect(user.bestFriend?.username == "bob", sourceLocation: sourceLocation)
    #expect(user.bestFriend?.age == 40, sourceLocation: sourceLocation)
    #expect(user.bestFriend?.bestFriend == nil, sourceLocation: sourceLocation)
    #expect(user.friends?.map(\.username) == ["cy", "di"], sourceLocation: sourceLocation)
    #expect(user.friends?.map(\.age) == [nil, 22], sourceLocation: sourceLocation)
    #expect(
      user.birthday == Date(timeIntervalSince1970: 1_700_000_000), sourceLocation: sourceLocation)
  }

  @Test("User(JSONString:) reads every property of the README's User")
  func userFromJSONString() {
    Self.expectReadmeUser(User(JSONString: Self.userText))
  }

  @Test("Mapper<User>().map(JSONString:) reads the same user")
  func mapperMapJSONString() {
    Self.expectReadmeUser(Mapper<User>().map(JSONString: Self.userText))
  }

  @Test("user.toJSONString() writes the properties back in mapping order")
  func userToJSONString() throws {
    let user = try #require(User(JSONString: Self.userText))
    #expect(user.toJSONString() == Self.userWritten)
    #expect(Mapper().toJSONString(user) == Self.userWritten)
  }

  @Test("toJSONString(prettyPrint: true) writes indented JSON that reads back as the same user")
  func prettyPrint() throws {
    let user = try #require(
      User(JSONString: #"{"username": "ada", "age": 36, "dict": {"city": "London"}}"#))
    let pretty = try #require(user.toJSONString(prettyPrint: true))
    #expect(
      pretty == """
        {
          "username": "ada",
          "age": 36,
          "dict": {
            "city": "London"
          }
        }
        """)
    #expect(Mapper().toJSONString(user, prettyPrint: true) == pretty)
    let again = try #require(User(JSONString: pretty))
    #expect(again.username == "ada")
    #expect(again.age == 36)
  }

  @Test("A written user reads back into an equal user")
  func writtenUserReadsBack() throws {
    let user = try #require(User(JSONString: Self.userText))
    let text = try #require(user.toJSONString())
    Self.expectReadmeUser(User(JSONString: text))
  }

  @Test("The Temperature struct maps both ways")
  func temperature() throws {
    let temperature = try #require(
      Temperature(JSONString: #"{"celsius": 21.5, "fahrenheit": 70.7}"#))
    #expect(temperature == Temperature(celsius: 21.5, fahrenheit: 70.7))
    #expect(temperature.toJSONString() == #"{"celsius":21.5,"fahrenheit":70.7}"#)
    #expect(Temperature(celsius: -40).toJSONString() == #"{"celsius":-40}"#)
  }

  @Test("An array of users maps from JSON text and back")
  func arrayOfUsers() throws {
    let text = #"[{"username": "ada", "age": 36}, {"username": "bob"}]"#
    let users = try #require(Mapper<User>().mapArray(JSONString: text))
    #expect(users.map(\.username) == ["ada", "bob"])
    #expect(users.map(\.age) == [36, nil])
    let same = try #require([User](JSONString: text))
    #expect(same.map(\.username) == ["ada", "bob"])
    #expect(
      users.toJSONString()
        == #"[{"username":"ada","age":36,"dict":{}},{"username":"bob","dict":{}}]"#)
  }

  struct Named: Mappable {
    var name = ""
    var nickname: String?

    /// The README's validation: no "name", no object.
    init?(map: Map) {
      if !map.JSON["name"].exists() { return nil }
    }

    mutating func mapping(map: Map) {
      name <- map["name"]
      nickname <- map["nickname"]
    }
  }

  @Test("init?(map:) can reject JSON before mapping by inspecting map.JSON")
  func initValidation() {
    #expect(Named(JSONString: #"{"nickname": "x"}"#) == nil)
    #expect(Mapper<Named>().map(JSONString: #"{"nickname": "x"}"#) == nil)
    #expect(Named(JSONString: #"{"name": "Ada", "nickname": "x"}"#)?.name == "Ada")
  }

  struct Route: Mappable {
    var distance: Int?
    var firstDistance: Int?
    var identifier: String?

    init?(map: Map) {}

    mutating func mapping(map: Map) {
      distance <- map["distance.value"]
      firstDistance <- map["distances.0.value"]
      identifier <- map["app.identifier", nested: false]
    }
  }

  @Test("Dot notation reads nested objects, array elements, and can be turned off")
  func nestedKeys() throws {
    let route = try #require(
      Route(
        JSONString: #"""
          {"distance": {"text": "102 ft", "value": 31},
           "distances": [{"text": "1 ft", "value": 1}, {"text": "2 ft", "value": 2}],
           "app.identifier": "com.example.app", "app": {"identifier": "wrong"}}
          """#))
    #expect(route.distance == 31)
    #expect(route.firstDistance == 1)
    #expect(route.identifier == "com.example.app")
    #expect(
      route.toJSONString()
        == #"{"distance":{"value":31},"distances":[{"value":1}],"app.identifier":"com.example.app"}"#
    )
  }

  struct Item: Mappable {
    var id: Int?

    init?(map: Map) {}

    mutating func mapping(map: Map) {
      // The README's condensed TransformOf.
      id <- (
        map["id"],
        TransformOf<Int, String>(fromJSON: { Int($0!) }, toJSON: { $0.map { String($0) } })
      )
    }
  }

  @Test("TransformOf converts a JSON string to an Int and back")
  func transformOf() throws {
    let item = try #require(Item(JSONString: #"{"id": "42"}"#))
    #expect(item.id == 42)
    #expect(item.toJSONString() == #"{"id":"42"}"#)
  }

  class Base: Mappable {
    var base: String?

    required init?(map: Map) {}

    func mapping(map: Map) {
      base <- map["base"]
    }
  }

  class Subclass: Base {
    var sub: String?

    required init?(map: Map) {
      super.init(map: map)
    }

    override func mapping(map: Map) {
      super.mapping(map: map)
      sub <- map["sub"]
    }
  }

  @Test("A subclass that calls super.mapping(map:) maps both classes' properties")
  func subclasses() throws {
    let object = try #require(Subclass(JSONString: #"{"base": "b", "sub": "s"}"#))
    #expect(object.base == "b")
    #expect(object.sub == "s")
    #expect(object.toJSONString() == #"{"base":"b","sub":"s"}"#)
  }

  class Result<T: Mappable>: Mappable {
    var result: T?

    required init?(map: Map) {}

    func mapping(map: Map) {
      result <- map["result"]
    }
  }

  @Test("A generic Result<User> maps its nested user")
  func genericResult() throws {
    let result = try #require(
      Mapper<Result<User>>().map(JSONString: #"{"result": {"username": "ada", "age": 36}}"#))
    #expect(result.result?.username == "ada")
    #expect(result.result?.age == 36)
    let json: [String: Any] = ["result": ["username": "bob"]]
    #expect(Mapper<Result<User>>().map(JSON: json)?.result?.username == "bob")
  }

  struct Context: MapContext {
    var importantMappingInfo = "Info that I need during mapping"
  }

  final class ContextUser: Mappable {
    var name: String?
    var seenInfo: String?

    required init?(map: Map) {}

    func mapping(map: Map) {
      if let context = map.context as? Context {
        seenInfo = context.importantMappingInfo
      }
      name <- map["name"]
    }
  }

  @Test("A MapContext passed to Mapper(context:) is visible in mapping(map:)")
  func mappingContext() throws {
    let context = Context()
    let user = try #require(
      Mapper<ContextUser>(context: context).map(JSONString: #"{"name": "ada"}"#))
    #expect(user.name == "ada")
    #expect(user.seenInfo == "Info that I need during mapping")
    #expect(Mapper<ContextUser>().map(JSONString: #"{"name": "ada"}"#)?.seenInfo == nil)
  }
}
