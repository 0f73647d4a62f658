import Foundation
import LoopbackTestServer
import Testing
import Threading

@testable import Transfer

@Suite("Server-Sent Events parser")
struct ServerSentEventParserTests {
  /// Parses `text` fed whole and fed one byte at a time; both must agree.
  static func events(_ text: String, bytes: [UInt8]? = nil) -> [ServerSentEvent] {
    let input = bytes ?? Array(text.utf8)
    var whole = ServerSentEventParser()
    whole.append(Data(input))
    var all: [ServerSentEvent] = []
    while let event = whole.nextEvent() { all.append(event) }
    var split = ServerSentEventParser()
    var byByte: [ServerSentEvent] = []
    for byte in input {
      split.append(Data([byte]))
      while let event = split.nextEvent() { byByte.append(event) }
    }
    #expect(all == byByte)
    return all
  }

  @Test("Data lines are joined and the type defaults to message")
  func dataLinesAreJoinedAndTheTypeDefaultsToMessage() {
    let events = Self.events(
      """
      : a comment, ignored
      data: first line
      data: second line

      event: price
      data:101.5
      id: 7

      data
      \n
      """)
    #expect(
      events == [
        ServerSentEvent(data: "first line\nsecond line"),
        ServerSentEvent(id: "7", event: "price", data: "101.5"),
        ServerSentEvent(id: "7", data: ""),
      ])
  }

  @Test("Lines end at CRLF, at LF and at a lone CR")
  func linesEndAtCRLFAtLFAndAtALoneCR() {
    let events = Self.events("data: a\r\ndata: b\rdata: c\n\rdata: d\r\r\ndata: e\n\n")
    #expect(events.map(\.data) == ["a\nb\nc", "d", "e"])
  }

  @Test("A byte order mark is skipped only at the start")
  func aByteOrderMarkIsSkippedOnlyAtTheStart() {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    let events = Self.events(
      "", bytes: bom + Array("data: x\n\n".utf8) + bom + Array("data: y\n\n".utf8))
    #expect(events.map(\.data) == ["x"])  // the second BOM makes "\u{FEFF}data" an unknown field
    let withoutBOM = Self.events("", bytes: Array("data: x\n\n".utf8))
    #expect(withoutBOM.map(\.data) == ["x"])
  }

  @Test("Only one space after the colon is dropped")
  func onlyOneSpaceAfterTheColonIsDropped() {
    #expect(Self.events("data:  two spaces\n\n").map(\.data) == [" two spaces"])
    #expect(Self.events("data:no space\n\n").map(\.data) == ["no space"])
  }

  @Test("IDs with NUL and retries that are not digits are ignored")
  func idsWithNULAndRetriesThatAreNotDigitsAreIgnored() {
    var parser = ServerSentEventParser()
    parser.append(
      Data("id: 1\ndata: a\n\nid: 2\u{0}x\nretry: 1.5\ndata: b\n\nretry: 250\ndata: c\n\n".utf8))
    var events: [ServerSentEvent] = []
    while let event = parser.nextEvent() { events.append(event) }
    #expect(events.map(\.id) == ["1", "1", "1"])
    #expect(events.map(\.retry) == [nil, nil, 250])
    #expect(parser.reconnectionTime == 250)
  }

  @Test("An event without data is not dispatched but its ID counts")
  func anEventWithoutDataIsNotDispatchedButItsIDCounts() {
    var parser = ServerSentEventParser()
    parser.append(Data("id: 9\n\nunknown: field\n\n".utf8))
    #expect(parser.nextEvent() == nil)
    #expect(parser.lastEventID == "9")
  }

  @Test("An event cut off by the end of the stream is discarded")
  func anEventCutOffByTheEndOfTheStreamIsDiscarded() {
    var parser = ServerSentEventParser()
    parser.append(Data("data: complete\n\ndata: cut off\n".utf8))
    #expect(parser.nextEvent()?.data == "complete")
    #expect(parser.nextEvent() == nil)
    parser.startConnection()
    parser.append(Data("data: next\n\n".utf8))
    #expect(parser.nextEvent()?.data == "next")
  }

  @Test("An empty ID resets the last event ID")
  func anEmptyIDResetsTheLastEventID() {
    let events = Self.events("id: 3\ndata: a\n\nid\ndata: b\n\n")
    #expect(events.map(\.id) == ["3", nil])
  }
}

@Suite("Server-Sent Events streams")
struct ServerSentEventsTests {
  /// An event source: each connection continues after the `Last-Event-ID` it is sent.
  final class EventSource: Sendable {
    let lastEventIDs = Locked<[String?]>([])
    let accepts = Locked<[String?]>([])
    let methods = Locked<[String]>([])

    func handle(_ request: ServerRequest) -> ServerResponse {
      let connection = lastEventIDs.withLock { ids -> Int in
        ids.append(request.header("Last-Event-ID"))
        return ids.count
      }
      accepts.withLock { $0.append(request.header("Accept")) }
      methods.withLock { $0.append(request.method) }
      switch (request.path, connection) {
      case ("/events", 1):
        return Self.events(
          "retry: 5\n\nid: 1\ndata: one\n\nid: 2\nevent: tick\ndata: two\n\nid: 3\ndata: three\n\n")
      case ("/events", 2):
        // Dropped mid-event: "four" never completes and must not be delivered.
        var response = Self.events("id: 4\ndata: four\n\nid: 5\ndata: fi")
        response.body += Array(repeating: 0x20, count: 100)
        response.fault = .closeMidBody(afterBytes: 31)
        return response
      case ("/events", 3):
        return Self.events("data: five\r\ndata: again\r\n\r\n")
      case ("/events", _): return .empty(status: 204)
      case ("/json", _): return .json("{}")
      case ("/broken", _): return .text("down", status: 500)
      case ("/endless", _):
        // Over an hour of events: only the consumer's cancel ends the stream (an end would
        // reconnect), however long the consumer's task waits for a thread.
        var response = Self.events(String(repeating: "data: tick\n\n", count: 100_000))
        response.framing = .chunked(chunkSize: 12)
        response.delayBetweenChunks = .milliseconds(50)
        return response
      default:
        return Self.events(
          "data: \(request.method) \(String(decoding: request.body, as: UTF8.self))\n\n")
      }
    }

    static func events(_ text: String) -> ServerResponse {
      var response = ServerResponse.text(text, contentType: "text/event-stream; charset=utf-8")
      response.framing = .chunked(chunkSize: 5)
      return response
    }
  }

  @Test("Reconnects with the last event ID until a 204")
  func reconnectsWithTheLastEventIDUntilA204() async throws {
    let source = EventSource()
    try await withServer(source.handle) { server in
      var events: [ServerSentEvent] = []
      for try await event in testSession().streamEvents(server.url("/events")) {
        events.append(event)
      }
      #expect(
        events == [
          ServerSentEvent(id: "1", data: "one"),
          ServerSentEvent(id: "2", event: "tick", data: "two"),
          ServerSentEvent(id: "3", data: "three"),
          ServerSentEvent(id: "4", data: "four"),
          ServerSentEvent(id: "4", data: "five\nagain"),
        ])
      // The first connection sends none; the second the last ID of the first; the third and
      // fourth the last ID that was dispatched ("5" came in an event that was cut off).
      #expect(source.lastEventIDs.withLock { $0 } == [nil, "3", "4", "4"])
      #expect(source.accepts.withLock { $0 }.allSatisfy { $0 == "text/event-stream" })
    }
  }

  @Test("Another content type fails without reconnecting")
  func anotherContentTypeFailsWithoutReconnecting() async throws {
    let source = EventSource()
    try await withServer(source.handle) { server in
      await #expect(throws: TransferError.self) {
        for try await _ in testSession().streamEvents(server.url("/json")) {}
      }
      #expect(source.lastEventIDs.withLock { $0.count } == 1)
    }
  }

  @Test("An error status fails without reconnecting")
  func anErrorStatusFailsWithoutReconnecting() async throws {
    let source = EventSource()
    try await withServer(source.handle) { server in
      do {
        for try await _ in testSession().streamEvents(server.url("/broken")) {}
        Issue.record("no error")
      } catch let error as TransferError {
        #expect(error.responseCode == 500)
      }
      #expect(source.lastEventIDs.withLock { $0.count } == 1)
    }
  }

  @Test("Without reconnection a POST gets one stream")
  func withoutReconnectionAPostGetsOneStream() async throws {
    let source = EventSource()
    try await withServer(source.handle) { server in
      var events: [String] = []
      let stream = testSession().streamEvents(
        server.url("/completions"), method: .post, parameters: ["prompt": "hi"],
        encoding: JSONEncoding.default, reconnects: false)
      for try await event in stream { events.append(event.data) }
      #expect(events == [#"POST {"prompt":"hi"}"#])
      #expect(source.methods.withLock { $0 } == ["POST"])
    }
  }

  @Test("Cancelling the consumer ends the stream")
  func cancellingTheConsumerEndsTheStream() async throws {
    let source = EventSource()
    try await withServer(source.handle) { server in
      // Only the cancel may end it: a timeout would reconnect and count a second connection.
      let session = testSession(timeout: heldRequestTimeout)
      let consumer = Task {
        var count = 0
        for try await _ in session.streamEvents(server.url("/endless")) {
          count += 1
          if count == 3 { withUnsafeCurrentTask { $0?.cancel() } }
        }
        return count
      }
      let count = try await consumer.value
      #expect(count >= 3)
      #expect(source.lastEventIDs.withLock { $0.count } == 1)
    }
  }
}
