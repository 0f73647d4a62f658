import JSONKit
import Testing

/// `mappingErrors(_:)`: how the server adapters turn a body's errors into replies.
@Suite("mappingErrors replaces a sequence's errors and keeps its elements")
struct ErrorMappingSequenceTests {
  struct Replaced: Error, Equatable { var message: String }

  @Test("The values before the error come through; the error is the transform's")
  func replacesTheError() async throws {
    let chunks = AsyncStream<[UInt8]> { continuation in
      continuation.yield(Array("{\"n\": 1}\n{\"n\": 2,}\n".utf8))
      continuation.finish()
    }
    let values = chunks.jsonValues().mappingErrors { error in
      Replaced(message: (error as? JSONError)?.description ?? "other")
    }
    var seen: [JSON] = []
    do {
      for try await value in values { seen.append(value) }
      Issue.record("expected an error")
    } catch let error as Replaced {
      #expect(error.message.hasPrefix("Syntax error (object keys must be strings, found '}')"))
    }
    #expect(seen == [["n": 1]])
  }

  @Test("A sequence without errors is unchanged")
  func noErrors() async throws {
    let chunks = AsyncStream<[UInt8]> { continuation in
      continuation.yield(Array("1 2 3".utf8))
      continuation.finish()
    }
    var seen: [JSON] = []
    for try await value in chunks.jsonValues().mappingErrors({ $0 }) { seen.append(value) }
    #expect(seen == [1, 2, 3])
  }
}
