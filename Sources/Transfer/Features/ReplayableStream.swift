import Foundation
import Threading

/// An `InputStream` given as a request body (or a multipart part): read on a thread of its
/// own, and kept in memory up to `replayLimit` bytes so that the body can be sent again.
///
/// - The stream is read by a dedicated thread, never by the session's engine thread: a stream
///   that blocks (a pipe's, a socket's) holds only its own upload. That thread reads at most
///   `readAhead` bytes ahead of what curl has taken; curl's read callback takes what is there
///   and pauses the upload (`CURL_READFUNC_PAUSE`) while nothing is, and the thread wakes it.
/// - curl rewinds a body for a 307/308 redirect or an authentication round trip, and a retry
///   sends it anew: each gets a reader from `makeReader`, which starts at byte 0, replays
///   what was read so far and goes on with the stream. Once more than `replayLimit` bytes
///   have been read the copy is dropped (only what curl has not taken yet is kept), and a
///   new reader fails with `rewindFailed` (curl's code 65).
///
/// One reader is active at a time (attempts and rewinds follow each other).
final class ReplayableStream: Sendable {
  /// How much of a stream is kept for sending again.
  static let replayLimit = 1 << 20
  /// How far the reading thread may run ahead of curl.
  static let readAhead = 1 << 20

  private let pump: Pump

  init(_ stream: InputStream) { pump = Pump(stream) }

  /// The request let go of the body: the reading thread stops (after a read in progress).
  deinit { pump.release() }

  /// A reader from byte 0 that wakes `waker` when bytes arrive after it paused, or
  /// `rewindFailed` once the stream is past what is kept.
  func makeReader(length: Int?, waker: TransferWaker) throws(TransferError)
    -> any RequestBodyReader
  {
    guard pump.restart(waker: waker) else {
      throw .transportFailed(
        code: .rewindFailed,
        message:
          "the body stream must be sent again (a 307/308 redirect, a retry), but more than "
          + "\(Self.replayLimit) bytes of it were read and only that much is kept")
    }
    return Reader(pump: pump, length: length, waker: waker)
  }

  /// The active reader's view: everything goes through the pump.
  private final class Reader: RequestBodyReader {
    let length: Int?
    let waker: TransferWaker?
    private let pump: Pump

    init(pump: Pump, length: Int?, waker: TransferWaker) {
      self.pump = pump
      self.length = length
      self.waker = waker
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> BodyRead { pump.read(into: buffer) }

    /// The stream stays open for the next attempt; it closes when the request lets it go.
    func close() {}
  }

  /// The stream, its reading thread and the bytes between it and curl.
  private final class Pump: Sendable {
    private struct State {
      /// Bytes read from the stream, from offset `keptFrom` on.
      var kept = Data()
      /// 0 until the stream passes `replayLimit`; then bytes curl has taken are dropped.
      var keptFrom = 0
      var overflowed = false
      /// Where the active reader is, as an offset in the stream.
      var position = 0
      var ended = false
      var failure: String?
      var started = false
      var released = false
      /// The reader answered `.pause`: `wakeTarget` must be woken when bytes arrive.
      var readerWaiting = false
      var wakeTarget: TransferWaker?
      /// The thread waits on `room` for curl to take bytes.
      var producerWaiting = false

      var end: Int { keptFrom + kept.count }
    }

    // Read only by the pump's thread (after `start`), or, for `close`, after it has finished.
    // Safe: read only by the pump's thread (after `start`), or, for `close`, after that thread has
    // finished.
    private nonisolated(unsafe) let stream: InputStream
    private let state = Locked(State())
    private let room = DispatchSemaphore(value: 0)

    init(_ stream: InputStream) { self.stream = stream }

    func restart(waker: TransferWaker) -> Bool {
      state.withLock { state in
        guard !state.overflowed else { return false }
        state.position = 0
        state.wakeTarget = waker
        state.readerWaiting = false
        return true
      }
    }

    func release() {
      let signal = state.withLock { state -> Bool in
        state.released = true
        defer { state.producerWaiting = false }
        return state.producerWaiting
      }
      if signal { room.signal() }
    }

    /// curl's read callback (engine thread): what is there, or `.pause`.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> BodyRead {
      // Safe: `base` is not empty (checked); `keptFrom <= position < end` puts
      // `offset..<offset + count` in `kept`, so `kept` is not empty either.
      guard let base = buffer.baseAddress, !buffer.isEmpty else { return .bytes(0) }
      let (result, start, signal) = state.withLock { state -> (BodyRead, Bool, Bool) in
        var signal = false
        if state.position < state.end {
          assert(state.position >= state.keptFrom, "a reader behind the bytes kept")
          let count = min(buffer.count, state.end - state.position)
          let offset = state.position - state.keptFrom
          state.kept.withUnsafeBytes { kept in
            base.copyMemory(from: kept.baseAddress! + offset, byteCount: count)
          }
          state.position += count
          if state.overflowed { Self.dropTaken(&state) }
          if state.producerWaiting, state.end - state.position < ReplayableStream.readAhead {
            state.producerWaiting = false
            signal = true
          }
          return (.bytes(count), false, signal)
        }
        if let failure = state.failure { return (.failure(failure), false, false) }
        if state.ended { return (.bytes(0), false, false) }
        state.readerWaiting = true
        let start = !state.started
        state.started = true
        if state.producerWaiting {
          state.producerWaiting = false
          signal = true
        }
        return (.pause, start, signal)
      }
      if start {
        let started = PosixThread.spawn(name: "transfer-body", detached: true) { [self] in
          run()
        }
        precondition(started != nil, "cannot start the body stream's thread")
      }
      if signal { room.signal() }
      return result
    }

    /// Past the replay limit, bytes curl has taken are dropped, a quarter MiB at a time
    /// (moving the rest down costs less then).
    private static func dropTaken(_ state: inout State) {
      let taken = state.position - state.keptFrom
      guard taken >= 256 * 1024 || taken == state.kept.count else { return }
      state.kept.removeSubrange(state.kept.startIndex..<state.kept.startIndex + taken)
      state.keptFrom += taken
    }

    /// The reading thread: reads while curl is less than `readAhead` behind, until the
    /// stream ends or fails or the request lets go.
    private func run() {
      stream.open()
      defer { stream.close() }
      var chunk = [UInt8](repeating: 0, count: 64 * 1024)
      while true {
        let next = state.withLock { state -> Bool? in
          if state.released { return nil }
          guard state.end - state.position < ReplayableStream.readAhead else {
            state.producerWaiting = true
            return false
          }
          return true
        }
        guard let next else { return }
        if !next {
          room.wait()
          continue
        }
        // May block: outside the lock, on this thread only.
        let count = chunk.withUnsafeMutableBufferPointer {
          // Safe: `chunk` holds 64 KiB, so its base address is set.
          stream.read($0.baseAddress!, maxLength: $0.count)
        }
        let error = count < 0 ? stream.streamError : nil
        let waker = state.withLock { state -> TransferWaker? in
          if count > 0 {
            state.kept.append(contentsOf: chunk[0..<count])
            if !state.overflowed, state.end > ReplayableStream.replayLimit {
              state.overflowed = true
              Self.dropTaken(&state)
            }
          } else if count == 0 {
            state.ended = true
          } else {
            state.failure = "the body stream failed: \(error.map { "\($0)" } ?? "unknown error")"
          }
          guard state.readerWaiting else { return nil }
          state.readerWaiting = false
          return state.wakeTarget
        }
        waker?.wake()
        if count <= 0 { return }
      }
    }
  }
}
