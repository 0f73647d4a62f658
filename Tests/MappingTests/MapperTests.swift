import Foundation
import JSONKit
import Mapping
import Testing

@Suite("Mapper reads models from every kind of input")
struct MapperReadingTests {
  static let ada = Friend(name: "ada", age: 36)
  static let bob = Friend(name: "bob")

  @Test("map(JSON:) takes a Foundation dictionary or a JSONKit value")
  func mapJSON() throws {
    let dictionary: [String: Any] = ["name": "ada", "age": 36]
    #expect(Mapper<Friend>().map(JSON: dictionary) == Self.ada)
    let json: JSON = ["name": "ada", "age": 36]
    #expect(Mapper<Friend>().map(JSON: json) == Self.ada)
    #expect(Mapper<Friend>().map(JSON: parsed(#"{"name": "ada", "age": 36}"#)) == Self.ada)
    #expect(Mapper<Friend>().map(JSON: JSON([1, 2])) == nil)
  }

  @Test("map(JSONObject:) takes whatever JSONSerialization or JSONKit produced, and nil")
  func mapJSONObject() throws {
    let foundation = try JSONSerialization.jsonObject(
      with: Data(#"{"name": "ada", "age": 36}"#.utf8))
    #expect(Mapper<Friend>().map(JSONObject: foundation) == Self.ada)
    #expect(Mapper<Friend>().map(JSONObject: JSON(["name": "bob"])) == Self.bob)
    #expect(Mapper<Friend>().map(JSONObject: ["name": "bob"] as [String: Any]) == Self.bob)
    #expect(Mapper<Friend>().map(JSONObject: "not an object") == nil)
    #expect(Mapper<Friend>().map(JSONObject: nil) == nil)
  }

  @Test("map(JSONString:) returns nil for text that is not JSON or not an object")
  func mapJSONString() {
    #expect(Mapper<Friend>().map(JSONString: #"{"name": "ada", "age": 36}"#) == Self.ada)
    #expect(Mapper<Friend>().map(JSONString: "{") == nil)
    #expect(Mapper<Friend>().map(JSONString: "") == nil)
    #expect(Mapper<Friend>().map(JSONString: "[]") == nil)
  }

  @Test("map(…, toObject:) updates an existing model and keeps what the JSON does not mention")
  func toObject() {
    let start = Friend(name: "ada", age: 36)
    #expect(
      Mapper<Friend>().map(JSONString: #"{"age": 37}"#, toObject: start)
        == Friend(name: "ada", age: 37))
    #expect(
      Mapper<Friend>().map(JSON: ["name": "eve"] as [String: Any], toObject: start)
        == Friend(name: "eve", age: 36))
    #expect(
      Mapper<Friend>().map(JSON: ["age": nil] as JSON, toObject: start) == Friend(name: "ada"))
    #expect(Mapper<Friend>().map(JSONString: "not json", toObject: start) == start)
  }

  @Test("mapArray reads JSON text, Foundation arrays and JSONKit arrays, and rejects non-arrays")
  func mapArray() throws {
    let text = #"[{"name": "ada", "age": 36}, {"name": "bob"}]"#
    #expect(Mapper<Friend>().mapArray(JSONString: text) == [Self.ada, Self.bob])
    #expect(
      Mapper<Friend>().mapArray(JSONArray: [["name": "ada", "age": 36], ["name": "bob"]]) == [
        Self.ada, Self.bob,
      ])
    let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8))
    #expect(Mapper<Friend>().mapArray(JSONObject: foundation) == [Self.ada, Self.bob])
    #expect(Mapper<Friend>().mapArray(JSON: parsed(text)) == [Self.ada, Self.bob])
    #expect(Mapper<Friend>().mapArray(JSONString: "[]") == [])
    // One object is a one-element array, as in ObjectMapper.
    #expect(
      Mapper<Friend>().mapArray(JSONString: #"{"name": "ada", "age": 36}"#) == [Self.ada])
    #expect(Mapper<Friend>().mapArray(JSONString: "3") == nil)
    #expect(Mapper<Friend>().mapArray(JSONObject: nil) == nil)
  }

  @Test("mapSet collapses equal models")
  func mapSet() {
    let text = #"[{"name": "ada", "age": 36}, {"name": "bob"}, {"name": "ada", "age": 36}]"#
    #expect(Mapper<Friend>().mapSet(JSONString: text) == [Self.ada, Self.bob])
    #expect(Mapper<Friend>().mapSet(JSON: parsed(text)) == [Self.ada, Self.bob])
    #expect(Mapper<Friend>().mapSet(JSONArray: [["name": "bob"], ["name": "bob"]]) == [Self.bob])
    #expect(Mapper<Friend>().mapSet(JSONString: "{}") == nil)
  }

  @Test("mapDictionary reads an object of objects")
  func mapDictionary() {
    let text = #"{"a": {"name": "ada", "age": 36}, "b": {"name": "bob"}}"#
    #expect(Mapper<Friend>().mapDictionary(JSONString: text) == ["a": Self.ada, "b": Self.bob])
    #expect(Mapper<Friend>().mapDictionary(JSON: parsed(text)) == ["a": Self.ada, "b": Self.bob])
    #expect(
      Mapper<Friend>().mapDictionary(JSON: ["b": ["name": "bob"]] as [String: [String: Any]]) == [
        "b": Self.bob
      ])
    #expect(Mapper<Friend>().mapDictionary(JSONString: "[]") == nil)
  }

  @Test("mapDictionaryOfArrays reads an object of arrays of objects")
  func mapDictionaryOfArrays() {
    let text = #"{"x": [{"name": "ada", "age": 36}, {"name": "bob"}], "y": []}"#
    #expect(
      Mapper<Friend>().mapDictionaryOfArrays(JSON: parsed(text)) == [
        "x": [Self.ada, Self.bob], "y": [],
      ])
    let foundation: [String: [[String: Any]]] = ["x": [["name": "bob"]]]
    #expect(Mapper<Friend>().mapDictionaryOfArrays(JSON: foundation) == ["x": [Self.bob]])
    #expect(Mapper<Friend>().mapDictionaryOfArrays(JSON: JSON([1])) == nil)
  }

  @Test("mapArrayOfArrays reads an array of arrays of objects")
  func mapArrayOfArrays() throws {
    let text = #"[[{"name": "ada", "age": 36}], [], [{"name": "bob"}, {"name": "ada", "age": 36}]]"#
    #expect(
      Mapper<Friend>().mapArrayOfArrays(JSON: parsed(text)) == [
        [Self.ada], [], [Self.bob, Self.ada],
      ])
    let foundation = try JSONSerialization.jsonObject(with: Data(text.utf8))
    #expect(
      Mapper<Friend>().mapArrayOfArrays(JSONObject: foundation) == [
        [Self.ada], [], [Self.bob, Self.ada],
      ])
    #expect(Mapper<Friend>().mapArrayOfArrays(JSONObject: ["a": 1] as [String: Any]) == nil)
  }
}

@Suite("Mapper writes models as Foundation objects, JSONKit values and text")
struct MapperWritingTests {
  static let ada = Friend(name: "ada", age: 36)
  static let bob = Friend(name: "bob")

  @Test("toJSON gives a Foundation dictionary")
  func toJSON() {
    let dictionary = Mapper<Friend>().toJSON(Self.ada)
    #expect(dictionary.count == 2)
    #expect(dictionary["name"] as? String == "ada")
    #expect(dictionary["age"] as? Int == 36)
    #expect(Mapper<Friend>().toJSON(Self.bob).keys.sorted() == ["name"])
    #expect(Mapper<Friend>().toJSONValue(Self.ada) == ["name": "ada", "age": 36])
  }

  @Test("toJSONArray, toJSONSet, toJSONDictionary and toJSONDictionaryOfArrays write every model")
  func collections() {
    let array = Mapper<Friend>().toJSONArray([Self.ada, Self.bob])
    #expect(array.map { $0["name"] as? String } == ["ada", "bob"])
    let set = Mapper<Friend>().toJSONSet([Self.ada, Self.bob])
    #expect(Set(set.compactMap { $0["name"] as? String }) == ["ada", "bob"])
    #expect(set.count == 2)
    let dictionary = Mapper<Friend>().toJSONDictionary(["a": Self.ada, "b": Self.bob])
    #expect(dictionary["a"]?["age"] as? Int == 36)
    #expect(dictionary["b"]?["name"] as? String == "bob")
    let ofArrays = Mapper<Friend>().toJSONDictionaryOfArrays(["x": [Self.ada, Self.bob], "y": []])
    #expect(ofArrays["x"]?.count == 2)
    #expect(ofArrays["y"]?.isEmpty == true)
  }

  @Test("toJSONString writes compact or pretty text, for a model or an array")
  func toJSONString() {
    #expect(Mapper<Friend>().toJSONString(Self.ada) == #"{"name":"ada","age":36}"#)
    #expect(
      Mapper<Friend>().toJSONString(Self.ada, prettyPrint: true) == """
        {
          "name": "ada",
          "age": 36
        }
        """)
    #expect(
      Mapper<Friend>().toJSONString([Self.ada, Self.bob])
        == #"[{"name":"ada","age":36},{"name":"bob"}]"#)
    #expect(
      Mapper<Friend>().toJSONString([Self.bob], prettyPrint: true) == """
        [
          {
            "name": "bob"
          }
        ]
        """)
    #expect(Mapper<Friend>().toJSONString([]) == "[]")
  }

  @Test("Foundation output from toJSON is accepted by JSONSerialization")
  func foundationCompatible() throws {
    let user = try #require(User(JSONString: ObjectMapperReadmeTests.userText))
    let dictionary = user.toJSON()
    #expect(JSONSerialization.isValidJSONObject(dictionary))
    let data = try JSONSerialization.data(withJSONObject: dictionary)
    ObjectMapperReadmeTests.expectReadmeUser(
      User(JSONString: String(decoding: data, as: UTF8.self)))
  }
}

@Suite("Models and arrays of models have ObjectMapper's conveniences")
struct ConvenienceTests {
  @Test("Model(JSONString:), Model(JSON:) and Model(JSONValue:) read a model")
  func initializers() {
    #expect(Friend(JSONString: #"{"name": "ada", "age": 36}"#) == Friend(name: "ada", age: 36))
    #expect(Friend(JSON: ["name": "ada"]) == Friend(name: "ada"))
    #expect(Friend(JSONValue: ["name": "bob", "age": 1]) == Friend(name: "bob", age: 1))
    #expect(Friend(JSONString: "[") == nil)
  }

  @Test("model.toJSON(), toJSONValue() and toJSONString(prettyPrint:) write it")
  func modelOutput() {
    let friend = Friend(name: "ada", age: 36)
    #expect(friend.toJSON()["age"] as? Int == 36)
    #expect(friend.toJSONValue() == ["name": "ada", "age": 36])
    #expect(friend.toJSONString() == #"{"name":"ada","age":36}"#)
    #expect(friend.toJSONString(prettyPrint: true) == "{\n  \"name\": \"ada\",\n  \"age\": 36\n}")
  }

  @Test("[Model](JSONString:), [Model].toJSON(), [Model].toJSONString() and Set<Model>.toJSON()")
  func arrayOutput() throws {
    let friends = try #require([Friend](JSONString: #"[{"name": "a"}, {"name": "b", "age": 2}]"#))
    #expect(friends == [Friend(name: "a"), Friend(name: "b", age: 2)])
    #expect(friends.toJSON().map { $0["name"] as? String } == ["a", "b"])
    #expect(friends.toJSONString() == #"[{"name":"a"},{"name":"b","age":2}]"#)
    #expect(
      friends.toJSONString(prettyPrint: true)?.hasPrefix("[\n  {\n    \"name\": \"a\"\n  },")
        == true)
    #expect(Set(friends).toJSON().count == 2)
    #expect([Friend](JSONString: "{}")?.count == 1)
    #expect([Friend](JSONString: "true") == nil)
  }
}
