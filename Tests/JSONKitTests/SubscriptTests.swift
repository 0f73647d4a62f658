import Foundation
import JSONKit
import Testing

@Suite("Subscripts read and write through keys, indexes and paths")
struct SubscriptTests {
  let doc = try! JSON(
    data: Data(
      #"{"user": {"name": "Ada", "langs": ["en", "fr"]}, "list": [0, {"name": "x"}, [1, 2, {"name": "deep"}]]}"#
        .utf8))

  @Test("Reading by key and index finds values")
  func readingByKeyAndIndexFindsValues() {
    #expect(doc["user"]["name"].string == "Ada")
    #expect(doc["user"]["langs"][1].string == "fr")
    #expect(doc["list"][2][2]["name"].string == "deep")
  }

  @Test("Variadic and array paths match chained subscripts")
  func variadicAndArrayPathsMatchChainedSubscripts() {
    #expect(doc["list", 2, 2, "name"].string == "deep")
    let path: [JSONSubscriptType] = ["user", "langs", 0]
    #expect(doc[path].string == "en")
    #expect(doc[[]] == doc)
  }

  @Test("Missing key error names the full path")
  func missingKeyErrorNamesTheFullPath() {
    let missing = doc["user"]["address"]["street"]
    #expect(!missing.exists())
    #expect(missing.type == .null)
    #expect(
      missing.error?.description == "Dictionary key 'address' does not exist at .user.address")
    #expect(missing.error?.code == .notExist)
  }

  @Test("Index out of range error names index and count")
  func indexOutOfRangeErrorNamesIndexAndCount() {
    let value = doc["user", "langs", 5]
    #expect(
      value.error?.description == "Array index 5 is out of bounds (count 2) at .user.langs[5]")
    #expect(value.error?.code == .indexOutOfBounds)
    #expect(doc["list"][-1].error?.code == .indexOutOfBounds)
  }

  @Test("Wrong type error says what was found")
  func wrongTypeErrorSaysWhatWasFound() {
    let value = doc["user"]["name"]["first"]
    #expect(
      value.error?.description == #"Expected dictionary at .user.name but found string ("Ada")"#)
    #expect(doc["user"][0].error?.code == .wrongType)
  }

  @Test("The first error in a chain is kept")
  func theFirstErrorInAChainIsKept() {
    let value = doc["nope"][3]["x"]
    #expect(value.error?.accessFailure == .keyNotFound("nope"))
  }

  @Test("Odd keys are quoted in paths")
  func oddKeysAreQuotedInPaths() {
    let json: JSON = ["a b": ["c": 1]]
    #expect(
      json["a b"]["d"].error?.description == #"Dictionary key 'd' does not exist at ."a b".d"#)
  }

  @Test("Writing through a path changes only that value")
  func writingThroughAPathChangesOnlyThatValue() {
    var json = doc
    json["list", 2, 2, "name"] = "changed"
    #expect(json["list"][2][2]["name"] == "changed")
    #expect(doc["list"][2][2]["name"] == "deep")
    json["user"]["langs"][0] = "de"
    #expect(json["user"]["langs"] == ["de", "fr"])
    json["user"]["age"] = 36
    #expect(json["user"]["age"].int == 36)
    #expect(json["user"].count == 3)
  }

  @Test("Chained writes on materialized values work")
  func chainedWritesOnMaterializedValuesWork() {
    var json: JSON = ["a": ["b": ["c": 1]]]
    json["a"]["b"]["c"] = 2
    json["a"]["b"]["d"] = [1, 2]
    json["a"]["b"]["d"][1] = 3
    #expect(json == ["a": ["b": ["c": 2, "d": [1, 3]]]])
  }

  @Test("Writing past the end or into a scalar does nothing")
  func writingPastTheEndOrIntoAScalarDoesNothing() {
    var json: JSON = ["list": [1, 2], "n": 5]
    let before = json
    json["list"][5] = 9
    json["n"]["x"] = 1
    json["n"][0] = 1
    json["missing"]["x"] = 1
    json["list", 7, "what"] = "that"
    #expect(json == before)
  }

  @Test("Setting an error value is ignored")
  func settingAnErrorValueIsIgnored() {
    var json: JSON = ["a": 1]
    json["a"] = json["nope"]
    #expect(json["a"].int == 1)
  }

  @Test("Subscripts of copies do not affect the original")
  func subscriptsOfCopiesDoNotAffectTheOriginal() {
    let original: JSON = ["a": [1, 2, 3]]
    var copy = original
    copy["a"][0] = 100
    #expect(original["a"][0].int == 1)
    #expect(copy["a"][0].int == 100)
  }

  @Test("Subscripted values remember their path")
  func subscriptedValuesRememberTheirPath() {
    #expect(doc["list"][2][2]["name"].path == [.key("list"), .index(2), .index(2), .key("name")])
    #expect(doc.path.isEmpty)
  }
}
