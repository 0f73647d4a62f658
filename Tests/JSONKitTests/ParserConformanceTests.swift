import Foundation
import JSONKit
import Testing

/// The parser against Nicolas Seriot's JSONTestSuite (`Fixtures/JSONTestSuite`, MIT):
/// `y_` files must parse, `n_` files must fail with a located error, and every `i_` file
/// (where RFC 8259 lets parsers choose) has a decided, documented outcome.
@Suite("JSONTestSuite conformance")
struct ParserConformanceTests {
  /// What JSONKit does with an implementation-defined (`i_`) file.
  enum Outcome: Sendable, CustomStringConvertible {
    /// Parsed; the value's compact JSON text.
    case accepted(String)
    /// Parsed; the compact JSON text is the file's own text (numbers keep their source text).
    case acceptedVerbatim
    /// Rejected with this reason at this byte offset.
    case rejected(JSONError.ParseFailure, byte: Int)

    var description: String {
      switch self {
      case .accepted(let text): "accepted as \(text)"
      case .acceptedVerbatim: "accepted, text kept"
      case .rejected(let reason, let byte): "rejected (\(reason)) at byte \(byte)"
      }
    }
  }

  /// The decision for each `i_` file.
  ///
  /// The README lists the same table.
  static let implementationDefined: [String: Outcome] = [
    // Numbers beyond Double and Int64 are kept as their source text: no overflow, no rounding.
    "i_number_double_huge_neg_exp.json": .acceptedVerbatim,
    "i_number_huge_exp.json": .acceptedVerbatim,
    "i_number_neg_int_huge_exp.json": .acceptedVerbatim,
    "i_number_pos_double_huge_exp.json": .acceptedVerbatim,
    "i_number_real_neg_overflow.json": .acceptedVerbatim,
    "i_number_real_pos_overflow.json": .acceptedVerbatim,
    "i_number_real_underflow.json": .acceptedVerbatim,
    "i_number_too_big_neg_int.json": .acceptedVerbatim,
    "i_number_too_big_pos_int.json": .acceptedVerbatim,
    "i_number_very_big_negative_int.json": .acceptedVerbatim,
    // Lone or mismatched UTF-16 surrogate escapes: rejected at the offending backslash.
    "i_object_key_lone_2nd_surrogate.json":
      .rejected(.invalidEscape("lone low surrogate \\uDFAA"), byte: 2),
    "i_string_1st_surrogate_but_2nd_missing.json":
      .rejected(
        .invalidEscape("lone high surrogate \\uDADA not followed by a low surrogate"), byte: 2),
    "i_string_1st_valid_surrogate_2nd_invalid.json":
      .rejected(
        .invalidEscape("lone high surrogate \\uD888 not followed by a low surrogate"), byte: 2),
    "i_string_incomplete_surrogate_and_escape_valid.json":
      .rejected(
        .invalidEscape("lone high surrogate \\uD800 not followed by a low surrogate"), byte: 2),
    "i_string_incomplete_surrogate_pair.json":
      .rejected(.invalidEscape("lone low surrogate \\uDD1E"), byte: 2),
    "i_string_incomplete_surrogates_escape_valid.json":
      .rejected(
        .invalidEscape("lone high surrogate \\uD800 not followed by a low surrogate"), byte: 2),
    "i_string_invalid_lonely_surrogate.json":
      .rejected(
        .invalidEscape("lone high surrogate \\uD800 not followed by a low surrogate"), byte: 2),
    "i_string_invalid_surrogate.json":
      .rejected(
        .invalidEscape("lone high surrogate \\uD800 not followed by a low surrogate"), byte: 2),
    "i_string_inverted_surrogates_U+1D11E.json":
      .rejected(.invalidEscape("lone low surrogate \\uDD1E"), byte: 2),
    "i_string_lone_second_surrogate.json":
      .rejected(.invalidEscape("lone low surrogate \\uDFAA"), byte: 2),
    // Ill-formed UTF-8: rejected at the first byte of the bad sequence.
    "i_string_UTF-8_invalid_sequence.json": .rejected(.invalidUTF8, byte: 7),
    "i_string_UTF8_surrogate_U+D800.json": .rejected(.invalidUTF8, byte: 2),
    "i_string_invalid_utf-8.json": .rejected(.invalidUTF8, byte: 2),
    "i_string_iso_latin_1.json": .rejected(.invalidUTF8, byte: 2),
    "i_string_lone_utf8_continuation_byte.json": .rejected(.invalidUTF8, byte: 2),
    "i_string_not_in_unicode_range.json": .rejected(.invalidUTF8, byte: 2),
    "i_string_overlong_sequence_2_bytes.json": .rejected(.invalidUTF8, byte: 2),
    "i_string_overlong_sequence_6_bytes.json": .rejected(.invalidUTF8, byte: 2),
    "i_string_overlong_sequence_6_bytes_null.json": .rejected(.invalidUTF8, byte: 2),
    "i_string_truncated-utf-8.json": .rejected(.invalidUTF8, byte: 2),
    // UTF-16 (with or without a byte order mark): JSONKit reads UTF-8 only (RFC 8259 §8.1).
    "i_string_UTF-16LE_with_BOM.json": .rejected(.unsupportedEncoding("UTF-16LE"), byte: 0),
    "i_string_utf16BE_no_BOM.json": .rejected(.unsupportedEncoding("UTF-16BE"), byte: 0),
    "i_string_utf16LE_no_BOM.json": .rejected(.unsupportedEncoding("UTF-16LE"), byte: 0),
    // 500 levels are well below the default depth limit (10,000).
    "i_structure_500_nested_arrays.json": .acceptedVerbatim,
    // A UTF-8 byte order mark is skipped.
    "i_structure_UTF-8_BOM_empty_object.json": .accepted("{}"),
  ]

  @Test("Every y_ file parses", arguments: Fixtures.jsonTestSuite("y_"))
  func acceptsValidFile(_ name: String) throws {
    let data = try Fixtures.jsonTestSuiteData(name)
    #expect(throws: Never.self) { try JSONParser.parse(data) }
  }

  @Test(
    "Every y_ file's compact text parses again to the same text",
    arguments: Fixtures.jsonTestSuite("y_"))
  func roundTripsValidFile(_ name: String) throws {
    let json = try JSONParser.parse(try Fixtures.jsonTestSuiteData(name))
    let text = JSONWriter().string(json)
    let again = try JSONParser.parse(Data(text.utf8))
    #expect(JSONWriter().string(again) == text)
  }

  @Test("Every n_ file is rejected with a located error", arguments: Fixtures.jsonTestSuite("n_"))
  func rejectsInvalidFile(_ name: String) throws {
    let data = try Fixtures.jsonTestSuiteData(name)
    let error = try #require(parseError(data), "\(name) was accepted")
    let location = try #require(error.location, "\(name): \(error) has no location")
    #expect((0...data.count).contains(location.byte), "\(name): \(error)")
    #expect(location == expectedLocation(ofByte: location.byte, in: data), "\(name): \(error)")
  }

  @Test("Every i_ file gives its decided outcome", arguments: Fixtures.jsonTestSuite("i_"))
  func decidesImplementationDefinedFile(_ name: String) throws {
    let outcome = try #require(Self.implementationDefined[name], "\(name) has no decision")
    let data = try Fixtures.jsonTestSuiteData(name)
    switch outcome {
    case .accepted(let expected):
      let json = try JSONParser.parse(data)
      #expect(JSONWriter().string(json) == expected)
    case .acceptedVerbatim:
      let json = try JSONParser.parse(data)
      let source = String(decoding: data, as: UTF8.self).trimmingCharacters(
        in: .whitespacesAndNewlines)
      #expect(json.rawString(options: []) == source)
    case .rejected(let reason, let byte):
      let error = try #require(parseError(data), "\(name) was accepted")
      #expect(error.parseFailure == reason)
      #expect(error.location == expectedLocation(ofByte: byte, in: data))
    }
  }

  @Test("The i_ decision table covers exactly the i_ files")
  func decisionTableIsComplete() {
    #expect(Set(Self.implementationDefined.keys) == Set(Fixtures.jsonTestSuite("i_")))
  }

  @Test("The fixture folder holds the whole suite and its licence")
  func fixturesArePresent() {
    #expect(Fixtures.jsonTestSuite("y_").count == 95)
    #expect(Fixtures.jsonTestSuite("n_").count == 188)
    #expect(Fixtures.jsonTestSuite("i_").count == 35)
    let license = Fixtures.jsonTestSuite.appendingPathComponent("LICENSE")
    #expect(FileManager.default.fileExists(atPath: license.path))
  }

  @Test("Huge numbers keep their exact text inside containers")
  func hugeNumbersKeepTheirText() throws {
    let text =
      #"{"big":123456789012345678901234567890,"neg":-9223372036854775809,"#
      + #""pi":3.14159265358979323846264338327950288,"tiny":1e-400,"zero":-0,"exp":1E+2}"#
    let json = try JSONParser.parse(Data(text.utf8))
    #expect(json.rawString(options: []) == text)
  }
}

/// Duplicate keys: the last value wins, at the position of the first (jq, JSONSerialization).
@Suite("Duplicate object keys")
struct DuplicateKeyTests {
  @Test("The last value wins at the first key's position")
  func lastValueWinsAtFirstPosition() throws {
    let json = try JSONParser.parse(Data(#"{"a":1,"b":2,"a":3}"#.utf8))
    #expect(json.type == .dictionary)
    #expect(JSONWriter().string(json) == #"{"a":3,"b":2}"#)
  }

  @Test("Duplicates spelled with escapes are the same key")
  func escapedDuplicatesAreTheSameKey() throws {
    let json = try JSONParser.parse(Data(#"{"ab":1,"c":2,"\u0061b":3,"a\u0062":4}"#.utf8))
    #expect(JSONWriter().string(json) == #"{"ab":4,"c":2}"#)
  }

  @Test("Duplicates in nested and sibling objects are resolved per object")
  func duplicatesArePerObject() throws {
    let text = #"[{"a":1,"a":2},{"a":3},{"x":{"a":4,"b":5,"a":6},"x":7}]"#
    let json = try JSONParser.parse(Data(text.utf8))
    #expect(JSONWriter().string(json) == #"[{"a":2},{"a":3},{"x":7}]"#)
  }

  @Test("Many duplicates of many keys keep first-seen order")
  func manyDuplicates() throws {
    var members: [String] = []
    for round in 0..<3 {
      for k in 0..<40 { members.append("\"k\(k)\":\(round * 100 + k)") }
    }
    let json = try JSONParser.parse(Data(("{" + members.joined(separator: ",") + "}").utf8))
    let expected = "{" + (0..<40).map { "\"k\($0)\":\(200 + $0)" }.joined(separator: ",") + "}"
    #expect(JSONWriter().string(json) == expected)
  }
}

// MARK: - Helpers

/// The error `JSONParser.parse` throws for `data`, or `nil` when it parses.
private func parseError(_ data: Data, options: JSONParser.Options = .default) -> JSONError? {
  do {
    _ = try JSONParser.parse(data, options: options)
    return nil
  } catch {
    return error
  }
}

/// The line and column of byte offset `byte` (columns count bytes, from 1).
private func expectedLocation(ofByte byte: Int, in data: Data) -> JSONError.Location {
  let prefix = data.prefix(byte)
  let line = 1 + prefix.count(where: { $0 == 0x0A })
  let lineStart = prefix.lastIndex(of: 0x0A).map { $0 - data.startIndex + 1 } ?? 0
  return JSONError.Location(byte: byte, line: line, column: byte - lineStart + 1)
}
