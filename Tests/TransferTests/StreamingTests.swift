import Foundation
import JSONKit
import LoopbackTestServer
import TestProcesses
import Testing
import Threading
import Transfer

@Suite("Streamed JSON values")
struct StreamingTests {
  static let lines = (0..<500).map { #"{"n": \#($0), "text": "line \#($0)"}"# }

  static func handler(_ request: ServerRequest) -> ServerResponse {
    switch request.path {
    case "/ndjson":
      var response = ServerResponse.bytes(
        Array((lines.joined(separator: "\n") + "\n").utf8), contentType: "application/x-ndjson")
      response.framing = .chunked(chunkSize: 777)
      return response
    case "/concatenated":
      var response = ServerResponse.bytes(
        Array(#"{"a":1}{"a":2} [3] 4"#.utf8), contentType: "application/json")
      response.framing = .chunked(chunkSize: 3)
      return response
    case "/bad-line":
      return .bytes(
        Array("{\"n\": 1}\n{\"n\": 2}\n{\"n\": oops}\n{\"n\": 4}\n".utf8),
        contentType: "application/x-ndjson")
    case "/error": return .json(#"{"error": "nope"}"#, status: 500)
    case "/endless":
      // Hours of body at this pace: only cancellation ends it.
      let body = (0..<200_000).map { #"{"n": \#($0)}"# }.joined(separator: "\n")
      var response = ServerResponse.bytes(Array(body.utf8), contentType: "application/x-ndjson")
      response.framing = .chunked(chunkSize: 100)
      response.delayBetweenChunks = .milliseconds(50)
      return response
    default: return .empty(status: 404)
    }
  }

  @Test("NDJSON values arrive in order as an async sequence")
  func ndjsonValuesArriveInOrderAsAnAsyncSequence() async throws {
    try await withServer(Self.handler) { server in
      var seen: [Int] = []
      for try await value in testSession().streamJSON(server.url("/ndjson")).values() {
        seen.append(value["n"].intValue)
      }
      #expect(seen == Array(0..<500))
    }
  }

  @Test("Concatenated values through the completion handler")
  func concatenatedValuesThroughTheCompletionHandler() async throws {
    try await withServer(Self.handler) { server in
      let collected = Locked<[JSON]>([])
      let complete = await withCheckedContinuation {
        (done: CheckedContinuation<TransferResponse<Int>, Never>) in
        testSession().streamJSON(server.url("/concatenated")).responseStream { event in
          switch event {
          case .value(let json): collected.withLock { $0.append(json) }
          case .complete(let response): done.resume(returning: response)
          }
        }
      }
      #expect(complete.value == 4)
      #expect(collected.withLock { $0 } == [["a": 1], ["a": 2], [3], 4])
    }
  }

  @Test("A bad line ends the stream after the good ones with its place")
  func aBadLineEndsTheStreamAfterTheGoodOnesWithItsPlace() async throws {
    try await withServer(Self.handler) { server in
      var seen: [Int] = []
      do {
        for try await value in testSession().streamJSON(server.url("/bad-line")).values() {
          seen.append(value["n"].intValue)
        }
        Issue.record("expected an error")
      } catch let error as TransferError {
        guard case .responseSerializationFailed(reason: .jsonSerializationFailed(let json)) = error
        else {
          Issue.record("expected jsonSerializationFailed, got \(error)")
          return
        }
        #expect(json.location?.line == 3)
      }
      #expect(seen == [1, 2])
    }
  }

  @Test("An error status delivers no values")
  func anErrorStatusDeliversNoValues() async throws {
    try await withServer(Self.handler) { server in
      var seen = 0
      do {
        for try await _ in testSession().streamJSON(server.url("/error")).values() { seen += 1 }
        Issue.record("expected an error")
      } catch let error as TransferError {
        #expect(error.responseCode == 500)
      }
      #expect(seen == 0)
    }
  }

  @Test("Breaking out of the loop cancels the transfer")
  func breakingOutOfTheLoopCancelsTheTransfer() async throws {
    try await withServer(Self.handler) { server in
      let request = testSession(timeout: .seconds(600)).streamJSON(server.url("/endless"))
      var seen = 0
      for try await _ in request.values() {
        seen += 1
        if seen == 3 { break }
      }
      #expect(seen == 3)
      #expect(await waitUntil { request.dataRequest.isFinished }, "the transfer went on")
      #expect(request.dataRequest.state == .cancelled)
    }
  }
}
