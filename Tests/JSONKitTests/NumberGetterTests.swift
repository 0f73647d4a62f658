import Foundation
import JSONKit
import Testing

@Suite("Optional number getters are exact; Value getters coerce")
struct NumberGetterTests {
  @Test("Integral numbers read as every width that fits")
  func integralNumbersReadAsEveryWidthThatFits() {
    let json = JSON(parseJSON: "[127, 128, -129, 4294967295, 1.0, 1e2, -0]")
    #expect(json[0].int8 == 127)
    #expect(json[1].int8 == nil)
    #expect(json[1].uInt8 == 128)
    #expect(json[2].int16 == -129)
    #expect(json[2].uInt == nil)
    #expect(json[3].uInt32 == UInt32.max)
    #expect(json[3].int32 == nil)
    #expect(json[4].int == 1)
    #expect(json[5].int == 100)
    #expect(json[6].int == 0)
  }

  @Test("Fractions never truncate in optional getters")
  func fractionsNeverTruncateInOptionalGetters() {
    let json = JSON(parseJSON: "[1.5, -2.25, 1e-3]")
    #expect(json[0].int == nil)
    #expect(json[1].int64 == nil)
    #expect(json[2].uInt64 == nil)
    #expect(json[0].double == 1.5)
    #expect(json[0].intValue == 1)
    #expect(json[1].intValue == -2)
  }

  @Test("64-bit extremes read exactly")
  func sixtyFourBitExtremesReadExactly() {
    let json = JSON(
      parseJSON:
        "[18446744073709551615, -9223372036854775808, 9223372036854775807, 9007199254740993]")
    #expect(json[0].int == nil)
    #expect(json[0].uInt64 == UInt64.max)
    #expect(json[1].int64 == Int64.min)
    #expect(json[1].uInt64 == nil)
    #expect(json[2].int64 == Int64.max)
    #expect(json[3].int64 == 9_007_199_254_740_993)
  }

  @Test("Numbers beyond 64 bits have no integer view")
  func numbersBeyondSixtyFourBitsHaveNoIntegerView() {
    let json = JSON(parseJSON: "[123456789012345678901234567890, 1e400, -1e400]")
    #expect(json[0].int64 == nil)
    #expect(json[0].uInt64 == nil)
    #expect(json[0].double == 1.2345678901234568e29)
    #expect(json[1].double == nil)
    #expect(json[1].doubleValue == .greatestFiniteMagnitude)
    #expect(json[2].doubleValue == -.greatestFiniteMagnitude)
    #expect(json[0].int64Value == Int64.max)
  }

  @Test("The value getters coerce strings and booleans")
  func valueGettersCoerceStringsAndBooleans() {
    let json: JSON = ["s": "42", "f": "2.5", "t": true, "x": "abc", "n": nil]
    #expect(json["s"].intValue == 42)
    #expect(json["s"].int == nil)
    #expect(json["f"].doubleValue == 2.5)
    #expect(json["t"].intValue == 1)
    #expect(json["t"].int == nil)
    #expect(json["x"].intValue == 0)
    #expect(json["n"].doubleValue == 0)
    #expect(json["missing"].intValue == 0)
  }

  @Test("The value getters clamp instead of trapping")
  func valueGettersClampInsteadOfTrapping() {
    let json = JSON(parseJSON: "[300, -5, 1e30]")
    #expect(json[0].int8Value == Int8.max)
    #expect(json[1].uIntValue == 0)
    #expect(json[2].intValue == Int.max)
  }

  @Test("The float getter rejects values out of range")
  func floatGetterRejectsValuesOutOfRange() {
    let json = JSON(parseJSON: "[1e39, 0.5]")
    #expect(json[0].float == nil)
    #expect(json[1].float == 0.5)
    #expect(json[0].floatValue == .greatestFiniteMagnitude)
  }

  @Test("The number getter gives NSNumbers but not for booleans")
  func numberGetterGivesNSNumbersButNotForBooleans() {
    let json: JSON = [1, 2.5, true]
    #expect(json[0].number == NSNumber(value: 1))
    #expect(json[1].number?.doubleValue == 2.5)
    #expect(json[2].number == nil)
    #expect(json[2].numberValue.intValue == 1)
  }

  @Test("Setters store values and nil stores null")
  func settersStoreValuesAndNilStoresNull() {
    var json: JSON = ["a": 1]
    json["a"].int = 5
    #expect(json["a"] == 5)
    json["a"].double = 2.5
    #expect(json["a"].double == 2.5)
    json["a"].uInt64 = UInt64.max
    #expect(json["a"].uInt64 == UInt64.max)
    json["a"].int = nil
    #expect(json["a"].type == .null)
    #expect(json["a"].exists())
  }
}
