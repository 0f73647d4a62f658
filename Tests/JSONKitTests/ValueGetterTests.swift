import Foundation
import JSONKit
import Testing

@Suite("String, bool, container and Foundation getters follow SwiftyJSON")
struct ValueGetterTests {
  let json = JSON(
    parseJSON:
      #"{"s": "héllo", "n": 3.25, "big": 123456789012345678901234567890, "t": true, "z": null, "a": [1, "x"], "o": {"k": "v"}, "u": "https://example.com/a b"}"#
  )

  @Test("The string getter only reads strings")
  func stringGetterOnlyReadsStrings() {
    #expect(json["s"].string == "héllo")
    #expect(json["n"].string == nil)
    #expect(json["n"].stringValue == "3.25")
    #expect(json["big"].stringValue == "123456789012345678901234567890")
    #expect(json["t"].stringValue == "true")
    #expect(json["z"].stringValue == "")
  }

  @Test("The bool getter only reads booleans")
  func boolGetterOnlyReadsBooleans() {
    #expect(json["t"].bool == true)
    #expect(json["n"].bool == nil)
    #expect(json["n"].boolValue == true)
    #expect(JSON("yes").boolValue)
    #expect(JSON("1").boolValue)
    #expect(!JSON("no").boolValue)
    #expect(!json["z"].boolValue)
  }

  @Test("The null getter sees only real nulls")
  func nullGetterSeesOnlyRealNulls() {
    #expect(json["z"].null != nil)
    #expect(json["missing"].null == nil)
    #expect(json["missing"].isNull)
  }

  @Test("The container getters return children")
  func containerGettersReturnChildren() {
    #expect(json["a"].array?.count == 2)
    #expect(json["a"].arrayValue[1].string == "x")
    #expect(json["o"].dictionary?["k"]?.string == "v")
    #expect(json["s"].array == nil)
    #expect(json["s"].arrayValue.isEmpty)
    #expect(json["s"].dictionaryValue.isEmpty)
  }

  @Test("Foundation objects match JSON serialization")
  func foundationObjectsMatchJSONSerialization() throws {
    let object = try #require(json["a"].arrayObject)
    #expect((object[0] as? NSNumber)?.intValue == 1)
    #expect(object[1] as? String == "x")
    let dict = try #require(json.dictionaryObject)
    #expect(dict["z"] is NSNull)
    #expect((dict["o"] as? [String: Any])?["k"] as? String == "v")
  }

  @Test("The URL getter percent-encodes when needed")
  func urlGetterPercentEncodesWhenNeeded() {
    #expect(json["u"].url?.absoluteString == "https://example.com/a%20b")
    #expect(JSON("https://x.org/p?q=1").url?.host == "x.org")
  }

  @Test("Each value reports its type")
  func typesAreReported() {
    #expect(json["s"].type == .string)
    #expect(json["n"].type == .number)
    #expect(json["t"].type == .bool)
    #expect(json["z"].type == .null)
    #expect(json["a"].type == .array)
    #expect(json["o"].type == .dictionary)
  }
}

@Suite("Values are built from literals and Foundation objects")
struct ConstructionTests {
  @Test("Literals of every kind build values")
  func literalsOfEveryKind() {
    let json: JSON = [
      "s": "x", "i": 1, "d": 1.5, "b": false, "n": nil, "a": [1, [2]], "o": ["k": "v"],
    ]
    #expect(json["s"].string == "x")
    #expect(json["i"].int == 1)
    #expect(json["d"].double == 1.5)
    #expect(json["b"].bool == false)
    #expect(json["n"].type == .null)
    #expect(json["a"][1][0].int == 2)
    #expect(json["o"]["k"].string == "v")
    #expect(
      json.rawString(options: [])
        == #"{"s":"x","i":1,"d":1.5,"b":false,"n":null,"a":[1,[2]],"o":{"k":"v"}}"#)
  }

  @Test("Foundation objects convert")
  func foundationObjectsConvert() {
    let object: [String: Any] = [
      "n": NSNumber(value: 3), "b": true, "null": NSNull(), "list": [1, "two", 3.5] as [Any],
      "u": UInt64.max,
    ]
    let json = JSON(object)
    #expect(json["n"].int == 3)
    #expect(json["b"].bool == true)
    #expect(json["null"].type == .null)
    #expect(json["list"][1].string == "two")
    #expect(json["list"][2].double == 3.5)
    #expect(json["u"].uInt64 == UInt64.max)
  }

  @Test("Unsupported objects give an error")
  func unsupportedObjectsGiveAnError() {
    struct Opaque {}
    let json = JSON(Opaque())
    #expect(json.error?.code == .unsupportedType)
  }

  @Test("Decimals keep their digits")
  func decimalsKeepTheirDigits() {
    let json = JSON(Decimal(string: "3.14159265358979323846264338327950288")!)
    #expect(json.rawString(options: [])?.hasPrefix("3.141592653589793238462643383279502") == true)
  }

  @Test("Parse JSON keeps the error of invalid text")
  func parseJSONKeepsTheErrorOfInvalidText() {
    let json = JSON(parseJSON: "[1,")
    #expect(json.error?.parseFailure == .unexpectedEndOfInput)
    #expect(json.type == .null)
  }
}
