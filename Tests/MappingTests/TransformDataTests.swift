import Foundation
import JSONKit
import Mapping
import Testing

@Suite("DataTransform reads and writes base64")
struct DataTransformTests {
  static let unset = Data([0xFF])

  struct Blob: Mappable {
    var body = DataTransformTests.unset
    var thumb: Data?
    var parts: [Data]?
    var named: [String: Data]?
    init() {}
    init?(map: Map) {}
    mutating func mapping(map: Map) {
      body <- (map["body"], DataTransform())
      thumb <- (map["thumb"], DataTransform())
      parts <- (map["parts"], DataTransform())
      named <- (map["named"], DataTransform())
    }
  }

  struct Key: ImmutableMappable {
    let secret: Data
    let salt: Data?
    init(map: Map) throws {
      secret = try map.value("secret", using: DataTransform())
      salt = try map.value("salt", using: DataTransform())
    }
    func mapping(map: Map) {
      secret >>> (map["secret"], DataTransform())
      salt >>> (map["salt"], DataTransform())
    }
  }

  @Test("Reads base64")
  func readsBase64() throws {
    let blob = try txRead(Blob.self, #"{"body": "aGVsbG8=", "thumb": ""}"#)
    #expect(blob.body == Data("hello".utf8))
    #expect(blob.thumb == Data())
  }

  @Test(
    "Invalid values leave the property unchanged and report a failure at the key",
    arguments: [
      #""aGVsbG8""#, #""aGVsbG8=\n""#, #"" aGVsbG8=""#, #""a$b=""#, #""hello world""#, "12", "null",
      "[104]",
    ])
  func invalidValuesLeaveThePropertyUnchangedAndReportAFailureAtTheKey(value: String) {
    let (model, failures) = txMap(Blob.self, #"{"body": \#(value)}"#)
    #expect(model?.body == Self.unset)
    txExpectTransformFailure(failures, at: [.key("body")], transform: "DataTransform")
  }

  @Test("Writes padded base64")
  func writesPaddedBase64() {
    var blob = Blob()
    blob.body = Data([0, 1, 2, 253, 254, 255])
    blob.thumb = Data("hi".utf8)
    #expect(txText(blob) == #"{"body":"AAEC/f7/","thumb":"aGk="}"#)
    #expect(DataTransform().transformToJSON(nil) == nil)
  }

  @Test("Round trips through a model in every shape")
  func roundTripsThroughAModelInEveryShape() throws {
    let text = #"{"body":"","named":{"a":"AA==","b":"AAE="},"parts":["aGk=","/w=="]}"#
    let blob = try txRead(Blob.self, text)
    #expect(blob.parts == [Data("hi".utf8), Data([0xFF])])
    #expect(blob.named?["b"] == Data([0, 1]))
    #expect(txText(blob) == text)
    let (_, failures) = txMap(Blob.self, #"{"body": "", "parts": ["aGk=", "*"]}"#)
    txExpectTransformFailure(failures, at: [.key("parts"), .index(1)], transform: "DataTransform")
  }

  @Test("Immutable models read with map value using the transform")
  func immutableModelsReadWithMapValueUsingTheTransform() throws {
    let key = try Key(JSONString: #"{"secret": "c2VjcmV0", "salt": null}"#)
    #expect(key.secret == Data("secret".utf8))
    #expect(key.salt == nil)
    #expect(txText(key) == #"{"secret":"c2VjcmV0"}"#)
    let (model, failures) = Mapper<Key>().mapWithFailures(
      JSON: txJSON(#"{"secret": "c2VjcmV0", "salt": "???"}"#))
    #expect(model == nil)
    txExpectTransformFailure(failures, at: [.key("salt")], transform: "DataTransform")
  }

  @Test("One instance gives the same results from eight tasks")
  func oneInstanceGivesTheSameResultsFromEightTasks() async {
    let inputs: [JSON] =
      (0..<100).map { JSON(Data((0..<$0).map { UInt8($0 % 256) }).base64EncodedString()) } + [
        "x", 1,
      ]
    await txExpectSameResultsConcurrently(DataTransform(), inputs, rounds: 50)
  }
}
