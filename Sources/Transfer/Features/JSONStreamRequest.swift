import Dispatch
import Foundation
import JSONKit
import Logging
import Threading

/// What a JSON stream delivers: each top-level value as it arrives, then the end.
public enum JSONStreamEvent: Sendable {
  /// One complete top-level value.
  case value(JSON)
  /// The stream ended; the result holds how many values arrived, or why it failed.
  case complete(TransferResponse<Int>)
}

/// A request whose body is NDJSON or concatenated JSON, delivered value by value while it
/// downloads.
///
/// The body is never held whole: memory is bounded by the largest value.
///
/// ```swift
/// for try await event in session.streamJSON("https://api.example.com/events").values() {
///   print(event["type"].stringValue)
/// }
/// ```
///
/// A status outside 200..<300 delivers no values: the body is kept and the stream ends with
/// `.responseValidationFailed(reason: .unacceptableStatusCode)`. A value that does not parse
/// ends it with `.responseSerializationFailed(reason: .jsonSerializationFailed)`, whose
/// location counts from the start of the whole stream.
///
/// Backpressure: while `bufferedValues` values wait for the consumer, the transfer pauses
/// (curl's `CURL_WRITEFUNC_PAUSE`) and goes on when the consumer has taken half of them, so
/// a slow consumer holds the server back instead of the process buffering the stream (at
/// most `bufferedValues` plus the values of one chunk from curl wait). One consumer per
/// request: `values()` or `responseStream(queue:stream:)`.
public final class JSONStreamRequest: Sendable {
  /// The underlying request: `cancel()`, `cURLDescription()`, `response` after the end.
  public let dataRequest: DataRequest
  private let sink: JSONStreamSink

  init(
    session: Session, make: @escaping @Sendable () throws(TransferError) -> HTTPRequest,
    interceptor: (any RequestInterceptor)?, bufferedValues: Int = 256, logger: Logger? = nil
  ) {
    let sink = JSONStreamSink(limit: bufferedValues)
    self.sink = sink
    dataRequest = DataRequest(
      session: session, make: make, interceptor: interceptor, logger: logger
    ) {
      sink.bodyHandling()
    }
  }

  /// The most values that waited for the consumer at once (the backpressure tests read it).
  package var peakQueuedValues: Int { sink.queue.peak }

  /// Delivers each value and then `.complete` to `stream`, in order, on `queue` (a private
  /// serial queue by default).
  ///
  /// The next value is handed over after `stream` has returned, so
  /// a slow closure holds the transfer as a slow `for await` loop does.
  @discardableResult
  public func responseStream(
    queue: DispatchQueue? = nil, stream: @escaping @Sendable (JSONStreamEvent) -> Void
  ) -> Self {
    let target = queue ?? dataRequest.serializationQueue
    let sink = sink
    values().forEach(on: target) {
      stream(.value($0))
    } end: { _ in
      // The completion carries the error.
      guard let complete = sink.completion else { return }
      target.async { stream(.complete(complete)) }
    }
    return self
  }

  /// The values as an async sequence; it throws the `TransferError` that ended the stream.
  ///
  /// Cancelling the consuming task, or leaving the loop, cancels the transfer.
  public func values() -> StreamedElements<JSON> {
    dataRequest.response { [sink] response in sink.complete(response) }
    let request = dataRequest
    return StreamedElements(queue: sink.queue) { request.cancel() }
  }

  /// Cancels the transfer.
  public func cancel() { dataRequest.cancel() }
}

/// The parser of one stream request and the queue of values it has parsed.
final class JSONStreamSink: Sendable {
  private struct State {
    var attempt: ParserBox?
    var completion: TransferResponse<Int>?
  }

  /// One attempt's parser.
  ///
  /// `@unchecked Sendable` because it is used by one thread at a
  /// time: the engine thread while the transfer runs, then the completion after the
  /// transfer has ended (the dispatch from the engine thread to the completion orders the
  /// two). `JSONStreamParser` itself has no locks.
  private final class ParserBox: @unchecked Sendable {
    // Safe: one thread at a time: the engine thread, then the completion after the transfer ended
    // (above).
    var parser: JSONStreamParser? = JSONStreamParser()
    var parseError: JSONError?
    var count = 0
  }

  let queue: StreamQueue<JSON>
  private let state = Locked<State>(State())

  init(limit: Int) { queue = StreamQueue(limit: limit) }

  /// How the stream ended, once it has.
  var completion: TransferResponse<Int>? { state.withLock { $0.completion } }

  /// The body handling of one attempt: a fresh parser, values queued as they complete.
  func bodyHandling() -> CurlTransfer.BodyHandling {
    let box = ParserBox()
    state.withLock { $0.attempt = box }
    var handling = CurlTransfer.BodyHandling(buffer: true, parseJSON: false) {
      [self] chunk, status in
      guard (200..<300).contains(status) else { return .buffer }
      if let refusal = queue.admit() { return refusal }
      return feed(chunk, into: box)
    }
    handling.waker = queue.waker
    return handling
  }

  private func feed(_ chunk: UnsafeRawBufferPointer, into box: ParserBox)
    -> CurlTransfer.ChunkDecision
  {
    guard let parser = box.parser else { return .abort }
    do throws(JSONError) {
      let values = try parser.feed(chunk)
      box.count += values.count
      for value in values { queue.push(value, cost: 1) }
      return .consumed
    } catch {
      box.parseError = error
      box.parser = nil
      return .abort
    }
  }

  /// The end: queues the values a final `finish()` completes, turns the request's outcome
  /// into the stream's result and ends the queue with it.
  func complete(_ response: TransferResponse<Data?>) {
    let box = state.withLock { $0.attempt }
    let result: Result<Int, TransferError>
    if let parseError = box?.parseError {
      result = .failure(
        .responseSerializationFailed(reason: .jsonSerializationFailed(error: parseError)))
    } else if case .failure(let error) = response.result {
      result = .failure(error)
    } else if let status = response.response?.statusCode, !(200..<300).contains(status) {
      result = .failure(
        .responseValidationFailed(
          reason: .unacceptableStatusCode(code: status, body: response.data ?? nil)))
    } else if let box, let parser = box.parser {
      do throws(JSONError) {
        let values = try parser.finish()
        box.count += values.count
        for value in values { queue.push(value, cost: 1) }
        result = .success(box.count)
      } catch {
        result = .failure(
          .responseSerializationFailed(reason: .jsonSerializationFailed(error: error)))
      }
    } else {
      result = .success(box?.count ?? 0)
    }
    let completion = TransferResponse(
      request: response.request, response: response.response, data: response.data ?? nil,
      metrics: response.metrics,
      serializationDuration: .zero, result: result)
    state.withLock { $0.completion = completion }
    queue.finish(result.map { _ in () })
  }
}

extension Session {
  /// Starts a request whose NDJSON or concatenated-JSON body is delivered value by value.
  ///
  /// ```swift
  /// session.streamJSON(url).responseStream { event in
  ///   switch event {
  ///   case .value(let json): print(json["id"].intValue)
  ///   case .complete(let response): print("\(response.value ?? 0) values")
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - url: where the request goes.
  ///   - method: the method (`GET` by default).
  ///   - parameters: encoded into the query or the body by `encoding`.
  ///   - encoding: how `parameters` are encoded.
  ///   - headers: header fields of the request.
  ///   - interceptor: adapts and retries the request, after the session's.
  ///   - bufferedValues: values that may wait for the consumer before the transfer pauses.
  ///   - logger: where this request logs, instead of the session's ``Session/logger``.
  /// - Returns: the request, whose values are read with `values()` or `responseStream`.
  public func streamJSON(
    _ url: any URLConvertible, method: HTTPMethod = .get, parameters: Parameters? = nil,
    encoding: any ParameterEncoding = URLEncoding.default, headers: HTTPHeaders? = nil,
    interceptor: (any RequestInterceptor)? = nil, bufferedValues: Int = 256, logger: Logger? = nil
  ) -> JSONStreamRequest {
    JSONStreamRequest(
      session: self,
      make: Self.builder(
        url, method: method, parameters: parameters, encoding: encoding, headers: headers),
      interceptor: interceptor, bufferedValues: bufferedValues, logger: logger)
  }
}
