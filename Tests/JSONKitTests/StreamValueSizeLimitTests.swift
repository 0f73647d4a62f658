import Foundation
import JSONKit
import Testing

/// `maxValueBytes`: the push parser and the async sequences stop a value that grows past the
/// limit, so memory is bounded by the limit and not by what a client sends.
@Suite("The push parser's limit on one value's size")
struct StreamValueSizeLimitTests {
  /// Feeds `text` in chunks of `size` bytes; the values, or the error.
  static func feed(_ text: String, chunk size: Int, limit: Int?) -> ([JSON], JSONError?) {
    let parser = JSONStreamParser(maxValueBytes: limit)
    let bytes = Array(text.utf8)
    var values: [JSON] = []
    do {
      for start in stride(from: 0, to: bytes.count, by: size) {
        values += try parser.feed(Array(bytes[start..<min(start + size, bytes.count)]))
      }
      values += try parser.finish()
    } catch {
      return (values, error)
    }
    return (values, nil)
  }

  @Test("Values up to the limit pass, however many; the limit counts each value apart")
  func valuesWithinTheLimit() {
    let line = #"{"n": 1, "s": "0123456789"}"#  // 27 bytes
    let text = Array(repeating: line, count: 1_000).joined(separator: "\n")
    let (values, error) = Self.feed(text, chunk: 7, limit: 32)
    #expect(error == nil)
    #expect(values.count == 1_000)
  }

  @Test(
    "A value past the limit throws valueTooLarge, after the values before it",
    arguments: [1, 7, 4096, 1 << 20])
  func valuePastTheLimit(chunk: Int) {
    let text = "[1]\n[2]\n\"" + String(repeating: "x", count: 100_000) + "\"\n[3]"
    let (values, error) = Self.feed(text, chunk: chunk, limit: 1_000)
    #expect(values == [[1], [2]])
    #expect(error?.parseFailure == .valueTooLarge(limit: 1_000))
    #expect(error?.location?.line == 3)
    // Where the limit was noticed: at most one chunk past it.
    let byte = error?.location?.byte ?? -1
    #expect(byte >= 8 + 1_000 && byte <= 8 + 1_000 + max(chunk, 4096) + 1, "\(byte)")
    #expect(
      error?.description.hasPrefix(
        "Value longer than the limit of 1000 bytes (maxValueBytes) at line 3")
        == true, "\(error?.description ?? "")")
  }

  @Test("A value just past the limit that ends within one chunk is refused, and none after it")
  func completedPastTheLimit() {
    // 4 + 1,001 bytes: the value ends between two chunk ends, never seen open past the limit.
    let text = "[1]\n\"" + String(repeating: "z", count: 999) + "\"\n[2]\n"
    for chunk in [64, 1_000, 1 << 16] {
      let (values, error) = Self.feed(text, chunk: chunk, limit: 1_000)
      #expect(values == [[1]], "chunk \(chunk)")
      #expect(error?.parseFailure == .valueTooLarge(limit: 1_000), "chunk \(chunk)")
    }
    // The limit counts from the end of the value before: the newline and both quotes.
    let (values, error) = Self.feed(text, chunk: 64, limit: 1_002)
    #expect(error == nil && values.count == 3 && values[1].string?.count == 999)
  }

  @Test("A deep nest, a long number and many keys are all held to the limit")
  func shapesOfLargeValues() {
    let nest = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
    let number = "1" + String(repeating: "0", count: 5_000)
    let keys = "{" + (0..<1_000).map { #""k\#($0)": 0"# }.joined(separator: ",") + "}"
    for text in [nest, number, keys] {
      let (values, error) = Self.feed(text, chunk: 64, limit: 1_000)
      #expect(values.isEmpty)
      #expect(error?.parseFailure == .valueTooLarge(limit: 1_000))
    }
  }

  @Test("No limit by default on the push parser; jsonValues() defaults to 4 MiB")
  func defaults() async throws {
    let big = "\"" + String(repeating: "y", count: 5 * 1024 * 1024) + "\""
    let (values, error) = Self.feed(big, chunk: 65_536, limit: nil)
    #expect(error == nil && values.count == 1)
    #expect(JSONStreamParser.defaultMaxValueBytes == 4 * 1024 * 1024)

    let chunks = AsyncStream<[UInt8]> { continuation in
      let bytes = Array(big.utf8)
      for start in stride(from: 0, to: bytes.count, by: 65_536) {
        continuation.yield(Array(bytes[start..<min(start + 65_536, bytes.count)]))
      }
      continuation.finish()
    }
    await #expect(throws: JSONError.self) {
      for try await _ in chunks.jsonValues() {}
    }
    let raised = AsyncStream<[UInt8]> { continuation in
      continuation.yield(Array(big.utf8))
      continuation.finish()
    }
    var count = 0
    for try await _ in raised.jsonValues(maxValueBytes: 8 * 1024 * 1024) { count += 1 }
    #expect(count == 1)
  }

  @Test("White space between values does not count once a value is complete")
  func whiteSpaceBetweenValues() {
    let text = "[1]" + String(repeating: " ", count: 10_000) + "\n"
    let (values, error) = Self.feed(text, chunk: 100, limit: 1_000)
    #expect(error == nil && values == [[1]])
  }
}
