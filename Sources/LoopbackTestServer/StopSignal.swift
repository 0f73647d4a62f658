import CSystemShims
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A self-pipe that wakes every thread of a server at once when ``fire()`` is called.
///
/// Every blocking wait in the server is a `poll` on its own descriptor plus the pipe's read end.
/// The pipe is written once and never read, so it stays readable: each waiter (present or future)
/// returns immediately. That is what lets `stop()` promise never to hang, even with a response
/// stalled on purpose or a client that never reads.
final class StopSignal: Sendable {
  let readFD: Int32
  let writeFD: Int32
  /// Mirrors the pipe for the cheap "should I go on?" checks between requests.
  private let fired = Atomic<Bool>(false)

  init() throws(LoopbackServerError) {
    var fds: [Int32] = [0, 0]
    // pipe2 would do this in one call, but Swift's Glibc module hides it (it needs _GNU_SOURCE).
    guard pipe(&fds) == 0 else { throw LoopbackServerError("pipe") }
    for fd in fds {
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }
    readFD = fds[0]
    writeFD = fds[1]
  }

  var isFired: Bool { fired.load(ordering: .acquiring) }

  func fire() {
    guard !fired.exchange(true, ordering: .acquiringAndReleasing) else { return }
    var byte: UInt8 = 1
    _ = write(writeFD, &byte, 1)
  }

  /// Closes both ends; only once no thread can be waiting on them any more.
  func close() {
    _ = csystemshims_close(readFD)
    _ = csystemshims_close(writeFD)
  }

  enum Outcome {
    case ready
    case stopped
    case timedOut
  }

  /// Waits until `fd` reports one of `events` (or an error/hang-up, which the following
  /// read or write will report), the signal fires, or `milliseconds` pass (-1: no limit).
  func wait(for fd: Int32, events: Int32, milliseconds: Int32) -> Outcome {
    var fds = [
      pollfd(fd: fd, events: Int16(events), revents: 0),
      pollfd(fd: readFD, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let count = poll(&fds, 2, milliseconds)
      if count < 0 && errno == EINTR { continue }
      if count < 0 || fds[1].revents != 0 { return .stopped }
      return count == 0 ? .timedOut : .ready
    }
  }

  /// Sleeps for `duration` unless the signal fires first; returns false if it did.
  func sleep(for duration: Duration) -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: duration)
    var fds = [pollfd(fd: readFD, events: Int16(POLLIN), revents: 0)]
    while true {
      let left = clock.now.duration(to: deadline)
      if left <= .zero { return !isFired }
      // Round up so a sub-millisecond remainder does not become a busy poll(…, 0).
      let milliseconds = min(Int64(Int32.max), left.wholeMilliseconds + 1)
      let count = poll(&fds, 1, Int32(milliseconds))
      if count > 0 { return false }
      if count < 0 && errno != EINTR { return !isFired }
    }
  }
}

extension Duration {
  var wholeMilliseconds: Int64 {
    let (seconds, attoseconds) = components
    return seconds * 1000 + attoseconds / 1_000_000_000_000_000
  }
}
