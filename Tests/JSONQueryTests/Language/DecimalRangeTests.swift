import JSONKit
import Testing

@testable import JSONQuery

/// Number literals beyond decNumber's range in jq 1.8.2's context (exponents from
/// -999,999,999 to 999,999,999, 147,483,648 digits): larger ones print as the largest double,
/// smaller ones round half up to the smallest exponent, -1,147,483,646.
@Suite("jq 1.8.2: numbers beyond decNumber's range")
struct DecimalRangeTests: PrintedOutputs {
  @Test("an exponent above the range prints the largest double")
  func overflow() throws {
    #expect(try printed(".", "1E9999999999") == ["1.7976931348623157e+308"])
    #expect(try printed(".", "-1E9999999999") == ["-1.7976931348623157e+308"])
    #expect(try printed(".", "1E1000000000") == ["1.7976931348623157e+308"])
    #expect(try printed("tostring", "1E9999999999") == [#""1.7976931348623157e+308""#])
    #expect(try printed("[.]", "1E9999999999") == ["[1.7976931348623157e+308]"])
    #expect(try printed("1E9999999999") == ["1.7976931348623157e+308"])
  }

  @Test("an exponent below the range rounds to the smallest exponent")
  func underflow() throws {
    #expect(try printed(".", "-10E-1000000001") == ["-1.0E-1000000000"])
    #expect(try printed(".", "1E-9999999999") == ["0E-1147483646"])
    #expect(try printed(".", "-1E-9999999999") == ["-0E-1147483646"])
    #expect(try printed(".", "1E-1000000000") == ["1E-1000000000"])
    #expect(try printed(".", "123E-1000000005") == ["1.23E-1000000003"])
    #expect(try printed(".", "123E-1147483648") == ["1E-1147483646"])
    #expect(try printed(".", "5E-1147483647") == ["1E-1147483646"])
    #expect(try printed(".", "15E-1147483648") == ["0E-1147483646"])
    #expect(try printed(".", "995E-1147483648") == ["1.0E-1147483645"])
    #expect(try printed("-.", "1E-1147483647") == ["0E-1147483646"])
    #expect(try printed("-10E-1000000001") == ["-1.0E-1000000000"])
    #expect(
      try printed("[1E9999999999, -1E9999999999, 1E-9999999999]") == [
        "[1.7976931348623157e+308,-1.7976931348623157e+308,0E-1147483646]"
      ])
  }

  @Test("a zero's exponent is clamped to the range")
  func zeros() throws {
    #expect(try printed(".", "0E-9999999999") == ["0E-1147483646"])
    #expect(try printed(".", "0E9999999999") == ["0E+999999999"])
  }
}
