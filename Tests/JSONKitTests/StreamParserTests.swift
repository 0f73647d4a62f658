import Foundation
import JSONKit
import TestInputs
import Testing

/// `JSONStreamParser`: chunks of any size in, each complete top-level value out, with the
/// same values (and the same errors) as a one-shot parse of the whole input.
@Suite("Stream parser")
struct StreamParserTests {
  /// Escapes (some spanning what will be chunk boundaries), surrogate pairs, non-ASCII text,
  /// numbers of every shape, nested containers, escaped keys, values with and without white
  /// space between them, and a number at the very end.
  static let document: [UInt8] = Array(
    (#"{"name":"caf\u00e9 \"quoted\" \\ back\/slash","emoji":"😀 \ud83d\ude00","#
      + #""n":[0,-0,1.5e+10,-12345678901234567890123,3.14159265358979323846,1E-7],"#
      + #""nested":{"a":[[],{}],"e\u0073caped key":"tab\there","":null,"#
      + #""deep":[[[{"x":[true,false]}]]]},"t":true,"f":false}"# + "\n"
      + #"["\u0000\n\r\b\f","日本語","\"\"\\\\","\ud834\udd1e","\\u0041"]"# + " 42 "
      + #""x\"y""# + "\n" + #""plain"{"k\"":"v","k\"":"w"}-7.25e-3 "ü\u00fc\/" 99"#).utf8)

  @Test("NDJSON lines give their values in order")
  func ndjson() throws {
    let parser = JSONStreamParser()
    let values = try parser.feed(Data("{\"a\":1}\n{\"a\":2}\n3\n\"x\"\n[4]\n".utf8))
    #expect(compact(values) == [#"{"a":1}"#, #"{"a":2}"#, "3", #""x""#, "[4]"])
    #expect(try parser.finish().isEmpty)
    #expect(parser.valueCount == 5)
  }

  @Test("Concatenated values give their values in order")
  func concatenatedValues() throws {
    let parser = JSONStreamParser()
    var values = try parser.feed(Array(#"{"a":1}{"a":2} 3 "x" [4]"#.utf8))
    values += try parser.finish()
    #expect(compact(values) == [#"{"a":1}"#, #"{"a":2}"#, "3", #""x""#, "[4]"])
  }

  @Test("A value is handed back by the chunk that completes it")
  func valuesAreDeliveredWhenComplete() throws {
    let parser = JSONStreamParser()
    #expect(compact(try parser.feed(Array(#"{"a":1}"#.utf8))) == [#"{"a":1}"#])
    #expect(try parser.feed(Array("[1,".utf8)).isEmpty)
    #expect(compact(try parser.feed(Array("2] [".utf8))) == ["[1,2]"])
    #expect(compact(try parser.feed(Array("]".utf8))) == ["[]"])
    #expect(try parser.feed([UInt8]()).isEmpty)
    #expect(parser.valueCount == 3)
    #expect(parser.bytesConsumed == 15)
  }

  @Test("A top-level number at the end is delivered by finish()")
  func trailingNumberOnFinish() throws {
    let parser = JSONStreamParser()
    #expect(compact(try parser.feed(Array("1 2 3".utf8))) == ["1", "2"])
    #expect(compact(try parser.finish()) == ["3"])
    #expect(parser.valueCount == 3)
    #expect(parser.bytesConsumed == 5)
  }

  @Test("An empty or blank stream has no values", arguments: ["", " \n\t\r\n "])
  func emptyStream(_ text: String) throws {
    let parser = JSONStreamParser()
    #expect(try parser.feed(Array(text.utf8)).isEmpty)
    #expect(try parser.finish().isEmpty)
    #expect(parser.valueCount == 0)
  }

  @Test(
    "finish() with a value still open throws unexpectedEndOfInput at the end",
    arguments: [
      ("{\"a\":[1,", 8, 1, 9), ("\"abc", 4, 1, 5), ("[1]\n[2,\n", 8, 3, 1), ("tru", 3, 1, 4),
      ("[1]\n{\"a\"", 8, 2, 5), ("-", 1, 1, 2), ("{\"a\":1} \"abc", 12, 1, 13), ("1 \"", 3, 1, 4),
    ])
  func finishWithOpenValue(_ text: String, byte: Int, line: Int, column: Int) throws {
    let parser = JSONStreamParser()
    for byteValue in Array(text.utf8) { try parser.feed([byteValue]) }
    var thrown: JSONError?
    do { _ = try parser.finish() } catch { thrown = error }
    let error = try #require(thrown)
    #expect(error.parseFailure == .unexpectedEndOfInput)
    #expect(error.location == .init(byte: byte, line: line, column: column))
  }

  @Test("An error in a later chunk reports its offset and line in the whole stream")
  func errorInLaterChunk() throws {
    let parser = JSONStreamParser()
    let first = try parser.feed(Data("[1,2]\n{\"a\":1}\n".utf8))
    #expect(compact(first) == ["[1,2]", #"{"a":1}"#])
    var thrown: JSONError?
    do { _ = try parser.feed(Data("{\"a\": tru}\n".utf8)) } catch { thrown = error }
    let error = try #require(thrown)
    #expect(error.parseFailure == .unexpectedCharacter("'}'"))
    #expect(error.location == .init(byte: 23, line: 3, column: 10))
    // The parser stays failed.
    #expect(throws: error) { try parser.feed(Data("1 ".utf8)) }
    #expect(throws: error) { try parser.finish() }
  }

  @Test("An error in an escaped string that spans chunks points at the bad escape")
  func errorInStringAcrossChunks() throws {
    let parser = JSONStreamParser()
    try parser.feed(Array("[1]\n[\"abc\\n".utf8))
    try parser.feed(Array("def\\u".utf8))
    var thrown: JSONError?
    do { _ = try parser.feed(Array("DC00\"]".utf8)) } catch { thrown = error }
    let error = try #require(thrown)
    #expect(error.parseFailure == .invalidEscape("lone low surrogate \\uDC00"))
    #expect(error.location == .init(byte: 14, line: 2, column: 11))
  }

  @Test("Every split into two chunks gives the same values as a one-shot parse")
  func everyTwoChunkSplit() throws {
    let expected = compact(try JSONParser.parseAll(Data(Self.document)))
    #expect(expected.count == 9)
    for split in 0...Self.document.count {
      let values = try stream(Self.document, splits: [split])
      #expect(values == expected, "split at \(split)")
    }
  }

  @Test("Chunks of every size from 1 to 16 bytes give the same values as a one-shot parse")
  func everyChunkSize() throws {
    let expected = compact(try JSONParser.parseAll(Data(Self.document)))
    for size in 1...16 {
      let values = try stream(
        Self.document, splits: Array(stride(from: size, to: Self.document.count, by: size)))
      #expect(values == expected, "chunk size \(size)")
    }
  }

  @Test("A byte order mark split across chunks is skipped")
  func byteOrderMarkAcrossChunks() throws {
    let input: [UInt8] = [0xEF, 0xBB, 0xBF] + Self.document
    let expected = compact(try JSONParser.parseAll(Data(input)))
    #expect(expected == compact(try JSONParser.parseAll(Data(Self.document))))
    for split in 0...6 {
      #expect(try stream(input, splits: [split]) == expected, "split at \(split)")
    }
    #expect(try stream(input, splits: Array(1..<input.count)) == expected)
  }

  @Test("UTF-16 and UTF-32 streams are rejected even one byte at a time")
  func wideEncodingsOneByteAtATime() throws {
    for (bytes, name) in [
      ([0x00, 0x5B, 0x00, 0x5D] as [UInt8], "UTF-16BE"), ([0x5B, 0x00, 0x5D, 0x00], "UTF-16LE"),
      ([0xFF, 0xFE, 0x5B, 0x00], "UTF-16LE"), ([0, 0, 0, 0x5B], "UTF-32BE"),
    ] {
      var thrown: JSONError?
      do { _ = try stream(bytes, splits: Array(1..<bytes.count)) } catch { thrown = error }
      #expect(thrown?.parseFailure == .unsupportedEncoding(name))
      #expect(thrown?.location == .init(byte: 0, line: 1, column: 1))
    }
  }

  @Test("A comment-laden stream gives the same values however it is split")
  func commentsAcrossChunks() throws {
    let options = JSONParser.Options(allowComments: true)
    let text =
      #"/* "start */ {"a\"" /* " \" */ : "b\\\"c", // "x\"#
      + "\n" + #""d": [1, /**/ 2]} // end "\"# + "\n" + #""e\n" /* * / */ 3"#
    let input = Array(text.utf8)
    let expected = compact(try JSONParser.parseAll(Data(input), options: options))
    #expect(expected == [#"{"a\"":"b\\\"c","d":[1,2]}"#, #""e\n""#, "3"])
    for split in 0...input.count {
      #expect(try stream(input, splits: [split], options: options) == expected, "split at \(split)")
    }
    #expect(try stream(input, splits: Array(1..<input.count), options: options) == expected)
  }

  @Test(
    "A long escaped string across many chunks is decoded whole",
    arguments: [(3000, 4096), (200, 7)])
  func longStringAcrossChunks(units: Int, chunkSize: Int) throws {
    // (yajl re-lexes a pending token from its start on every chunk, so a token split into
    // many small chunks costs quadratic time: keep the small-chunk case small.)
    let unit = #"abc\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00é😀"#
    let text = "[\"" + String(repeating: unit, count: units) + "\", {\"" + unit + "\": 1}]"
    let input = Array(text.utf8)
    let expected = compact(try JSONParser.parseAll(Data(input)))
    let splits = Array(stride(from: chunkSize, to: input.count, by: chunkSize))
    #expect(try stream(input, splits: splits) == expected)
  }

  @Test(
    "Every y_ file gives the same value a byte at a time", arguments: Fixtures.jsonTestSuite("y_"))
  func validFilesOneByteAtATime(_ name: String) throws {
    let data = Array(try Fixtures.jsonTestSuiteData(name))
    let expected = compact([try JSONParser.parse(Data(data))])
    #expect(try stream(data, splits: Array(1..<max(1, data.count))) == expected)
  }

  @Test(
    "Every y_ file gives the same value split anywhere in two",
    arguments: Fixtures.jsonTestSuite("y_"))
  func validFilesInTwoChunks(_ name: String) throws {
    let data = Array(try Fixtures.jsonTestSuiteData(name))
    let expected = compact([try JSONParser.parse(Data(data))])
    for split in 0...data.count {
      #expect(try stream(data, splits: [split]) == expected, "split at \(split)")
    }
  }

  @Test("Mutated documents in random chunks give the same values or the same error as parseAll")
  func randomChunksOfMutatedDocuments() throws {
    let seeds: [String] = [
      String(decoding: Self.document, as: UTF8.self),
      "\u{FEFF}[1,\r\n{\"k\\\"\":\"v\\u0041\"}]\r\n" + #"[1, 2, "x\n", {"a": true}] 42 "s" "#,
      #"/* c */ {"a" /* " */ : "b\"" } // x"# + "\n 7 \"\\\\\" -0 0.5e-1 [] {} null",
    ]
    let alphabet: [UInt8] =
      Array(#"{}[],:"\ u0123456789abcdefnrtlsx-+.eE/*"#.utf8)
      + [0x0A, 0x0B, 0x0C, 0x00, 0xC3, 0xA9, 0xFF, 0xED, 0xA0, 0xEF]
    var rng = SplitMix64(seed: 2024)
    for round in 0..<3000 {
      var input = Array(seeds[round % seeds.count].utf8)
      for _ in 0..<Int.random(in: 0...4, using: &rng) {
        let i = Int.random(in: 0...input.count, using: &rng)
        let byte = alphabet.randomElement(using: &rng)!
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: input.insert(byte, at: i)
        case 1: if i < input.count { input.remove(at: i) }
        default: if i < input.count { input[i] = byte }
        }
      }
      var splits: [Int] = []
      var cut = Int.random(in: 1...8, using: &rng)
      while cut < input.count {
        splits.append(cut)
        cut += Int.random(in: 1...8, using: &rng)
      }
      let options = JSONParser.Options(allowComments: round % seeds.count == 2)
      let oneShot = Result { () throws(JSONError) in
        compact(try JSONParser.parseAll(Data(input), options: options))
      }
      let streamed = Result { () throws(JSONError) in
        try stream(input, splits: splits, options: options)
      }
      let context = Comment(
        rawValue: "\(String(decoding: input, as: UTF8.self).debugDescription) splits \(splits)")
      switch (oneShot, streamed) {
      case (.success(let a), .success(let b)):
        #expect(a == b, context)
      case (.failure(let a), .failure(let b)):
        #expect(a.location == b.location, context)
        // A character is described from the bytes at hand: a multi-byte one may be cut.
        if case .unexpectedCharacter = a.parseFailure, case .unexpectedCharacter = b.parseFailure {
          continue
        }
        if case .syntax = a.parseFailure, case .syntax = b.parseFailure { continue }
        #expect(a.parseFailure == b.parseFailure, context)
      default:
        Issue.record("one-shot \(oneShot), streamed \(streamed): \(context)")
      }
    }
  }

  @Test("The stream parser honours maxDepth")
  func streamDepthLimit() throws {
    let parser = JSONStreamParser(options: .init(maxDepth: 2))
    #expect(compact(try parser.feed(Array("[[1]] ".utf8))) == ["[[1]]"])
    var thrown: JSONError?
    do { _ = try parser.feed(Array("[[[1]]]".utf8)) } catch { thrown = error }
    #expect(thrown?.parseFailure == .nestingTooDeep(limit: 2))
    #expect(thrown?.location == .init(byte: 8, line: 1, column: 9))
  }

  @Test("A million open brackets fed in chunks fail at the depth limit")
  func millionBracketsStreamed() throws {
    let parser = JSONStreamParser()
    let chunk = [UInt8](repeating: 0x5B, count: 65_536)
    var thrown: JSONError?
    do {
      for _ in 0..<16 { try parser.feed(chunk) }
    } catch {
      thrown = error
    }
    #expect(thrown?.parseFailure == .nestingTooDeep(limit: 10_000))
    #expect(thrown?.location?.byte == 10_000)
  }
}

// MARK: - Helpers

/// Compact text of each value, keys in document order.
private func compact(_ values: [JSON]) -> [String] {
  values.map { JSONWriter().string($0) }
}

/// Feeds `input` to a new stream parser, cut at the given offsets, then finishes; returns
/// the compact text of every value.
private func stream(
  _ input: [UInt8], splits: [Int], options: JSONParser.Options = .default
) throws(JSONError) -> [String] {
  let parser = JSONStreamParser(options: options)
  var values: [JSON] = []
  var start = 0
  for cut in splits + [input.count] {
    values += try parser.feed(Array(input[start..<cut]))
    start = cut
  }
  values += try parser.finish()
  #expect(parser.bytesConsumed == input.count)
  #expect(parser.valueCount == values.count)
  return compact(values)
}

@Suite("The stream parser keeps values completed before an error")
struct StreamParserErrorRecoveryTests {
  @Test("Values before an error in the same chunk are returned and the error comes next")
  func valuesBeforeAnErrorInTheSameChunkAreReturnedAndTheErrorComesNext() throws {
    let parser = JSONStreamParser()
    let values = try parser.feed(Array("{\"a\":1}\n{\"a\":2}\n{\"a\":}\n{\"a\":4}\n".utf8))
    #expect(values == [["a": 1], ["a": 2]])
    #expect(throws: JSONError.self) { try parser.feed(Array("{}".utf8)) }
    #expect(throws: JSONError.self) { try parser.finish() }
  }

  @Test("An error with no value before it is thrown at once")
  func anErrorWithNoValueBeforeItIsThrownAtOnce() {
    let parser = JSONStreamParser()
    #expect(throws: JSONError.self) { try parser.feed(Array("{\"a\":}".utf8)) }
  }
}

@Suite("Long tokens fed in tiny chunks stay linear")
struct StreamParserTinyChunkTests {
  static func feedInChunks(_ bytes: [UInt8], size: Int) throws -> [JSON] {
    let parser = JSONStreamParser()
    var values: [JSON] = []
    var i = 0
    while i < bytes.count {
      values += try parser.feed(Array(bytes[i..<min(i + size, bytes.count)]))
      i += size
    }
    return values + (try parser.finish())
  }

  @Test("A long string in seven-byte chunks equals the one-shot parse")
  func aLongStringInSevenByteChunksEqualsTheOneShotParse() throws {
    let text = String(repeating: "abcdefghij\\n\\u00e9", count: 20_000)
    let bytes = Array("[\"\(text)\", 12345678901234567890123, {\"k\": \"v\"}] 7".utf8)
    let values = try Self.feedInChunks(bytes, size: 7)
    #expect(values == (try JSONParser.parseAll(Data(bytes))))
    #expect(values.count == 2)
  }

  @Test("A long number in tiny chunks equals the one-shot parse")
  func aLongNumberInTinyChunksEqualsTheOneShotParse() throws {
    let digits = String(repeating: "1234567890", count: 10_000)
    let bytes = Array("[\(digits).5e3, 1]".utf8)
    let values = try Self.feedInChunks(bytes, size: 5)
    #expect(values.count == 1)
    #expect(values[0][0].stringValue == "\(digits).5e3")
  }

  @Test("Values after a long token are not delayed")
  func valuesAfterALongTokenAreNotDelayed() throws {
    let parser = JSONStreamParser()
    let long = String(repeating: "x", count: 10_000)
    var got: [JSON] = []
    for chunk in ["[\"", long, "\"]\n", "{\"a\":1}\n"] {
      got += try parser.feed(Array(chunk.utf8))
    }
    #expect(got.count == 2)
  }
}

@Suite("The stream parser says on which line each value ends")
struct StreamParserLineTests {
  @Test("NDJSON values are on their lines")
  func ndjsonValuesAreOnTheirLines() throws {
    let parser = JSONStreamParser()
    let text = "{\"a\":1}\n[\n2,\n3]\n\n\"x\" 4\n5"
    var lines: [Int] = []
    // Every split into two chunks gives the same lines.
    for split in 0...text.utf8.count {
      let parser = JSONStreamParser()
      let bytes = Array(text.utf8)
      var found = try parser.feedWithLines(
        UnsafeRawBufferPointer(rebasing: bytes.withUnsafeBytes { $0 }[..<split]))
      found += try bytes.withUnsafeBytes {
        try parser.feedWithLines(UnsafeRawBufferPointer(rebasing: $0[split...]))
      }
      found += try parser.finishWithLines()
      lines = found.map(\.line)
      #expect(lines == [1, 4, 6, 6, 7], "split at \(split)")
    }
    _ = parser
  }

  @Test("An error shows only its own line")
  func anErrorShowsOnlyItsOwnLine() throws {
    let parser = JSONStreamParser()
    var thrown: JSONError?
    do {
      _ = try parser.feed(Array("{\"a\":1}\n{\"a\":x}\n{\"a\":3}\n".utf8))
      _ = try parser.finish()
    } catch { thrown = error }
    #expect(thrown?.location == .init(byte: 13, line: 2, column: 6))
    #expect(thrown?.excerpt == #"{"a":x}"#)
  }

  @Test("Values before an error keep their lines and the error comes next")
  func valuesBeforeAnErrorKeepTheirLinesAndTheErrorComesNext() throws {
    let parser = JSONStreamParser()
    let values = try Array("{}\n\n[]\n{\"a\" 1}\n".utf8).withUnsafeBytes {
      try parser.feedWithLines($0)
    }
    #expect(values.map(\.line) == [1, 3])
    var thrown: JSONError?
    do { _ = try parser.finishWithLines() } catch { thrown = error }
    #expect(thrown?.location?.line == 4)
  }
}
