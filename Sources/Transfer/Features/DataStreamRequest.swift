import Dispatch
import Foundation
import Logging

/// A request whose body is handed over while it downloads, as raw chunks or as lines, made by
/// `Session.streamRequest`.
///
/// The body is never held whole.
///
/// ```swift
/// for try await line in session.streamRequest("https://api.example.com/logs?follow=1").lines() {
///   print(line)
/// }
/// ```
///
/// Backpressure: at most `bufferSize` bytes wait for the consumer. When they do, the transfer
/// pauses (curl's `CURL_WRITEFUNC_PAUSE`), the socket is no longer read and the server is held
/// back by TCP; it goes on when the consumer has caught up. A status outside 200..<300
/// delivers no bytes: the body is kept and the stream throws
/// `.responseValidationFailed(reason: .unacceptableStatusCode)`. One consumer per request:
/// `bytes()`, `lines()` or `responseStream(queue:stream:)`.
public final class DataStreamRequest: Sendable {
  /// What `responseStream(queue:stream:)` hands over.
  public enum Event: Sendable {
    /// The next chunk of the body, as it arrived.
    case stream(Data)
    /// The end: the response, and success or the error that ended the stream.
    case complete(TransferResponse<Void>)
  }

  /// The underlying request: `cancel()`, `cURLDescription()`, `response` after the end.
  public let dataRequest: DataRequest
  let buffer: StreamQueue<Data>

  init(
    session: Session, make: @escaping @Sendable () throws(TransferError) -> HTTPRequest,
    interceptor: (any RequestInterceptor)?, bufferSize: Int, logger: Logger? = nil
  ) {
    let buffer = StreamQueue<Data>(limit: bufferSize)
    self.buffer = buffer
    dataRequest = DataRequest(
      session: session, make: make, interceptor: interceptor, logger: logger
    ) {
      buffer.bodyHandling()
    }
  }

  /// The status and header fields of the response being streamed, once its body has begun.
  var head: (status: Int, headers: HTTPHeaders) { buffer.head }

  /// The most bytes that waited for the consumer at once (the backpressure tests read it).
  package var peakBufferedBytes: Int { buffer.peak }

  /// Cancels the transfer; the consumer's sequence throws `.explicitlyCancelled`.
  public func cancel() { dataRequest.cancel() }

  /// The body's chunks as they arrive.
  ///
  /// Cancelling the consuming task cancels the transfer.
  ///
  /// ```swift
  /// var total = 0
  /// for try await chunk in session.streamRequest(url).bytes() { total += chunk.count }
  /// ```
  public func bytes() -> StreamedElements<Data> {
    start()
    let request = dataRequest
    return StreamedElements(queue: buffer) { request.cancel() }
  }

  /// The body's lines as they arrive, without their line ends (LF or CR LF); a last line
  /// without one is delivered at the end.
  ///
  /// Invalid UTF-8 becomes U+FFFD.
  ///
  /// ```swift
  /// for try await line in session.streamRequest(url).lines() where !line.isEmpty {
  ///   print(line)
  /// }
  /// ```
  public func lines() -> Lines { Lines(chunks: bytes()) }

  /// Hands each chunk and then `.complete` to `stream` on `queue` (the request's serial queue
  /// by default).
  ///
  /// The next chunk is taken only after `stream` has returned, so a slow closure
  /// holds the transfer as a slow `for await` loop does.
  ///
  /// ```swift
  /// session.streamRequest(url).responseStream { event in
  ///   switch event {
  ///   case .stream(let chunk): file.write(chunk)
  ///   case .complete(let response): print(response.error as Any)
  ///   }
  /// }
  /// ```
  @discardableResult
  public func responseStream(
    queue: DispatchQueue? = nil, stream: @escaping @Sendable (Event) -> Void
  ) -> Self {
    let target = queue ?? dataRequest.serializationQueue
    let request = dataRequest
    bytes().forEach(on: target) {
      stream(.stream($0))
    } end: { failure in
      let complete = TransferResponse<Void>(
        request: request.request, response: request.response, data: request.data,
        metrics: request.metrics, serializationDuration: .zero,
        result: failure.map { .failure($0) } ?? .success(()))
      target.async { stream(.complete(complete)) }
    }
    return self
  }

  /// Starts the transfer and ends the buffer with the request.
  private func start() {
    dataRequest.response { [buffer] response in
      if case .failure(let error) = response.result {
        buffer.finish(.failure(error))
      } else if let status = response.response?.statusCode, !(200..<300).contains(status) {
        buffer.finish(
          .failure(
            .responseValidationFailed(
              reason: .unacceptableStatusCode(code: status, body: response.data ?? nil))))
      } else {
        buffer.finish(.success(()))
      }
    }
  }

  /// The body's lines as an async sequence (see `lines()`).
  public struct Lines: AsyncSequence, Sendable {
    /// A line without its line end.
    public typealias Element = String
    let chunks: StreamedElements<Data>

    /// Iterates the lines.
    public struct AsyncIterator: AsyncIteratorProtocol {
      var chunks: StreamedElements<Data>.AsyncIterator
      var splitter = LineSplitter(crIsLineEnd: false)
      var ended = false

      /// The next line; nil at the end; throws the `TransferError` that ended the stream.
      public mutating func next() async throws -> String? {
        while true {
          if let line = splitter.nextLine() { return String(decoding: line, as: UTF8.self) }
          if ended { return nil }
          if let chunk = try await chunks.next() {
            splitter.append(chunk)
          } else {
            ended = true
            splitter.finish()
          }
        }
      }
    }

    /// An iterator; there is one stream of lines, so make only one.
    public func makeAsyncIterator() -> AsyncIterator {
      AsyncIterator(chunks: chunks.makeAsyncIterator())
    }
  }
}

/// Cuts bytes into lines: at LF, at CR LF, and (for Server-Sent Events) at a lone CR.
///
/// A CR at
/// the end of one chunk whose LF starts the next is one line end.
struct LineSplitter {
  let crIsLineEnd: Bool
  private var pending: [UInt8] = []
  private var start = 0
  private var scanned = 0
  private var skipLF = false
  private var finished = false

  init(crIsLineEnd: Bool) { self.crIsLineEnd = crIsLineEnd }

  mutating func append(_ chunk: Data) {
    if start > 0 && start >= pending.count / 2 {
      pending.removeSubrange(0..<start)
      scanned -= start
      start = 0
    }
    pending.append(contentsOf: chunk)
  }

  /// No more bytes: what is left is the last line (if not empty).
  mutating func finish() { finished = true }

  /// The next complete line without its end, or nil until more bytes come.
  mutating func nextLine() -> ArraySlice<UInt8>? {
    if skipLF, start < pending.count {
      if pending[start] == 0x0A { start += 1 }
      skipLF = false
      scanned = max(scanned, start)
    }
    var index = max(scanned, start)
    while index < pending.count {
      let byte = pending[index]
      if byte == 0x0A || (byte == 0x0D && crIsLineEnd) {
        let line = pending[start..<index]
        start = index + 1
        scanned = start
        if byte == 0x0D { skipLF = true }
        return line.last == 0x0D && !crIsLineEnd ? line.dropLast() : line
      }
      index += 1
    }
    scanned = index
    if finished && start < pending.count {
      let line = pending[start...]
      start = pending.count
      return line.last == 0x0D && !crIsLineEnd ? line.dropLast() : line
    }
    return nil
  }
}
