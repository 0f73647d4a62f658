import JSONKit
import Testing

@testable import JSONQuery

@Suite("Library: @base64d and @urid decoders")
struct FormatDecodingTests {
  @Test("Base64 decodes with or without padding")
  func base64DecodesWithOrWithoutPadding() throws {
    #expect(try Base64Decoding.decode("Zm9vYg==").get() == Array("foob".utf8))
    #expect(try Base64Decoding.decode("Zm9vYg").get() == Array("foob".utf8))
    #expect(try Base64Decoding.decode("").get() == [])
  }

  @Test("Base64 distinguishes its two failures")
  func base64DistinguishesItsTwoFailures() {
    #expect(throws: Base64Decoding.Failure.invalidCharacter) {
      try Base64Decoding.decode("Zm 9v").get()
    }
    #expect(throws: Base64Decoding.Failure.trailingByte) {
      try Base64Decoding.decode("QUJDa").get()
    }
  }

  @Test("@uri decodes and rejects malformed escapes")
  func uriDecodesAndRejectsMalformedEscapes() {
    #expect(URIDecoding.decode("a%20b%C3%A9") == "a bé")
    #expect(URIDecoding.decode("abc%") == nil)
    #expect(URIDecoding.decode("abc%f") == nil)
    #expect(URIDecoding.decode("%FX%9F") == nil)
    #expect(URIDecoding.decode("%F0%93%81") == nil)
    #expect(URIDecoding.decode("%F0%C0%81%8E") == nil)
  }

  @Test("@urid errors through the language")
  func uridErrorsThroughTheLanguage() throws {
    let results = try Query(". | try @urid catch .").values(on: JSON("%FX%9F%98%8E"))
    #expect(results == [JSON("string (\"%FX%9F%98%8E\") is not a valid uri encoding")])
  }
}

@Suite("Library: date natives")
struct DateBuiltinsTests {
  func run(_ program: String, _ input: JSON) throws -> [JSON] {
    try Query(program).values(on: input)
  }

  @Test("gmtime and mktime round trip")
  func gmtimeMktimeRoundTrip() throws {
    #expect(try run("gmtime", 1_425_599_621) == [[2015, 2, 5, 23, 53, 41, 4, 63]])
    #expect(try run("gmtime | mktime", 1_425_599_621) == [1_425_599_621])
    #expect(try run("todate", 1_425_599_621) == ["2015-03-05T23:53:41Z"])
  }

  @Test("strptime fills weekday and rejects mismatch")
  func strptimeFillsWeekdayAndRejectsMismatch() throws {
    #expect(
      try run("strptime(\"%Y-%m-%dT%H:%M:%SZ\")", "2015-03-05T23:51:47Z") == [
        [2015, 2, 5, 23, 51, 47, 4, 63]
      ])
    #expect(try run("fromdate", "2038-01-19T03:14:08Z") == [2_147_483_648])
    let message = try run("try strptime(\"%Y\") catch .", "x2015")
    #expect(message == ["date \"x2015\" does not match format \"%Y\""])
  }

  @Test("strftime needs broken-down time")
  func strftimeNeedsBrokenDownTime() throws {
    #expect(
      try run("try strftime(\"%Y\") catch .", "no") == [
        "strftime/1 requires parsed datetime inputs"
      ])
    #expect(try run("try mktime catch .", "no") == ["mktime requires array inputs"])  // jq 1.8
    #expect(
      try run("try mktime catch .", ["a", 1, 2]) == ["mktime requires parsed datetime inputs"])
    #expect(try run("mktime", [2024, 8, 21]) == [1_726_876_800])
  }
}

@Suite("Library: @base32 and @base32d")
struct Base32Tests {
  /// RFC 4648's test vectors, section 10.
  static let vectors = [
    ("", ""), ("f", "MY======"), ("fo", "MZXQ===="), ("foo", "MZXW6==="), ("foob", "MZXW6YQ="),
    ("fooba", "MZXW6YTB"), ("foobar", "MZXW6YTBOI======"),
  ]

  @Test("Encodes and decodes the RFC vectors")
  func encodesAndDecodesTheRFCVectors() {
    for (plain, encoded) in Self.vectors {
      #expect(Base32.encode(Array(plain.utf8)) == encoded)
      #expect(Base32.decode(encoded) == Array(plain.utf8))
      #expect(Base32.decode(encoded.replacingOccurrences(of: "=", with: "")) == Array(plain.utf8))
    }
    #expect(Base32.decode("MZ!W6") == nil)
    #expect(Base32.decode("MY==MY") == nil)
  }

  @Test("@base32 and @base32d work through the language")
  func throughTheLanguage() throws {
    #expect(try Query("@base32").values(on: "foobar") == ["MZXW6YTBOI======"])
    #expect(try Query("@base32 | @base32d").values(on: "héllo ✓") == ["héllo ✓"])
    #expect(try Query(#"@base32 "x\(.)y""#).values(on: "f") == ["xMY======y"])
    #expect(
      try Query("try @base32d catch .").values(on: "a1") == [
        #"string ("a1") is not valid base32 data"#
      ])
  }

  @Test("Format by name is the same as the at form")
  func formatByNameIsTheSameAsTheAtForm() throws {
    #expect(
      try Query(#"[format("base32"), @base32, format("uri")]"#).values(on: "a b") == [
        ["MEQGE===", "MEQGE===", "a%20b"]
      ])
    #expect(
      try Query(#"try format("nope") catch ."#).values(on: "x") == ["nope is not a valid format"])
    #expect(
      try Query("try format(1) catch .").values(on: "x") == ["number (1) is not a valid format"])
  }
}
