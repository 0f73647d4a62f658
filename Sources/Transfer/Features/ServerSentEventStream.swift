import Foundation
import Logging

/// The events of a Server-Sent Events resource as an async sequence, reconnecting as
/// EventSource does.
///
/// Made by `Session.streamEvents`.
///
/// ```swift
/// for try await event in session.streamEvents("https://api.example.com/updates") {
///   print(event.id ?? "-", event.event, event.data)
/// }
/// ```
///
/// Each connection sends `Accept: text/event-stream` and, once the stream has given an ID,
/// `Last-Event-ID`. When a connection ends or fails in transit, the sequence waits the
/// reconnection time (the stream's last `retry:` field, else `reconnectionDelay`) and
/// connects again. A connection that fails before any byte of the body arrives (refused,
/// dropped, timed out) is a failed attempt: after one the wait doubles with each further
/// failure (the reconnection time, then twice, four times…), up to
/// `maximumReconnectionDelay`, so a server that is down is not called in a tight loop; the
/// first byte of a body starts the count over. It ends (returns nil) on a 204 and when the consuming task is cancelled;
/// it throws, without reconnecting, on a status other than 200 or a `Content-Type` other than
/// `text/event-stream` (`.responseValidationFailed`). Backpressure as `DataStreamRequest`'s:
/// a slow consumer holds the connection.
public struct ServerSentEventStream: AsyncSequence, Sendable {
  /// An event.
  public typealias Element = ServerSentEvent

  let session: Session
  let make: @Sendable () throws(TransferError) -> HTTPRequest
  let interceptor: (any RequestInterceptor)?
  let reconnectionDelay: Duration
  let maximumReconnectionDelay: Duration
  let reconnects: Bool
  let bufferSize: Int
  let logger: Logger?

  /// Iterates the events, connecting on the first `next()`.
  public struct AsyncIterator: AsyncIteratorProtocol {
    let stream: ServerSentEventStream
    var parser = ServerSentEventParser()
    var request: DataStreamRequest?
    var chunks: StreamedElements<Data>.AsyncIterator?
    var checkedHead = false
    var connections = 0
    /// Connections in a row that ended before any byte of their body (see the backoff above).
    var failures = 0
    /// Whether the current connection has delivered body bytes.
    var received = false
    var done = false

    /// The next event; nil once the stream has ended for good; throws when the server
    /// answers with something other than an event stream.
    public mutating func next() async throws -> ServerSentEvent? {
      while !done {
        if let event = parser.nextEvent() { return event }
        if chunks == nil {
          guard connections == 0 || stream.reconnects else { break }
          if connections > 0 {
            let base = parser.reconnectionTime.map { Duration.milliseconds($0) }
            let delay = ServerSentEventStream.reconnectionDelay(
              base: base ?? stream.reconnectionDelay, failures: failures,
              maximum: stream.maximumReconnectionDelay)
            do { try await Task.sleep(for: delay) } catch { break }
          }
          if Task.isCancelled { break }
          connect()
        }
        do {
          guard let chunk = try await chunks?.next() else {
            // The response ended; a 204 ends the stream for good.
            if request?.dataRequest.response?.statusCode == 204 { break }
            try checkHead()
            connectionEnded()
            continue
          }
          if !checkedHead { try checkHead() }
          received = true
          failures = 0
          parser.append(chunk)
        } catch let error as TransferError {
          connectionEnded()
          if error.isExplicitlyCancelledError || Task.isCancelled { break }
          if case .sessionShutDown = error {
            done = true
            throw error
          }
          if case .responseValidationFailed = error {
            done = true
            throw error
          }
          // A transport failure: reconnect, as for a stream that ended.
        }
      }
      done = true
      request?.cancel()
      return nil
    }

    /// Counts a connection that ended without a body byte as a failed attempt.
    private mutating func connectionEnded() {
      chunks = nil
      if !received { failures += 1 }
    }

    private mutating func connect() {
      let lastEventID = parser.lastEventID
      let make = stream.make
      let request = stream.session.streamRequest(
        make: { () throws(TransferError) -> HTTPRequest in
          var request = try make()
          request.headers.update(name: "Accept", value: "text/event-stream")
          request.headers.update(name: "Cache-Control", value: "no-cache")
          if !lastEventID.isEmpty {
            request.headers.update(name: "Last-Event-ID", value: lastEventID)
          }
          return request
        }, interceptor: stream.interceptor, bufferSize: stream.bufferSize, logger: stream.logger)
      self.request = request
      chunks = request.bytes().makeAsyncIterator()
      parser.startConnection()
      checkedHead = false
      received = false
      connections += 1
    }

    /// The spec's checks on a response before its body is read: 200 and an event stream.
    private mutating func checkHead() throws(TransferError) {
      checkedHead = true
      guard let request else { return }
      // The head as the body began; for a response without a body, as it ended.
      var (status, headers) = request.head
      if status == 0, let response = request.dataRequest.response {
        (status, headers) = (response.statusCode, response.headers)
      }
      if status != 200 {
        done = true
        request.cancel()
        throw .responseValidationFailed(
          reason: .unacceptableStatusCode(code: status, body: nil))
      }
      let type = headers["Content-Type"]
      let mime = type?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces)
        .lowercased()
      if mime != "text/event-stream" {
        done = true
        request.cancel()
        if let type {
          throw .responseValidationFailed(
            reason: .unacceptableContentType(
              acceptableContentTypes: ["text/event-stream"], responseContentType: type))
        }
        throw .responseValidationFailed(
          reason: .missingContentType(acceptableContentTypes: ["text/event-stream"]))
      }
    }
  }

  /// The wait before a reconnection: `base` after a connection that delivered its body, then
  /// `base` doubled for each further failed attempt in a row, at most `maximum` (or `base`,
  /// when the server asks for more than `maximum`).
  static func reconnectionDelay(base: Duration, failures: Int, maximum: Duration) -> Duration {
    let ceiling = Swift.max(base, maximum)
    var delay = base
    for _ in 0..<Swift.max(0, failures - 1) {
      guard delay < ceiling else { break }
      delay *= 2
    }
    return Swift.min(delay, ceiling)
  }

  /// An iterator with its own connections.
  public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(stream: self) }
}

extension Session {
  /// The events of a Server-Sent Events resource, reconnecting with `Last-Event-ID` when the
  /// connection ends, as EventSource does (see `ServerSentEventStream`).
  ///
  /// ```swift
  /// for try await event in session.streamEvents("https://api.example.com/updates") {
  ///   print(event.data)
  /// }
  ///
  /// // A streaming API that answers one POST with one event stream: no reconnection.
  /// let stream = session.streamEvents(
  ///   "https://api.example.com/v1/completions", method: .post,
  ///   parameters: ["prompt": "Hello"], encoding: JSONEncoding.default, reconnects: false)
  /// for try await event in stream where event.data != "[DONE]" { print(event.data) }
  /// ```
  ///
  /// - Parameters:
  ///   - url: where the request goes.
  ///   - method: the method (`GET` by default).
  ///   - parameters: encoded into the query or the body by `encoding`.
  ///   - encoding: how `parameters` are encoded.
  ///   - headers: header fields of the request.
  ///   - interceptor: adapts and retries the request, after the session's.
  ///   - reconnectionDelay: the wait before reconnecting until the stream sets one with
  ///     `retry:` (3 seconds, as browsers use).
  ///   - maximumReconnectionDelay: the longest wait between failed attempts in a row, which
  ///     double from the reconnection time (60 seconds by default).
  ///   - reconnects: false ends the sequence when the first response ends.
  ///   - bufferSize: bytes that may wait for the consumer before the transfer pauses.
  ///   - logger: where this request logs, instead of the session's ``Session/logger``.
  /// - Returns: the events, an asynchronous sequence that reconnects as set above.
  public func streamEvents(
    _ url: any URLConvertible, method: HTTPMethod = .get, parameters: Parameters? = nil,
    encoding: any ParameterEncoding = URLEncoding.default, headers: HTTPHeaders? = nil,
    interceptor: (any RequestInterceptor)? = nil, reconnectionDelay: Duration = .seconds(3),
    maximumReconnectionDelay: Duration = .seconds(60), reconnects: Bool = true,
    bufferSize: Int = 1 << 20, logger: Logger? = nil
  ) -> ServerSentEventStream {
    ServerSentEventStream(
      session: self,
      make: Self.builder(
        url, method: method, parameters: parameters, encoding: encoding, headers: headers),
      interceptor: interceptor, reconnectionDelay: reconnectionDelay,
      maximumReconnectionDelay: maximumReconnectionDelay, reconnects: reconnects,
      bufferSize: bufferSize, logger: logger)
  }
}
