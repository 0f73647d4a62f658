import Foundation
import JSONKit
import Testing

/// The README's tour, line by line, so that it stays true.
@Suite("The README tour works as written")
struct ReadmeTourTests {
  @Test("Tour lines give the results the README shows")
  func tourLinesGiveTheResultsTheReadmeShows() throws {
    let json = try JSON(
      data: Data(
        #"{"user": {"name": "Ada", "langs": ["en", "fr"], "id": 18446744073709551615}}"#.utf8))
    #expect(json["user"]["name"].stringValue == "Ada")
    #expect(json["user", "langs", 1].string == "fr")
    #expect(json["user"]["id"].int == nil)
    #expect(json["user"]["id"].uInt64 == 18_446_744_073_709_551_615)
    #expect(
      json["user"]["address"].error?.description
        == "Dictionary key 'address' does not exist at .user.address")
    var copy = json
    copy["user"]["langs"].append("de")
    copy["user", "langs", 0] = "es"
    #expect(
      copy.rawString(options: [.sortedKeys])
        == #"{"user":{"id":18446744073709551615,"langs":["es","fr","de"],"name":"Ada"}}"#)
    #expect(json["user"]["langs"] == ["en", "fr"])
    let values = try JSONParser.parseAll(Data("1 {\"a\":2}\n[3]".utf8))
    #expect(values == [1, ["a": 2], [3]])
  }

  @Test("A parse error says what and where as the README shows")
  func aParseErrorSaysWhatAndWhereAsTheReadmeShows() {
    #expect {
      _ = try JSON(data: Data("{\n  \"a\": tru\n}".utf8))
    } throws: { error in
      "\(error)"
        == #"Unexpected character '\n' at line 2, column 11 (byte 12) near '{   "a": tru }'"#
    }
  }

  @Test("The JSONKit example sums prices exactly and writes compact sorted text")
  func theJSONKitExampleSumsPricesExactlyAndWritesCompactSortedText() throws {
    let body = Data(
      #"{"customer": {"name": "Ada", "id": 7}, "lines": [{"price": 0.1}, {"price": "0.2"}]}"#
        .utf8)
    let order = try JSON(data: body)
    let total = order["lines"].arrayValue.reduce(Decimal(0)) { $0 + $1["price"].decimalValue }
    let text = JSONWriter(options: [.sortedKeys]).string(order["customer"])
    #expect(total == Decimal(string: "0.3"))
    #expect(text == #"{"id":7,"name":"Ada"}"#)
  }
}
