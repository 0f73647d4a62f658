import Dispatch
import Foundation
import JSONKit
import Synchronization

/// What a JSON stream delivers: each top-level value as it arrives, then the end.
public enum JSONStreamEvent: Sendable {
  /// One complete top-level value.
  case value(JSON)
  /// The stream ended; the result holds how many values arrived, or why it failed.
  case complete(TransferResponse<Int>)
}

/// A request whose body is NDJSON or concatenated JSON, delivered value by value while it
/// downloads. The body is never held whole: memory is bounded by the largest value.
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
/// location counts from the start of the whole stream. Values arrive as fast as the server
/// sends them; a consumer that falls far behind buffers them.
public final class JSONStreamRequest: Sendable {
  /// The underlying request: `cancel()`, `cURLDescription()`, `response` after the end.
  public let dataRequest: DataRequest
  private let sink: JSONStreamSink

  init(
    session: Session, make: @escaping @Sendable () throws(TransferError) -> HTTPRequest,
    interceptor: (any RequestInterceptor)?
  ) {
    let sink = JSONStreamSink()
    self.sink = sink
    dataRequest = DataRequest(session: session, make: make, interceptor: interceptor) {
      sink.bodyHandling()
    }
  }

  /// Delivers each value and then `.complete` to `stream`, in order, on `queue` (a private
  /// serial queue by default). Only one consumer per request.
  @discardableResult
  public func responseStream(
    queue: DispatchQueue? = nil, stream: @escaping @Sendable (JSONStreamEvent) -> Void
  ) -> Self {
    let target = queue ?? dataRequest.serializationQueue
    sink.setConsumer { event in target.async { stream(event) } }
    dataRequest.response { [sink] response in
      let complete = sink.complete(response)
      target.async { stream(.complete(complete)) }
    }
    return self
  }

  /// The values as an async sequence; it throws the `TransferError` that ended the stream.
  /// Cancelling the consuming task cancels the transfer.
  public func values() -> AsyncThrowingStream<JSON, any Error> {
    let (values, continuation) = AsyncThrowingStream<JSON, any Error>.makeStream()
    let request = dataRequest
    continuation.onTermination = { termination in
      if case .cancelled = termination { request.cancel() }
    }
    sink.setConsumer { event in
      if case .value(let json) = event { continuation.yield(json) }
    }
    dataRequest.response { [sink] response in
      switch sink.complete(response).result {
      case .success: continuation.finish()
      case .failure(let error): continuation.finish(throwing: error)
      }
    }
    return values
  }

  /// Cancels the transfer.
  public func cancel() { dataRequest.cancel() }
}

/// The parser and the consumer of one stream request.
final class JSONStreamSink: Sendable {
  private struct State {
    var consumer: (@Sendable (JSONStreamEvent) -> Void)?
    var attempt: ParserBox?
  }

  /// One attempt's parser. `@unchecked Sendable` because it is used by one thread at a
  /// time: the engine thread while the transfer runs, then the completion after the
  /// transfer has ended (the dispatch from the engine thread to the completion orders the
  /// two). `JSONStreamParser` itself has no locks.
  private final class ParserBox: @unchecked Sendable {
    var parser: JSONStreamParser? = JSONStreamParser()
    var parseError: JSONError?
    var count = 0
  }

  private let state = Mutex<State>(State())

  func setConsumer(_ consumer: @escaping @Sendable (JSONStreamEvent) -> Void) {
    state.withLock { $0.consumer = consumer }
  }

  private var consumer: (@Sendable (JSONStreamEvent) -> Void)? { state.withLock { $0.consumer } }

  /// The body handling of one attempt: a fresh parser, values handed on as they complete.
  func bodyHandling() -> CurlTransfer.BodyHandling {
    let box = ParserBox()
    state.withLock { $0.attempt = box }
    return CurlTransfer.BodyHandling(buffer: true, parseJSON: false) { [self] chunk, status in
      guard (200..<300).contains(status) else { return .buffer }
      return feed(chunk, into: box)
    }
  }

  private func feed(_ chunk: UnsafeRawBufferPointer, into box: ParserBox)
    -> CurlTransfer.ChunkDecision
  {
    guard let parser = box.parser else { return .abort }
    do throws(JSONError) {
      let values = try parser.feed(chunk)
      box.count += values.count
      if !values.isEmpty, let consumer { for value in values { consumer(.value(value)) } }
      return .consumed
    } catch {
      box.parseError = error
      box.parser = nil
      return .abort
    }
  }

  /// The end: delivers the values a final `finish()` completes and turns the request's
  /// outcome into the stream's result.
  func complete(_ response: TransferResponse<Data?>) -> TransferResponse<Int> {
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
        if let consumer { for value in values { consumer(.value(value)) } }
        result = .success(box.count)
      } catch {
        result = .failure(
          .responseSerializationFailed(reason: .jsonSerializationFailed(error: error)))
      }
    } else {
      result = .success(box?.count ?? 0)
    }
    return TransferResponse(
      request: response.request, response: response.response, data: response.data ?? nil,
      metrics: response.metrics,
      serializationDuration: .zero, result: result)
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
  public func streamJSON(
    _ url: any URLConvertible, method: HTTPMethod = .get, parameters: Parameters? = nil,
    encoding: any ParameterEncoding = URLEncoding.default, headers: HTTPHeaders? = nil,
    interceptor: (any RequestInterceptor)? = nil
  ) -> JSONStreamRequest {
    JSONStreamRequest(
      session: self,
      make: Self.builder(
        url, method: method, parameters: parameters, encoding: encoding, headers: headers),
      interceptor: interceptor)
  }
}
