/// One event of a Server-Sent Events stream (`text/event-stream`, WHATWG HTML §9.2).
///
/// ```swift
/// for try await event in session.streamEvents("https://api.example.com/updates") {
///   switch event.event {
///   case "price": print(event.data)
///   default: break
///   }
/// }
/// ```
public struct ServerSentEvent: Sendable, Hashable, CustomStringConvertible {
  /// The last event ID when the event was dispatched (EventSource's `lastEventId`): the value
  /// of the last `id:` field of the stream so far, nil while there has been none (or it
  /// was set empty).
  ///
  /// It is what a reconnection sends as `Last-Event-ID`.
  public var id: String?
  /// The event type: the `event:` field, `"message"` when the event had none.
  public var event: String
  /// The `data:` fields of the event joined with "\n".
  public var data: String
  /// The reconnection time in milliseconds that a `retry:` field of this event set, if any.
  public var retry: Int?

  /// An event.
  ///
  /// ```swift
  /// let event = ServerSentEvent(id: "42", event: "price", data: "101.5")
  /// ```
  public init(id: String? = nil, event: String = "message", data: String, retry: Int? = nil) {
    self.id = id
    self.event = event
    self.data = data
    self.retry = retry
  }

  /// The event as it could be written on the wire (`id:`, `event:`, `data:` lines).
  public var description: String {
    var lines: [String] = []
    if let id { lines.append("id: \(id)") }
    if event != "message" { lines.append("event: \(event)") }
    if let retry { lines.append("retry: \(retry)") }
    lines += data.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)" }
    return lines.joined(separator: "\n")
  }
}
