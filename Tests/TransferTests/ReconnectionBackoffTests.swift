import Foundation
import LoopbackTestServer
import Testing
import Threading

@testable import Transfer

/// Server-Sent Events reconnect after the `retry:` time, and back off when attempts fail in a
/// row: the wait doubles from that time with each failure, up to a maximum.
@Suite("Server-Sent Events reconnection backoff")
struct ReconnectionBackoffTests {
  /// Connection 1 sets `retry: 60` and sends an event; 2–5 are dropped before any response
  /// (failed attempts); 6 sends an event; 7 gets a 204, which ends the stream.
  final class FlakySource: Sendable {
    let arrivals = Locked<[ContinuousClock.Instant]>([])

    func handle(_ request: ServerRequest) -> ServerResponse {
      let connection = arrivals.withLock { arrivals -> Int in
        arrivals.append(.now)
        return arrivals.count
      }
      switch connection {
      case 1: return Self.events("retry: 60\nid: 1\ndata: one\n\n")
      case 2...5:
        var dropped = ServerResponse.empty(status: 200)
        dropped.fault = .closeWithoutResponse
        return dropped
      case 6: return Self.events("id: 2\ndata: two\n\n")
      default: return .empty(status: 204)
      }
    }

    /// Ends by closing the connection, so each attempt opens a new one: curl sends a request
    /// again by itself when a reused connection turns out closed, which would add arrivals.
    static func events(_ text: String) -> ServerResponse {
      var response = ServerResponse.text(text, contentType: "text/event-stream")
      response.framing = .closeDelimited
      return response
    }
  }

  @Test("Failed attempts in a row wait twice as long each time")
  func failedAttemptsInARowWaitTwiceAsLongEachTime() async throws {
    let source = FlakySource()
    try await withServer(source.handle) { server async throws in
      var events: [String] = []
      for try await event in testSession().streamEvents(server.url("/events")) {
        events.append(event.data)
      }
      #expect(events == ["one", "two"])
      let arrivals = source.arrivals.withLock { $0 }
      #expect(arrivals.count == 7)
      let gaps = zip(arrivals, arrivals.dropFirst()).map { $1 - $0 }
      // Lower bounds only (a busy machine makes waits longer, never shorter): after the
      // first stream's clean end the retry time; after 1, 2, 3 and 4 failures in a row
      // 60, 120, 240, 480 ms; after the sixth connection's event, the retry time again.
      let least: [Duration] = [60, 60, 120, 240, 480, 60].map { .milliseconds($0) }
      for (gap, minimum) in zip(gaps, least) {
        #expect(gap >= minimum, "gaps \(gaps)")
      }
    }
  }

  @Test("The wait doubles per failure up to the maximum")
  func theWaitDoublesPerFailureUpToTheMaximum() {
    let base = Duration.milliseconds(250)
    var previous = Duration.zero
    for failures in 0...12 {
      let delay = ServerSentEventStream.reconnectionDelay(
        base: base, failures: failures, maximum: .seconds(30))
      #expect(delay >= base)
      #expect(delay <= .seconds(30))
      if failures >= 2 && previous < .seconds(15) { #expect(delay == previous * 2) }
      if failures <= 1 { #expect(delay == base) }
      previous = delay
    }
    #expect(previous == .seconds(30))
    // A server's retry time above the maximum is kept, never shortened.
    let long = ServerSentEventStream.reconnectionDelay(
      base: .seconds(90), failures: 5, maximum: .seconds(30))
    #expect(long == .seconds(90))
  }
}
