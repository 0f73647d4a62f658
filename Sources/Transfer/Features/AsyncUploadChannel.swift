import Foundation
import Threading

/// Carries an `AsyncSequence` of byte chunks to curl's read callback, with backpressure both
/// ways: the producing task waits while `limit` bytes are queued, and the upload pauses
/// (`CURL_READFUNC_PAUSE`) while none are.
///
/// Invariant: `queued` is the sum of the unread bytes in `chunks`, and it exceeds `limit` by
/// at most one chunk (the producer stops after the chunk that crossed it).
final class AsyncUploadChannel: RequestBodyReader, Sendable {
  /// Bytes queued before the producer waits.
  static let limit = 1 << 20

  /// Starts the channel for the first attempt; a sequence is read once, so a retry fails.
  final class Producer: Sendable {
    private let started = Locked(false)
    private let feed: @Sendable (AsyncUploadChannel) async -> Void

    init<Chunks: AsyncSequence & Sendable>(_ chunks: Chunks)
    where Chunks.Element: Sequence, Chunks.Element.Element == UInt8 {
      feed = { channel in
        do {
          for try await chunk in chunks {
            let data = Data(chunk)
            if data.isEmpty { continue }
            guard await channel.push(data) else { return }
          }
          channel.end(failure: nil)
        } catch {
          channel.end(failure: "the body sequence failed: \(error)")
        }
      }
    }

    func start() -> AsyncUploadChannel? {
      let first = started.withLock { started -> Bool in
        defer { started = true }
        return !started
      }
      guard first else { return nil }
      let channel = AsyncUploadChannel()
      let feed = self.feed
      channel.state.withLock { $0.task = Task { await feed(channel) } }
      return channel
    }
  }

  private struct State {
    var chunks: [Data] = []
    /// Bytes of `chunks[0]` already read.
    var offset = 0
    var queued = 0
    var ended = false
    var failure: String?
    var closed = false
    var readerWaiting = false
    var producerWaiting: CheckedContinuation<Void, Never>?
    var task: Task<Void, Never>?
  }

  private let state = Locked(State())
  let length: Int? = nil
  let waker: TransferWaker? = TransferWaker()

  /// Queues a chunk; waits while the queue is full.
  ///
  /// False once the transfer has ended.
  func push(_ data: Data) async -> Bool {
    let (accepted, wake) = state.withLock { state -> (Bool, Bool) in
      guard !state.closed else { return (false, false) }
      state.chunks.append(data)
      state.queued += data.count
      defer { state.readerWaiting = false }
      return (true, state.readerWaiting)
    }
    if wake { waker?.wake() }
    return accepted ? await waitForRoom() : false
  }

  /// Suspends while more than `limit` bytes are queued; false once the transfer has ended.
  private func waitForRoom() async -> Bool {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let wait = state.withLock { state -> Bool in
        guard !state.closed, state.queued > Self.limit else { return false }
        state.producerWaiting = continuation
        return true
      }
      if !wait { continuation.resume() }
    }
    return !state.withLock { $0.closed }
  }

  /// The sequence has ended (or failed).
  func end(failure: String?) {
    let wake = state.withLock { state -> Bool in
      state.ended = true
      state.failure = failure
      defer { state.readerWaiting = false }
      return state.readerWaiting
    }
    if wake { waker?.wake() }
  }

  func read(into buffer: UnsafeMutableRawBufferPointer) -> BodyRead {
    // Safe: `buffer.count > written`, so `buffer` is not empty; chunks are never empty (the
    // producer skips empty ones) and `state.offset < first.count`, so `count` bytes are there to
    // copy.
    let (result, producer) = state.withLock {
      state -> (BodyRead, CheckedContinuation<Void, Never>?) in
      guard !state.chunks.isEmpty else {
        if let failure = state.failure { return (.failure(failure), nil) }
        if state.ended { return (.bytes(0), nil) }
        state.readerWaiting = true
        return (.pause, nil)
      }
      var written = 0
      while written < buffer.count, let first = state.chunks.first {
        let count = min(buffer.count - written, first.count - state.offset)
        first.withUnsafeBytes { bytes in
          let start = bytes.baseAddress! + state.offset
          buffer.baseAddress!.advanced(by: written).copyMemory(from: start, byteCount: count)
        }
        written += count
        state.offset += count
        if state.offset == first.count {
          state.chunks.removeFirst()
          state.offset = 0
        }
      }
      state.queued -= written
      assert(state.queued >= 0)
      var producer: CheckedContinuation<Void, Never>?
      if state.queued <= Self.limit {
        producer = state.producerWaiting
        state.producerWaiting = nil
      }
      return (.bytes(written), producer)
    }
    producer?.resume()
    return result
  }

  func close() {
    let (producer, task) = state.withLock { state in
      state.closed = true
      state.chunks = []
      state.queued = 0
      defer { state.producerWaiting = nil }
      return (state.producerWaiting, state.task)
    }
    producer?.resume()
    task?.cancel()
  }
}
