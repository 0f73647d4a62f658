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

/// The progress observers of one request, for both directions: closures on queues and async
/// streams, fed from curl's progress callback on the engine thread.
///
/// A value kept in the request's locked state rather than an object with a lock of its own:
/// every request has one (most with no observer), and a `Locked` costs three allocations to
/// make and tear down, which showed in the profile of small GETs.
struct ProgressObservers {
  /// Which side of the transfer an observer follows.
  enum Direction {
    case upload, download
  }

  /// The observers of one direction, and the value handed to them last.
  struct Observers {
    var closures: [(DispatchQueue, @Sendable (TransferProgress) -> Void)] = []
    var streams: [AsyncStream<TransferProgress>.Continuation] = []
    var last: TransferProgress?

    var isEmpty: Bool { closures.isEmpty && streams.isEmpty }

    /// Records `progress` and returns the observers to hand it to, unless it is the value
    /// handed on last.
    mutating func targets(for progress: TransferProgress) -> Observers? {
      guard last != progress else { return nil }
      last = progress
      return self
    }

    /// Hands `progress` to every observer; called without the request's lock held.
    func hand(_ progress: TransferProgress) {
      for (queue, closure) in closures { queue.async { closure(progress) } }
      for stream in streams { stream.yield(progress) }
    }
  }

  private var upload = Observers()
  private var download = Observers()
  /// Set when the request ends: no value is handed on after it, and a stream asked for
  /// later ends at once.
  private var finished = false

  /// Whether no direction has an observer.
  var isEmpty: Bool { upload.isEmpty && download.isEmpty }

  mutating func add(
    _ direction: Direction, queue: DispatchQueue,
    _ closure: @escaping @Sendable (TransferProgress) -> Void
  ) {
    if direction == .upload {
      upload.closures.append((queue, closure))
    } else {
      download.closures.append((queue, closure))
    }
  }

  /// Adds a stream's continuation; false when the request has ended (the caller then
  /// finishes it, outside the lock).
  mutating func add(
    _ direction: Direction, _ continuation: AsyncStream<TransferProgress>.Continuation
  ) -> Bool {
    guard !finished else { return false }
    if direction == .upload {
      upload.streams.append(continuation)
    } else {
      download.streams.append(continuation)
    }
    return true
  }

  /// The observers to hand each direction's progress to: those whose last value differs.
  mutating func targets(upload sent: TransferProgress, download received: TransferProgress)
    -> (upload: Observers?, download: Observers?)
  {
    guard !finished else { return (nil, nil) }
    return (upload.targets(for: sent), download.targets(for: received))
  }

  /// Marks the request ended and returns the streams to finish (outside the lock).
  mutating func finish() -> [AsyncStream<TransferProgress>.Continuation] {
    finished = true
    defer {
      upload.streams = []
      download.streams = []
    }
    return upload.streams + download.streams
  }
}
