import Foundation
import LoopbackTestServer
import TestProcesses
import Testing
import Transfer

/// A slow consumer must hold the transfer back, not make the process buffer the body.
@Suite("Backpressure from a slow consumer")
struct BackpressureTests {
  static let size = 32 << 20
  /// A 65,537-byte block repeated: out of step with curl's 16 KiB chunks, so a lost or
  /// reordered chunk shows.
  static let body: [UInt8] = {
    let block = patternedBytes(65_537, seed: 23)
    var body: [UInt8] = []
    body.reserveCapacity(size + block.count)
    while body.count < size { body += block }
    return Array(body[0..<size])
  }()
  static let bodyData = Data(body)

  static let lines = 100_000
  static let ndjson = Array(
    (0..<lines).map { #"{"n": \#($0), "text": "line \#($0)"}"# }.joined(separator: "\n").utf8)

  static func handler(_ request: ServerRequest) -> ServerResponse {
    switch request.path {
    case "/ndjson": .bytes(ndjson, contentType: "application/x-ndjson")
    default: .bytes(body, contentType: "application/octet-stream")
    }
  }

  @Test("A slow consumer keeps the queued bytes bounded")
  func aSlowConsumerKeepsTheQueuedBytesBounded() async throws {
    try await withServer(Self.handler) { server in
      let bufferSize = 256 * 1024
      let request = testSession(timeout: .seconds(120))
        .streamRequest(server.url("/stream"), bufferSize: bufferSize)
      var received = 0
      var intact = true
      var chunks = 0
      var iterator = request.bytes().makeAsyncIterator()
      var next = try await iterator.next()
      // The consumer falls behind for sure: it takes nothing more until the queue has
      // reached its limit (waited for, whatever the machine's load), which pauses the
      // transfer; without backpressure the queue would grow to most of the 32 MB body.
      let filled = await waitUntil {
        request.peakBufferedBytes >= bufferSize || request.dataRequest.isFinished
      }
      #expect(filled && request.peakBufferedBytes >= bufferSize, "the queue never filled")
      while let chunk = next {
        intact = intact && chunk == Self.bodyData[received..<received + chunk.count]
        received += chunk.count
        chunks += 1
        // Slower than loopback delivers, so the queue fills again and again.
        if chunks % 8 == 0 { try await Task.sleep(for: .milliseconds(2)) }
        next = try await iterator.next()
      }
      #expect(received == Self.size)
      #expect(intact)
      // At most the limit plus one of curl's write chunks (CURL_MAX_WRITE_SIZE, 16 KiB; 64 KiB
      // leaves room for a libcurl built with a larger one).
      #expect(request.peakBufferedBytes <= bufferSize + 64 * 1024)
    }
  }

  @Test("A slow JSON consumer keeps the queued values bounded")
  func aSlowJSONConsumerKeepsTheQueuedValuesBounded() async throws {
    try await withServer(Self.handler) { server in
      let request = testSession(timeout: .seconds(120))
        .streamJSON(server.url("/ndjson"), bufferedValues: 256)
      var expected = 0
      var inOrder = true
      var iterator = request.values().makeAsyncIterator()
      var next = try await iterator.next()
      // Nothing more taken until the queue has reached its limit (the consumer surely behind).
      let filled = await waitUntil {
        request.peakQueuedValues >= 256 || request.dataRequest.isFinished
      }
      #expect(filled && request.peakQueuedValues >= 256, "the queue never filled")
      while let value = next {
        inOrder = inOrder && value["n"].intValue == expected
        expected += 1
        if expected % 64 == 0 { try await Task.sleep(for: .milliseconds(1)) }
        next = try await iterator.next()
      }
      #expect(expected == Self.lines)
      #expect(inOrder)
      // The limit plus the values of one 16 KiB chunk (lines of 30 bytes and more).
      #expect(request.peakQueuedValues <= 256 + 16_384 / 30)
    }
  }

  /// The session's timeout is for a server that stalls, not for a consumer that falls behind:
  /// a transfer held paused by backpressure for longer than the timeout still ends well.
  /// (Before, curl counted the paused time and failed with code 28; a busy machine that
  /// starved the consumer made the stream tests fail that way.)
  @Test("Time spent paused for the consumer does not count toward the timeout")
  func timeSpentPausedForTheConsumerDoesNotCountTowardTheTimeout() async throws {
    try await withServer(Self.handler) { server in
      let bufferSize = 64 * 1024
      // Ten seconds, for the transfer's active time alone: far more than moving 256 KiB takes,
      // even on a machine so loaded that each pause and resume waits for a thread.
      let request = testSession(timeout: .seconds(10))
        .streamRequest(server.url("/stream"), bufferSize: bufferSize)
      var chunks = request.bytes().makeAsyncIterator()
      var received = try await chunks.next()?.count ?? 0
      // The queue fills (waited for): the transfer is paused from then on ...
      let filled = await waitUntil {
        request.peakBufferedBytes >= bufferSize || request.dataRequest.isFinished
      }
      #expect(filled && request.peakBufferedBytes >= bufferSize, "the queue never filled")
      // ... for longer than the timeout.
      try await Task.sleep(for: .seconds(11))
      // Past what was queued during the sleep: the transfer went on after its pause.
      while received < 4 * bufferSize, let chunk = try await chunks.next() {
        received += chunk.count
      }
      #expect(received >= 4 * bufferSize)
    }
  }

  @Test("Leaving the loop cancels a paused transfer")
  func leavingTheLoopCancelsAPausedTransfer() async throws {
    try await withServer(Self.handler) { server in
      let request = testSession().streamRequest(server.url("/stream"), bufferSize: 64 * 1024)
      for try await _ in request.bytes() { break }
      let response = await request.dataRequest.serializingResponse().response
      #expect(response.error?.isExplicitlyCancelledError == true)
    }
  }
}
