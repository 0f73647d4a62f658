import Foundation
import Threading

/// The bounded queue between curl's write callback and one consumer of a streamed body:
/// chunks of bytes (`DataStreamRequest`) or parsed values (`JSONStreamRequest`).
///
/// Before the engine thread takes a chunk from curl it asks `admit()`; while `limit` units
/// (bytes, or values) already wait, the answer is no and the chunk is refused with `.pause`
/// (`CURL_WRITEFUNC_PAUSE`): curl keeps it, stops reading the socket, and TCP's window holds
/// the server back. When the consumer has taken the queue down to half the limit, the waker
/// asks the engine to unpause and curl offers the chunk again. So a slow consumer holds the
/// transfer instead of the process buffering without bound.
///
/// Invariant: `queued` is the cost of the elements in `elements`; it exceeds `limit` by at
/// most what one admitted chunk produced.
final class StreamQueue<Element: Sendable>: Sendable {
  private struct State {
    var elements: [(Element, Int)] = []
    var head = 0
    var queued = 0
    var peak = 0
    var paused = false
    var end: Result<Void, TransferError>?
    var waiting: CheckedContinuation<Element?, any Error>?
  }

  let limit: Int
  let waker = TransferWaker()
  private let state = Locked(State())
  private let responseHead = Locked<(status: Int, headers: HTTPHeaders)>((0, HTTPHeaders()))

  init(limit: Int) {
    precondition(limit > 0, "a stream queue needs room for at least one unit")
    self.limit = limit
  }

  /// The status and header fields of the response, once its body has begun.
  var head: (status: Int, headers: HTTPHeaders) { responseHead.withLock { $0 } }

  /// Records the head of the response whose body is about to be queued.
  func setHead(status: Int, headers: HTTPHeaders) {
    responseHead.withLock { $0 = (status, headers) }
  }

  /// The most units that waited at once.
  var peak: Int { state.withLock { $0.peak } }

  // MARK: Engine thread

  /// Whether the next chunk may be taken: nil if so; `.pause` while the queue is full;
  /// `.abort` once the stream has ended (the consumer went away).
  func admit() -> CurlTransfer.ChunkDecision? {
    state.withLock { state in
      guard state.end == nil else { return .abort }
      if state.queued >= limit {
        state.paused = true
        return .pause
      }
      return nil
    }
  }

  /// Queues an element that costs `cost` units (or hands it to a waiting consumer).
  func push(_ element: Element, cost: Int) {
    let consumer = state.withLock { state -> CheckedContinuation<Element?, any Error>? in
      guard state.end == nil else { return nil }
      if let waiting = state.waiting {
        state.waiting = nil
        state.peak = max(state.peak, cost)
        return waiting
      }
      state.elements.append((element, cost))
      state.queued += cost
      state.peak = max(state.peak, state.queued)
      return nil
    }
    consumer?.resume(returning: element)
  }

  // MARK: Consumer

  /// The next element, or nil at a good end; throws the error that ended the stream.
  ///
  /// Cancelling the waiting task calls `onCancel` (which cancels the request).
  func next(onCancel: @escaping @Sendable () -> Void) async throws -> Element? {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation {
        (continuation: CheckedContinuation<Element?, any Error>) in
        let (ready, wake) = state.withLock { state -> (Result<Element?, TransferError>?, Bool) in
          if state.head < state.elements.count {
            let (element, cost) = state.elements[state.head]
            state.head += 1
            state.queued -= cost
            assert(state.queued >= 0)
            if state.head == state.elements.count {
              state.elements.removeAll(keepingCapacity: true)
              state.head = 0
            }
            let wake = state.paused && state.queued <= limit / 2
            if wake { state.paused = false }
            return (.success(element), wake)
          }
          switch state.end {
          case .success?: return (.success(nil), false)
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
  }

  /// The stream has ended: after the queued elements, the consumer gets the end (or error).
  func finish(_ result: Result<Void, TransferError>) {
    let waiting = state.withLock { state -> CheckedContinuation<Element?, any Error>? in
      guard state.end == nil else { return nil }
      state.end = result
      defer { state.waiting = nil }
      return state.waiting
    }
    waiting?.resume(with: result.map { nil })
  }
}

extension StreamQueue where Element == Data {
  /// The body handling of one attempt of a byte stream: 2xx bodies into the queue, others
  /// kept by the request for its error.
  func bodyHandling() -> CurlTransfer.BodyHandling {
    var handling = CurlTransfer.BodyHandling(buffer: true, parseJSON: false) {
      [self] chunk, status in
      guard (200..<300).contains(status) else { return .buffer }
      if let refusal = admit() { return refusal }
      push(Data(chunk), cost: chunk.count)
      return .consumed
    }
    handling.waker = waker
    handling.onResponse = { [self] status, headers in setHead(status: status, headers: headers) }
    return handling
  }
}

/// Cancels a streaming request when the consumer's iterator goes away (a `break` out of a
/// `for await` loop), so a paused transfer does not hold its connection until it times out.
final class ConsumerLifetime: Sendable {
  let end: @Sendable () -> Void

  init(_ end: @escaping @Sendable () -> Void) { self.end = end }

  deinit { end() }
}
