import Foundation
import JSONKit
import Testing

@Suite("Any collection of bytes parses, decodes and encodes")
struct ByteCollectionTests {
  static let text = #"{"id": 7, "name": "Ada", "tags": ["x", "é"]}"#
  struct Person: Codable, Equatable {
    var id: Int
    var name: String
    var tags: [String]
  }

  @Test("Arrays, slices, data and non-contiguous collections parse alike")
  func arraysSlicesDataAndNonContiguousCollectionsParseAlike() throws {
    let bytes = Array(Self.text.utf8)
    let expected = try JSON(data: Data(bytes))
    #expect(try JSON(bytes: bytes) == expected)
    #expect(try JSON(bytes: ([0x20] + bytes + [0x20])[1...bytes.count]) == expected)
    #expect(try JSON(bytes: Data(bytes)) == expected)
    // A lazily mapped collection has no contiguous storage: it is copied first.
    #expect(try JSON(bytes: bytes.lazy.map { $0 }) == expected)
    #expect(try JSONParser.parse(bytes.reversed().reversed()) == expected)
  }

  @Test("parseAll reads every value of a byte array")
  func parseAllReadsEveryValueOfAByteArray() throws {
    #expect(try JSONParser.parseAll(Array("1 [2]\n{\"a\": 3}".utf8)) == [1, [2], ["a": 3]])
  }

  @Test("Errors from bytes say where")
  func errorsFromBytesSayWhere() {
    #expect {
      _ = try JSON(bytes: Array("[1,\n 2,,]".utf8))
    } throws: { error in
      (error as? JSONError)?.location == JSONError.Location(byte: 7, line: 2, column: 4)
    }
  }

  @Test("The decoder reads a slice in place")
  func theDecoderReadsASliceInPlace() throws {
    let framed = Array("xx\(Self.text)yy".utf8)
    let person = try JSONKitDecoder().decode(Person.self, from: framed.dropFirst(2).dropLast(2))
    #expect(person == Person(id: 7, name: "Ada", tags: ["x", "é"]))
  }

  @Test("The decoder reports invalid bytes as dataCorrupted")
  func theDecoderReportsInvalidBytesAsDataCorrupted() {
    #expect(throws: DecodingError.self) {
      _ = try JSONKitDecoder().decode(Person.self, from: Array("{\"id\":".utf8))
    }
  }

  @Test("The encoder and writer append to the caller's bytes")
  func theEncoderAndWriterAppendToTheCallersBytes() throws {
    var body = Array("data: ".utf8)
    try JSONKitEncoder().encode(Person(id: 1, name: "B", tags: []), into: &body)
    #expect(String(decoding: body, as: UTF8.self) == #"data: {"id":1,"name":"B","tags":[]}"#)
    JSONWriter().write([true], into: &body)
    #expect(body.suffix(6) == Array("[true]".utf8))
  }

  @Test("The encoder leaves the buffer unchanged when it throws")
  func theEncoderLeavesTheBufferUnchangedWhenItThrows() {
    var body = Array("keep".utf8)
    #expect(throws: EncodingError.self) {
      try JSONKitEncoder().encode(Double.nan, into: &body)
    }
    #expect(body == Array("keep".utf8))
  }

  @Test("The stream parser takes any chunk type")
  func theStreamParserTakesAnyChunkType() throws {
    let parser = JSONStreamParser()
    var values = try parser.feed(Array("[1] [".utf8)[...])
    values += try parser.feed(Data("2]".utf8))
    values += try parser.finish()
    #expect(values == [[1], [2]])
  }
}
