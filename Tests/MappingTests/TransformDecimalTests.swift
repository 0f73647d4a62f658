import Foundation
import JSONKit
import Mapping
import Testing

@Suite("DecimalTransform reads and writes decimals exactly")
struct DecimalTransformTests {
  static let pi = "3.14159265358979323846264338327950288"
  static let unset = Decimal(-1)

  struct Invoice: Mappable {
    var total = DecimalTransformTests.unset
    var tax: Decimal?
    var lines: [Decimal]?
    var rates: [String: Decimal]?
    init() {}
    init?(map: Map) {}
    mutating func mapping(map: Map) {
      total <- (map["total"], DecimalTransform())
      tax <- (map["tax"], DecimalTransform())
      lines <- (map["lines"], DecimalTransform())
      rates <- (map["rates"], DecimalTransform())
    }
  }

  struct Price: ImmutableMappable {
    let amount: Decimal
    let discount: Decimal?
    init(map: Map) throws {
      amount = try map.value("amount", using: DecimalTransform())
      discount = try map.value("discount", using: DecimalTransform())
    }
    func mapping(map: Map) {
      amount >>> (map["amount"], DecimalTransform())
      discount >>> (map["discount"], DecimalTransform())
    }
  }

  func decimal(_ text: String) -> Decimal {
    Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))!
  }

  @Test("Pi with 36 digits round trips exactly through a model")
  func piWith36DigitsRoundTripsExactlyThroughAModel() throws {
    let text = #"{"total":\#(Self.pi)}"#
    let invoice = try txRead(Invoice.self, text)
    #expect(invoice.total == decimal(Self.pi))
    #expect(invoice.total.description == Self.pi)
    #expect(txText(invoice) == text)
    #expect(invoice.toJSONString() == text)
  }

  @Test("Reads numbers from their source text not through double")
  func readsNumbersFromTheirSourceTextNotThroughDouble() throws {
    let invoice = try txRead(
      Invoice.self,
      #"{"total": 0.1, "tax": 19.99, "lines": [1e-3, 12345678901234567890123, -0.0, 1.50]}"#)
    #expect(invoice.total == decimal("0.1"))
    #expect(invoice.tax == decimal("19.99"))
    #expect(
      invoice.lines == [decimal("0.001"), decimal("12345678901234567890123"), 0, decimal("1.5")])
    #expect(
      txText(invoice) == #"{"lines":[0.001,12345678901234567890123,0,1.5],"tax":19.99,"total":0.1}"#
    )
  }

  @Test("Reads numeric strings")
  func readsNumericStrings() throws {
    let invoice = try txRead(Invoice.self, #"{"total": "\#(Self.pi)", "tax": "-2.5e2"}"#)
    #expect(invoice.total.description == Self.pi)
    #expect(invoice.tax == -250)
  }

  @Test(
    "Invalid or inexact values leave the property unchanged and report a failure at the key",
    arguments: [
      #""12abc""#, #"" 1""#, #""+1""#, #""1,5""#, #""NaN""#, #""""#, #""0x10""#, #""1.""#, #"".5""#,
      "123456789012345678901234567890123456789012", "1e200", "1e-200", "true", "null", "[1]",
    ])
  func invalidOrInexactValuesLeaveThePropertyUnchangedAndReportAFailureAtTheKey(value: String) {
    let (model, failures) = txMap(Invoice.self, #"{"total": \#(value)}"#)
    #expect(model?.total == Self.unset)
    txExpectTransformFailure(failures, at: [.key("total")], transform: "DecimalTransform")
  }

  @Test("The largest exact values are read")
  func theLargestExactValuesAreRead() throws {
    let digits38 = "12345678901234567890123456789012345678"
    #expect(DecimalTransform().transformFromJSONValue(txJSON(digits38))?.description == digits38)
    #expect(
      DecimalTransform().transformFromJSONValue(txJSON("1e100"))
        == Decimal(sign: .plus, exponent: 100, significand: 1))
    #expect(DecimalTransform().transformFromJSONValue(txJSON("0e999")) == 0)
  }

  @Test("Writes the digits of the Decimal")
  func writesTheDigitsOfTheDecimal() {
    var invoice = Invoice()
    invoice.total = decimal("1234567890.0987654321")
    invoice.tax = .nan
    invoice.rates = ["vat": decimal("0.2")]
    #expect(txText(invoice) == #"{"rates":{"vat":0.2},"total":1234567890.0987654321}"#)
    #expect(DecimalTransform().transformToJSON(decimal("1.5")) == decimal("1.5"))
  }

  @Test("Round trips through a model in every shape")
  func roundTripsThroughAModelInEveryShape() throws {
    let text =
      #"{"lines":[\#(Self.pi),-0.000000000000000000000001],"rates":{"a":99999999999999999999.99},"tax":7,"total":0}"#
    let invoice = try txRead(Invoice.self, text)
    #expect(txText(invoice) == text)
    let (_, failures) = txMap(Invoice.self, #"{"total": 1, "rates": {"a": 1, "b": "one"}}"#)
    txExpectTransformFailure(
      failures, at: [.key("rates"), .key("b")], transform: "DecimalTransform")
  }

  @Test("Immutable models read with map value using the transform")
  func immutableModelsReadWithMapValueUsingTheTransform() throws {
    let price = try Price(JSONString: #"{"amount": \#(Self.pi), "discount": "0.10"}"#)
    #expect(price.amount.description == Self.pi)
    #expect(price.discount == decimal("0.1"))
    #expect(txText(price) == #"{"amount":\#(Self.pi),"discount":0.1}"#)
    let (model, failures) = Mapper<Price>().mapWithFailures(JSON: txJSON(#"{"amount": "ten"}"#))
    #expect(model == nil)
    txExpectTransformFailure(failures, at: [.key("amount")], transform: "DecimalTransform")
  }

  @Test("One instance gives the same results from eight tasks")
  func oneInstanceGivesTheSameResultsFromEightTasks() async {
    let inputs: [JSON] =
      (0..<100).map { txJSON("\($0).\($0)\($0)e\($0 % 7)") } + [txJSON(Self.pi), "x", true]
    await txExpectSameResultsConcurrently(DecimalTransform(), inputs, rounds: 50)
  }
}
