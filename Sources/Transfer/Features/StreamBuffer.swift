import Foundation
import Synchronization

/// The bounded queue between curl's write callback and one consumer of a streamed body.
///
/// The engine thread offers each chunk; when `limit` bytes are already queued the chunk is
/// refused with `.pause` (`CURL_WRITEFUNC_PAUSE`): curl keeps it, stops reading the socket, and
/// TCP's window tells the server to wait. When the consumer has taken the queue down to half
/// the limit, the waker asks the engine to unpause and curl offers the chunk again. So a slow
/// consumer holds the transfer instead of the process buffering without bound.
///
/// Invariant: `queued` is the byte count of `chunks`, and never exceeds `limit` plus one chunk
/// (a chunk is accepted only while `queued < limit`).
final class StreamBuffer: Sendable {
  /// What a consumer gets next.
  enum Next {
    case chunk(Data)
    case end
  }

  private struct State {
    var chunks: [Data] = []
    var head = 0
    var queued = 0
    var peak = 0
    var paused = false
    var end: Result<Void, TransferError>?
    var waiting: CheckedContinuation<Next, any Error>?
    var status = 0
    var headers = HTTPHeaders()
  }

  let limit: Int
  let waker = TransferWaker()
  private let state = Mutex(State())

  init(limit: Int) {
    precondition(limit > 0, "a stream buffer needs room for at least one byte")
    self.limit = limit
  }

  /// The most bytes that were queued at once.
  var peak: Int { state.withLock { $0.peak } }

  /// The status and header fields of the response being streamed, once its body has begun.
  var head: (status: Int, headers: HTTPHeaders) { state.withLock { ($0.status, $0.headers) } }

  // MARK: Engine thread

  /// The body handling of one attempt: 2xx bodies into the queue, others kept by the request
  /// for its error.
  func bodyHandling() -> CurlTransfer.BodyHandling {
    var handling = CurlTransfer.BodyHandling(buffer: true, parseJSON: false) {
      [self] chunk, status in
      (200..<300).contains(status) ? offer(chunk) : .buffer
    }
    handling.waker = waker
    handling.onResponse = { [self] status, headers in
      state.withLock {
        $0.status = status
        $0.headers = headers
      }
    }
    return handling
  }

  private func offer(_ chunk: UnsafeRawBufferPointer) -> CurlTransfer.ChunkDecision {
    let data = Data(chunk)
    let (decision, consumer) = state.withLock {
      state -> (CurlTransfer.ChunkDecision, CheckedContinuation<Next, any Error>?) in
      if state.end != nil { return (.abort, nil) }
      if state.queued >= limit {
        state.paused = true
        return (.pause, nil)
      }
      if let waiting = state.waiting {
        // Straight to the consumer that waits: nothing is queued.
        state.waiting = nil
        state.peak = max(state.peak, data.count)
        return (.consumed, waiting)
      }
      state.chunks.append(data)
      state.queued += data.count
      state.peak = max(state.peak, state.queued)
      return (.consumed, nil)
    }
    consumer?.resume(returning: .chunk(data))
    return decision
  }

  // MARK: Consumer

  /// The next chunk, or nil at a good end; throws the error that ended the stream. Cancelling
  /// the waiting task calls `onCancel` (which cancels the request).
  func next(onCancel: @escaping @Sendable () -> Void) async throws -> Data? {
    let next = try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Next, any Error>) in
        let (ready, wake) = state.withLock { state -> (Result<Next, TransferError>?, Bool) in
          if state.head < state.chunks.count {
            let chunk = state.chunks[state.head]
            state.head += 1
            state.queued -= chunk.count
            assert(state.queued >= 0)
            if state.head == state.chunks.count {
              state.chunks.removeAll(keepingCapacity: true)
              state.head = 0
            }
            let wake = state.paused && state.queued <= limit / 2
            if wake { state.paused = false }
            return (.success(.chunk(chunk)), wake)
          }
          switch state.end {
          case .success?: return (.success(.end), false)
          case .failure(let error)?: return (.failure(error), false)
          case nil:
            state.waiting = continuation
            return (nil, false)
          }
        }
        if wake { waker.wake() }
        if let ready { continuation.resume(with: ready) }
      }
    } onCancel: {
      onCancel()
    }
    if case .chunk(let data) = next { return data }
    return nil
  }

  /// The request has ended: after the queued chunks, the consumer gets the end (or error).
  func finish(_ result: Result<Void, TransferError>) {
    let waiting = state.withLock { state -> CheckedContinuation<Next, any Error>? in
      guard state.end == nil else { return nil }
      state.end = result
      defer { state.waiting = nil }
      return state.head < state.chunks.count ? nil : state.waiting
    }
    switch result {
    case .success: waiting?.resume(returning: .end)
    case .failure(let error): waiting?.resume(throwing: error)
    }
  }
}
