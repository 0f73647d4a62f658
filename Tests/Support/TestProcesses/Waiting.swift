import Foundation
import Threading

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How long a test waits for something that must happen before it calls it a hang.
///
/// Five minutes: only a liveness bound, never a measure of speed, so it fails only a step
/// that does not end: what a test waits for with it (a server's answer, a shutdown, a child
/// process, a curl run) takes well under a second of CPU. It must stay well below the bounds
/// of the runs around the test (Scripts/test's 25 minutes, Scripts/check-sanitizers' 15),
/// or a hung step is never reported by its test: the run is killed first. The waits of over
/// ten minutes once seen under two whole runs at once came from tasks queued behind
/// thousands of others and from synchronous tests holding the cooperative pool's threads
/// while they waited; Scripts/test now runs 8 tests at a time, and every blocking wait
/// runs on a thread of its own (`ChildProcess.run`, `onOwnThread`).
public let livenessLimit = Duration.seconds(300)

/// Polls `condition` until it holds or `limit` has passed; whether it held.
///
/// For an event a test cannot be told about (a weak reference cleared, a count reached on
/// another thread): the test waits for the event itself, however long a loaded machine
/// takes, and the limit only turns a hang into a failure.
///
/// - Parameters:
///   - limit: How long to poll before giving up.
///   - condition: The event, checked every few milliseconds.
/// - Returns: Whether `condition` held before `limit` passed.
///
/// ```swift
/// #expect(await waitUntil { engine == nil }, "the engine was never released")
/// ```
public func waitUntil(
  within limit: Duration = livenessLimit, _ condition: () -> Bool
) async -> Bool {
  let deadline = ContinuousClock.now + limit
  while !condition() {
    guard ContinuousClock.now < deadline else { return false }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return true
}

/// Blocks the calling thread until `condition` holds or `limit` has passed; whether it held.
///
/// For a test server's handler thread only (it answers a request once the test has done
/// something), which is a plain thread of the server's. A test awaits ``waitUntil(within:_:)``
/// instead: blocking a task would hold one of the cooperative pool's threads.
///
/// - Parameters:
///   - limit: How long to poll before giving up.
///   - condition: The event, checked every few milliseconds.
/// - Returns: Whether `condition` held before `limit` passed.
///
/// ```swift
/// _ = blockUntil { refusals.count >= 40 }
/// ```
public func blockUntil(
  within limit: Duration = livenessLimit, _ condition: () -> Bool
) -> Bool {
  let deadline = ContinuousClock.now + limit
  while !condition() {
    guard ContinuousClock.now < deadline else { return false }
    usleep(5_000)
  }
  return true
}

/// Runs `work` on a thread of its own and waits at most `limit` for it to return; whether it
/// returned.
///
/// For a call that must not wait for something slow (a server's `stop()` with a response
/// that would take an hour): the slow thing is made far slower than `limit`, so returning
/// at all is the test, and a loaded machine cannot make it fail. A call that does not return
/// is left running on its thread. The task is suspended meanwhile, not blocked.
///
/// - Parameters:
///   - limit: How long to wait for `work` to return.
///   - work: The call.
/// - Returns: Whether `work` returned within `limit`.
///
/// ```swift
/// #expect(await returns { server.stop() }, "stop() waited for the response")
/// ```
public func returns(
  within limit: Duration = livenessLimit, _ work: @escaping @Sendable () -> Void
) async -> Bool {
  let done = Completion<Bool>()
  let started = PosixThread.spawn(name: "test-returns", detached: true) {
    work()
    done.complete(true)
  }
  guard started != nil else { return false }
  return await done.wait(timeout: limit) ?? false
}

/// Runs `work`, which blocks (a read on a pipe, a library call that waits), on a thread of
/// its own and suspends the calling task until it returns.
///
/// A blocking call made from a task holds one of the cooperative pool's few threads for as
/// long as it blocks; here the pool stays free for other tests meanwhile.
///
/// - Parameters:
///   - stackSize: Bytes of stack for the thread (a deeply recursive call); nil for the
///     system's default.
///   - work: The blocking call.
/// - Returns: What `work` returned.
/// - Throws: What `work` threw, or ``ChildProcessError`` when no thread could be started.
///
/// ```swift
/// let line = try await onOwnThread { child.blockingReadLine() }
/// ```
public func onOwnThread<T: Sendable>(
  stackSize: Int? = nil, _ work: @escaping @Sendable () throws -> T
) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    let started = PosixThread.spawn(name: "test-blocking", stackSize: stackSize, detached: true) {
      continuation.resume(with: Result { try work() })
    }
    if started == nil {
      continuation.resume(throwing: ChildProcessError(description: "no thread could start"))
    }
  }
}
