import Testing

@testable import JSONKit
@testable import JSONKitCore

/// decNumber's `decNumberToString`, which jq 1.8 uses to print numbers that kept their text.
@Suite("Numbers in decNumber's canonical form")
struct DecimalCanonicalTests {
  @Test(
    "Each decimal text has the canonical form of its value",
    arguments: [
      ("1", "1"), ("1.50", "1.50"), ("100e-2", "1.00"), ("1e2", "1E+2"), ("1e1000", "1E+1000"),
      ("0.0000001", "1E-7"), ("0.000001", "0.000001"), ("-0", "-0"), ("0.00", "0.00"),
      ("1.5E3", "1.5E+3"), ("12e-1", "1.2"), ("-100e-2", "-1.00"), ("0e5", "0E+5"),
      ("123.456e-10", "1.23456E-8"), ("0.00000000", "0E-8"), ("7e-7", "7E-7"),
    ])
  func canonicalForm(text: String, expected: String) {
    let bytes = Array(text.utf8)
    let form = bytes.withUnsafeBufferPointer { DecimalCanonical.form($0) }
    #expect(form == expected)
    let changes = bytes.withUnsafeBufferPointer {
      DecimalCanonical.mayChange($0.baseAddress!, $0.count)
    }
    #expect(changes || form == text, "a form that differs must be detected")
  }

  @Test("The library writer keeps the text as written by default")
  func theLibraryWriterKeepsTheTextAsWrittenByDefault() throws {
    let json = try JSON(bytes: Array("[1e2, 100e-2]".utf8))
    #expect(JSONWriter().string(json) == "[1e2,100e-2]")
    var jq = JSONWriter()
    jq.canonicalNumbers = true
    #expect(jq.string(json) == "[1E+2,1.00]")
  }
}
