import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// How long a test waits for something that must happen before it calls it a hang.
///
/// Half an hour: only a liveness bound, never a measure of speed. Two whole test runs at once
/// on two cores kept a test's task from running for over ten minutes (the cooperative pool
/// has a thread per core, and synchronous tests hold theirs while they wait for a child
/// process or a socket), so a bound near what the step takes on a quiet machine fails busy
/// runs; a bound this long fails only a step that never ends.
public let livenessLimit = Duration.seconds(1800)

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
/// The synchronous twin of ``waitUntil(within:_:)``, for a test server's handler thread or a
/// synchronous test.
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
/// is left running on its thread.
///
/// - Parameters:
///   - limit: How long to wait for `work` to return.
///   - work: The call.
/// - Returns: Whether `work` returned within `limit`.
///
/// ```swift
/// #expect(returns { server.stop() }, "stop() waited for the response")
/// ```
public func returns(
  within limit: Duration = livenessLimit, _ work: @escaping @Sendable () -> Void
) -> Bool {
  let done = DispatchSemaphore(value: 0)
  Thread.detachNewThread {
    work()
    done.signal()
  }
  return done.wait(timeout: .after(limit)) == .success
}
