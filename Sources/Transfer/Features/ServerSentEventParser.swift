import Foundation

/// The `text/event-stream` interpretation of WHATWG HTML §9.2.6, fed bytes as they arrive.
///
/// Lines end at CR LF, LF or a lone CR; a UTF-8 byte order mark at the start of a stream is
/// skipped; `:` lines are comments; a line without a colon is a field with an empty value;
/// one space after the colon is dropped; unknown fields are ignored; a blank line dispatches
/// the event, unless its data is empty; an event not ended by a blank line when the stream
/// ends is discarded.
struct ServerSentEventParser {
  private var splitter = LineSplitter(crIsLineEnd: true)
  /// The first bytes of a connection, held until it is known whether they are a BOM.
  private var head: [UInt8] = []
  private var headChecked = false
  private var data = ""
  private var hasData = false
  private var eventType = ""
  private var idBuffer = ""
  private var blockRetry: Int?
  /// The last event ID: what a reconnection sends as `Last-Event-ID`.
  private(set) var lastEventID = ""
  /// The reconnection time in milliseconds the stream last asked for.
  private(set) var reconnectionTime: Int?

  /// A new connection: new bytes, and what was pending of the last one (an event without its
  /// blank line, a line without its end) discarded, as the spec says for the end of a
  /// stream; the IDs and the reconnection time stay.
  mutating func startConnection() {
    splitter = LineSplitter(crIsLineEnd: true)
    head = []
    headChecked = false
    // An ID read in an event that never completed does not count (as in browsers, whose
    // parser for a new connection starts from the last dispatched ID).
    idBuffer = lastEventID
    clearEvent()
  }

  mutating func append(_ chunk: Data) {
    guard !headChecked else { return splitter.append(chunk) }
    head += chunk
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    if head.count < 3 && bom.starts(with: head) { return }  // maybe a BOM: wait for more
    headChecked = true
    splitter.append(Data(head.starts(with: bom) ? head.dropFirst(3) : head[...]))
    head = []
  }

  /// The next complete event in the bytes so far.
  mutating func nextEvent() -> ServerSentEvent? {
    while let line = splitter.nextLine() {
      if let event = process(line) { return event }
    }
    return nil
  }

  private mutating func process(_ line: ArraySlice<UInt8>) -> ServerSentEvent? {
    if line.isEmpty { return dispatch() }
    if line.first == UInt8(ascii: ":") { return nil }
    let name: ArraySlice<UInt8>
    var value: ArraySlice<UInt8>
    if let colon = line.firstIndex(of: UInt8(ascii: ":")) {
      name = line[..<colon]
      value = line[(colon + 1)...]
      if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
    } else {
      name = line
      value = []
    }
    switch String(decoding: name, as: UTF8.self) {
    case "event": eventType = String(decoding: value, as: UTF8.self)
    case "data":
      if hasData { data += "\n" }
      data += String(decoding: value, as: UTF8.self)
      hasData = true
    case "id" where !value.contains(0): idBuffer = String(decoding: value, as: UTF8.self)
    case "retry"
    where !value.isEmpty && value.allSatisfy({ (0x30...0x39).contains($0) }):
      if let milliseconds = Int(String(decoding: value, as: UTF8.self)) {
        reconnectionTime = milliseconds
        blockRetry = milliseconds
      }
    default: break
    }
    return nil
  }

  private mutating func dispatch() -> ServerSentEvent? {
    lastEventID = idBuffer
    defer { clearEvent() }
    guard hasData else { return nil }
    return ServerSentEvent(
      id: lastEventID.isEmpty ? nil : lastEventID, event: eventType.isEmpty ? "message" : eventType,
      data: data, retry: blockRetry)
  }

  private mutating func clearEvent() {
    data = ""
    hasData = false
    eventType = ""
    blockRetry = nil
  }
}
