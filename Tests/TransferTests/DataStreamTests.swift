import Foundation
import LoopbackTestServer
import TestProcesses
import Testing
import Threading
import Transfer

@Suite("Streamed response bodies")
struct DataStreamTests {
  static let text = "first\r\nsecond\n\nfourth has no end"
  static let big = patternedBytes(2_000_000, seed: 17)

  static func handler(_ request: ServerRequest) -> ServerResponse {
    switch request.path {
    case "/lines":
      var response = ServerResponse.text(text)
      response.framing = .chunked(chunkSize: 3)  // line ends split across chunks
      return response
    case "/big":
      return .bytes(big, contentType: "application/octet-stream")
    case "/error": return .json(#"{"error": "nope"}"#, status: 503)
    case "/endless":
      var response = ServerResponse.bytes(
        Array(repeating: UInt8(ascii: "x"), count: 10_000_000), contentType: "text/plain")
      // 10,000 chunks 200 ms apart: over half an hour, so only the cancel ends it however
      // long the test's task waits for a thread.
      response.framing = .chunked(chunkSize: 1000)
      response.delayBetweenChunks = .milliseconds(200)
      return response
    default: return .empty(status: 404)
    }
  }

  @Test("Lines end at LF or CRLF and the last needs no end")
  func linesEndAtLFOrCRLFAndTheLastNeedsNoEnd() async throws {
    try await withServer(Self.handler) { server in
      var lines: [String] = []
      for try await line in testSession().streamRequest(server.url("/lines")).lines() {
        lines.append(line)
      }
      #expect(lines == ["first", "second", "", "fourth has no end"])
    }
  }

  @Test("Bytes arrive whole and in order")
  func bytesArriveWholeAndInOrder() async throws {
    try await withServer(Self.handler) { server in
      var received: [UInt8] = []
      for try await chunk in testSession().streamRequest(server.url("/big")).bytes() {
        received += chunk
      }
      #expect(received.count == Self.big.count)
      #expect(fnv1a(received) == fnv1a(Self.big))
    }
  }

  @Test("An error status delivers no bytes and throws with the body")
  func anErrorStatusDeliversNoBytesAndThrowsWithTheBody() async throws {
    try await withServer(Self.handler) { server in
      var chunks = 0
      do {
        for try await _ in testSession().streamRequest(server.url("/error")).bytes() { chunks += 1 }
        Issue.record("the stream did not throw")
      } catch let error as TransferError {
        #expect(error.responseCode == 503)
        guard case .responseValidationFailed(.unacceptableStatusCode(_, let body)) = error else {
          Issue.record("unexpected \(error)")
          return
        }
        #expect(body == Data(#"{"error": "nope"}"#.utf8))
      }
      #expect(chunks == 0)
    }
  }

  @Test("The closure form gets every chunk then the end")
  func theClosureFormGetsEveryChunkThenTheEnd() async throws {
    try await withServer(Self.handler) { server in
      let received = Locked<[UInt8]>([])
      let complete = await withCheckedContinuation {
        (done: CheckedContinuation<TransferResponse<Void>, Never>) in
        testSession().streamRequest(server.url("/big")).responseStream { event in
          switch event {
          case .stream(let chunk): received.withLock { $0 += chunk }
          case .complete(let response): done.resume(returning: response)
          }
        }
      }
      #expect(complete.error == nil)
      #expect(complete.response?.statusCode == 200)
      #expect(fnv1a(received.withLock { $0 }) == fnv1a(Self.big))
    }
  }

  @Test("Cancelling the consuming task cancels the transfer")
  func cancellingTheConsumingTaskCancelsTheTransfer() async throws {
    try await withServer(Self.handler) { server in
      // The /endless body takes over half an hour; with a 20 s timeout, a consumer task that a
      // loaded run keeps from starting for 20 s saw the request time out with 973 KB of its
      // 1 MiB buffer filled (seen in a full run under load), so the cancel had nothing to do.
      let request = testSession(timeout: heldRequestTimeout).streamRequest(
        server.url("/endless"))
      let consumer = Task {
        var count = 0
        for try await chunk in request.bytes() { count += chunk.count }
        return count
      }
      // Wait for the body to flow, then cancel. Every wait is bounded: a stuck step fails
      // this test with its name rather than hanging the run (seen once in a full run).
      let flowing = try await within(livenessLimit, "the body starting to flow") {
        while request.dataRequest.state == .initialized
          || (request.peakBufferedBytes == 0 && !request.dataRequest.isFinished)
        {
          try await Task.sleep(for: .milliseconds(5))
        }
        return request.dataRequest.state
      }
      // A request that ended before its first byte says why (once seen as a hang here).
      #expect(flowing == .resumed, "ended early: \(String(describing: request.dataRequest.error))")
      consumer.cancel()
      let result = try await within(livenessLimit, "the consumer ending after its cancel") {
        await consumer.result
      }
      #expect(throws: TransferError.self) { try result?.get() }
      _ = try await within(livenessLimit, "the request's response after the cancel") {
        await request.dataRequest.serializingResponse().response
      }
      #expect(request.dataRequest.isCancelled)
      request.cancel()
    }
  }
}
