import Foundation
import JSONKit
import Testing

@Suite("decimal and decimalValue read numbers from their exact text")
struct DecimalGetterTests {
  private func parsed(_ text: String) throws -> JSON { try JSON(data: Data(text.utf8)) }

  @Test("A parsed fraction is exact where a double is not")
  func aParsedFractionIsExactWhereADoubleIsNot() throws {
    let json = try parsed("[0.1, 0.2]")
    #expect(json[0].decimal! + json[1].decimal! == Decimal(string: "0.3"))
    #expect(json[0].double! + json[1].double! != 0.3)
  }

  @Test("Integers, big integers and exponents are read")
  func integersBigIntegersAndExponentsAreRead() throws {
    let json = try parsed("[7, -12, 18446744073709551615, 1.5e3, 25E-1]")
    #expect(json[0].decimal == 7)
    #expect(json[1].decimal == -12)
    #expect(json[2].decimal == Decimal(string: "18446744073709551615"))
    #expect(json[3].decimal == 1500)
    #expect(json[4].decimal == Decimal(string: "2.5"))
  }

  @Test("Values built in code are read too")
  func valuesBuiltInCodeAreReadToo() {
    #expect(JSON(42).decimal == 42)
    #expect(JSON(0.25).decimal == Decimal(string: "0.25"))
    #expect(JSON(Decimal(string: "19.99")!).decimal == Decimal(string: "19.99"))
    #expect(JSON(Double.infinity).decimal == nil)
  }

  @Test("Non numbers and out of range numbers have no Decimal")
  func nonNumbersAndOutOfRangeNumbersHaveNoDecimal() throws {
    #expect(JSON(true).decimal == nil)
    #expect(JSON("1.5").decimal == nil)
    #expect(JSON.null.decimal == nil)
    #expect(try parsed("[1e400]")[0].decimal == nil)
  }

  @Test("Decimal value reads numeric strings and booleans and is zero otherwise")
  func decimalValueReadsNumericStringsAndBooleansAndIsZeroOtherwise() {
    #expect(JSON("19.99").decimalValue == Decimal(string: "19.99"))
    #expect(JSON(" -3 ").decimalValue == -3)
    #expect(JSON("12abc").decimalValue == 0)
    #expect(JSON("").decimalValue == 0)
    #expect(JSON(true).decimalValue == 1)
    #expect(JSON(["a"]).decimalValue == 0)
  }

  @Test("Setting stores the exact value and nil stores null")
  func settingStoresTheExactValueAndNilStoresNull() {
    var json: JSON = ["price": 1]
    json["price"].decimal = Decimal(string: "0.30")
    #expect(json["price"].rawString() == "0.3")
    json["price"].decimal = nil
    #expect(json["price"] == .null)
  }
}
