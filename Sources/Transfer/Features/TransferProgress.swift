import Dispatch
import Threading

/// How far one direction of a transfer has come: bytes done out of bytes expected.
///
/// Alamofire hands out Foundation's `Progress`, a class that is neither `Sendable` nor cheap
/// to make per callback; this is a value with the fields a progress bar reads, safe to pass
/// between tasks.
///
/// ```swift
/// session.upload(fileURL, to: "https://api.example.com/files")
///   .uploadProgress { progress in print("\(Int(progress.fractionCompleted * 100)) %") }
///   .responseJSON { print($0.result) }
/// ```
public struct TransferProgress: Sendable, Hashable, CustomStringConvertible {
  /// Bytes sent (upload) or received (download) so far.
  public var completedUnitCount: Int64
  /// Bytes expected in all, or -1 while unknown (a chunked body, no `Content-Length`).
  public var totalUnitCount: Int64

  /// A progress value.
  ///
  /// ```swift
  /// let half = TransferProgress(completedUnitCount: 50, totalUnitCount: 100)
  /// ```
  public init(completedUnitCount: Int64, totalUnitCount: Int64) {
    self.completedUnitCount = completedUnitCount
    self.totalUnitCount = totalUnitCount
  }

  /// `completedUnitCount / totalUnitCount` between 0 and 1; 0 while the total is unknown.
  public var fractionCompleted: Double {
    guard totalUnitCount > 0 else { return 0 }
    return min(1, Double(completedUnitCount) / Double(totalUnitCount))
  }

  /// Whether the total is unknown.
  public var isIndeterminate: Bool { totalUnitCount < 0 }

  /// `"512 of 1024 bytes"`, or `"512 bytes"` while the total is unknown.
  public var description: String {
    isIndeterminate
      ? "\(completedUnitCount) bytes" : "\(completedUnitCount) of \(totalUnitCount) bytes"
  }
}

/// The progress observers of one request: closures on queues and async streams, fed from
/// curl's progress callback on the engine thread.
final class ProgressObservers: Sendable {
  private struct State {
    var closures: [(DispatchQueue, @Sendable (TransferProgress) -> Void)] = []
    var streams: [AsyncStream<TransferProgress>.Continuation] = []
    var last: TransferProgress?
    var finished = false
  }

  private let state = Locked(State())

  var isEmpty: Bool { state.withLock { $0.closures.isEmpty && $0.streams.isEmpty } }

  func add(queue: DispatchQueue, _ closure: @escaping @Sendable (TransferProgress) -> Void) {
    state.withLock { $0.closures.append((queue, closure)) }
  }

  func add(_ continuation: AsyncStream<TransferProgress>.Continuation) {
    let finished = state.withLock { state -> Bool in
      if !state.finished { state.streams.append(continuation) }
      return state.finished
    }
    if finished { continuation.finish() }
  }

  /// A new async stream of the values to come.
  func stream(_ policy: AsyncStream<TransferProgress>.Continuation.BufferingPolicy)
    -> AsyncStream<TransferProgress>
  {
    let (stream, continuation) = AsyncStream.makeStream(
      of: TransferProgress.self, bufferingPolicy: policy)
    add(continuation)
    return stream
  }

  /// Hands `progress` on if it differs from the last value handed on.
  func report(_ progress: TransferProgress) {
    let targets = state.withLock { state -> State? in
      guard state.last != progress, !state.finished else { return nil }
      state.last = progress
      return state
    }
    guard let targets else { return }
    for (queue, closure) in targets.closures { queue.async { closure(progress) } }
    for stream in targets.streams { stream.yield(progress) }
  }

  /// Ends the async streams (the request has ended).
  func finish() {
    let streams = state.withLock { state in
      state.finished = true
      defer { state.streams = [] }
      return state.streams
    }
    for stream in streams { stream.finish() }
  }
}
