import Foundation
import JSONKit
import Testing

@Suite("jsonValues and decodedValues read values from async byte chunks")
struct AsyncJSONValuesTests {
  /// The bytes of `text` as an async sequence of chunks of `size` bytes.
  static func chunks(_ text: String, size: Int) -> AsyncStream<[UInt8]> {
    let bytes = Array(text.utf8)
    return AsyncStream { continuation in
      var start = 0
      while start < bytes.count {
        continuation.yield(Array(bytes[start..<min(start + size, bytes.count)]))
        start += size
      }
      continuation.finish()
    }
  }

  static let ndjson = "{\"n\": 1, \"s\": \"é\"}\n{\"n\": 2, \"s\": \"ü\"}\n[3]\n4"

  @Test("Values are the same whatever the chunk size", arguments: [1, 2, 3, 7, 64])
  func valuesAreTheSameWhateverTheChunkSize(size: Int) async throws {
    var values: [JSON] = []
    for try await value in Self.chunks(Self.ndjson, size: size).jsonValues() {
      values.append(value)
    }
    #expect(values == [["n": 1, "s": "é"], ["n": 2, "s": "ü"], [3], 4])
  }

  @Test("An error comes after the values before it and names its line")
  func anErrorComesAfterTheValuesBeforeItAndNamesItsLine() async throws {
    var iterator = Self.chunks("1\n2\n{\"a\" 3}\n4\n", size: 100).jsonValues().makeAsyncIterator()
    #expect(try await iterator.next() == 1)
    #expect(try await iterator.next() == 2)
    await #expect {
      _ = try await iterator.next()
    } throws: { error in
      (error as? JSONError)?.location?.line == 3
    }
    #expect(try await iterator.next() == nil)
  }

  @Test("A truncated last value is an error")
  func aTruncatedLastValueIsAnError() async {
    await #expect(throws: JSONError.self) {
      for try await _ in Self.chunks("[1, 2", size: 2).jsonValues() {}
    }
  }

  struct Event: Decodable, Equatable {
    var n: Int
    var s: String
  }

  @Test("decodedValues decodes each value")
  func decodedValuesDecodeEachValue() async throws {
    var events: [Event] = []
    for try await event in Self.chunks("{\"n\":1,\"s\":\"a\"}{\"n\":2,\"s\":\"b\"}", size: 5)
      .decodedValues(Event.self)
    {
      events.append(event)
    }
    #expect(events == [Event(n: 1, s: "a"), Event(n: 2, s: "b")])
  }

  @Test("A decoding error ends the sequence")
  func aDecodingErrorEndsTheSequence() async throws {
    var iterator = Self.chunks(
      "{\"n\":1,\"s\":\"a\"}\n{\"n\":\"x\"}\n{\"n\":3,\"s\":\"c\"}", size: 4
    )
    .decodedValues(Event.self).makeAsyncIterator()
    #expect(try await iterator.next() == Event(n: 1, s: "a"))
    await #expect(throws: DecodingError.self) { _ = try await iterator.next() }
    #expect(try await iterator.next() == nil)
  }

  @Test("The sequence is sendable when its base is")
  func theSequenceIsSendableWhenItsBaseIs() async throws {
    let values = Self.chunks("[1]", size: 1).jsonValues()
    let count = try await Task.detached {
      var n = 0
      for try await _ in values { n += 1 }
      return n
    }.value
    #expect(count == 1)
  }
}
