import Foundation
import JSONKit
import Testing

/// The examples of the DocC articles The JSON value, Numbers and Writing JSON, as written there.
@Suite("The JSONKit articles' examples work as written")
struct ArticleExampleTests {
  @Test("The numbers overview example gives what the article shows")
  func numbersOverview() throws {
    let json = try JSON(
      data: Data(#"[12345678901234567890123, 0.1, 1.5, 1e2, 18446744073709551615]"#.utf8))
    #expect(
      json.rawString(options: []) == "[12345678901234567890123,0.1,1.5,1e2,18446744073709551615]")
    #expect(json[2].int == nil)
    #expect(json[2].intValue == 1)
    #expect(json[3].int == 100)
    #expect(json[4].int == nil)
    #expect(json[4].uInt64 == 18_446_744_073_709_551_615)
    #expect(json[1].decimal == Decimal(string: "0.1"))
    #expect(json[0].double == 1.2345678901234568e+22)
    #expect(JSON(true).int == nil && JSON(true).intValue == 1)
  }

  @Test("The example of paths of detached values gives what the article shows")
  func pathsOfDetachedValues() throws {
    let json = try JSON(data: Data(#"{"items": [{"id": 1}, {"id": 2}]}"#.utf8))
    let second = json["items"].arrayValue[1]
    #expect(second.path == [.key("items"), .index(1)])
    #expect(
      second["name"].error?.description
        == "Dictionary key 'name' does not exist at .items[1].name")
  }

  @Test("The one-pass encoding example gives what the article shows")
  func encodingInOnePass() throws {
    struct Reading: Encodable {
      var sensor: String
      var celsius: Double
    }
    let data = try JSONKitEncoder().encode([Reading(sensor: "north", celsius: 21.5)])
    #expect(String(decoding: data, as: UTF8.self) == #"[{"sensor":"north","celsius":21.5}]"#)
  }

  @Test("The example of numbers built in code gives what the article shows")
  func numbersBuiltInCode() {
    #expect(JSON(0.1 + 0.2).rawString() == "0.30000000000000004")
    #expect(JSON(2.0).rawString() == "2")
    #expect(JSON(Double.infinity).rawString() == "1.7976931348623157e+308")
  }

  @Test("The writing overview example gives what the article shows")
  func writingOverview() {
    let json: JSON = ["name": "Ada", "langs": ["en", "fr"], "url": "https://example.com/a"]
    #expect(
      JSONWriter().string(json)
        == #"{"name":"Ada","langs":["en","fr"],"url":"https://example.com/a"}"#)
    #expect(
      JSONWriter(options: [.prettyPrinted, .sortedKeys], indentation: .spaces(4)).string(
        json["langs"]) == "[\n    \"en\",\n    \"fr\"\n]")
    #expect(
      JSONWriter(options: [.escapeSlashes, .asciiOnly]).string(["path": "/é"])
        == #"{"path":"\/\u00e9"}"#)
  }

  @Test("The example of writing into your own buffer gives what the article shows")
  func writingIntoYourOwnBuffer() {
    var body: [UInt8] = Array("data: ".utf8)
    JSONWriter().write(["ok": true], into: &body)
    #expect(String(decoding: body, as: UTF8.self) == #"data: {"ok":true}"#)
  }

  @Test("The example of writing with SwiftyJSON spellings gives what the article shows")
  func writingWithSwiftyJSONSpellings() throws {
    #expect(try JSON(["a": 1]).rawData() == Data(#"{"a":1}"#.utf8))
    #expect(JSON(["a": 1]).rawString() == "{\n  \"a\": 1\n}")
    #expect(JSON("hi").rawString() == "hi")
  }

  @Test("The parsing article's error example gives the error it shows")
  func parsingErrorExampleOfTheParsingArticle() {
    #expect {
      _ = try JSON(data: Data("{\n  \"a\": tru\n}".utf8))
    } throws: { error in
      "\(error)"
        == #"Unexpected character '\n' at line 2, column 11 (byte 12) near '{   "a": tru }'"#
    }
  }
}
