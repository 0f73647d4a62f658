import Foundation
import LoopbackTestServer
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
      for try await chunk in request.bytes() {
        intact = intact && chunk == Self.bodyData[received..<received + chunk.count]
        received += chunk.count
        chunks += 1
        // Far slower than loopback delivers: without backpressure the queue would grow to
        // most of the 32 MB body.
        if chunks % 8 == 0 { try await Task.sleep(for: .milliseconds(2)) }
      }
      #expect(received == Self.size)
      #expect(intact)
      // At most the limit plus one of curl's write chunks (CURL_MAX_WRITE_SIZE, 16 KiB; 64 KiB
      // leaves room for a libcurl built with a larger one).
      #expect(request.peakBufferedBytes <= bufferSize + 64 * 1024)
      #expect(request.peakBufferedBytes >= bufferSize)  // the consumer did fall behind
    }
  }

  @Test("A slow JSON consumer keeps the queued values bounded")
  func aSlowJSONConsumerKeepsTheQueuedValuesBounded() async throws {
    try await withServer(Self.handler) { server in
      let request = testSession(timeout: .seconds(120))
        .streamJSON(server.url("/ndjson"), bufferedValues: 256)
      var expected = 0
      var inOrder = true
      for try await value in request.values() {
        inOrder = inOrder && value["n"].intValue == expected
        expected += 1
        if expected % 64 == 0 { try await Task.sleep(for: .milliseconds(1)) }
      }
      #expect(expected == Self.lines)
      #expect(inOrder)
      // The limit plus the values of one 16 KiB chunk (lines of 30 bytes and more).
      #expect(request.peakQueuedValues <= 256 + 16_384 / 30)
      #expect(request.peakQueuedValues >= 256)
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
      let request = testSession(timeout: .seconds(2))
        .streamRequest(server.url("/stream"), bufferSize: bufferSize)
      var chunks = request.bytes().makeAsyncIterator()
      var received = try await chunks.next()?.count ?? 0
      // Longer than the timeout, and the queue fills meanwhile: the transfer waits paused.
      try await Task.sleep(for: .seconds(3))
      #expect(request.peakBufferedBytes >= bufferSize)
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
