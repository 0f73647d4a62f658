import Threading

/// Counts the requests that reach a test server and lets a test wait until a number of them
/// have: a request that is surely in flight, without sleeping.
final class Arrivals: Sendable {
  // `Locked`, not `Mutex`: the server's connection threads record at once, and the TSan step
  // of CI reported `Mutex`'s futex-only locking here as a race (test helpers shared with the
  // server's threads use the package's one lock, which TSan sees).
  private let state = Locked((count: 0, waiters: [(Int, CheckedContinuation<Void, Never>)]()))

  /// Counts one request (called by the server's handler) and wakes the tests waiting for it.
  func record() {
    let ready = state.withLock { state in
      state.count += 1
      let count = state.count
      let ready = state.waiters.filter { $0.0 <= count }.map(\.1)
      state.waiters.removeAll { $0.0 <= count }
      return ready
    }
    for waiter in ready { waiter.resume() }
  }

  /// Returns once `count` requests have reached the server.
  func wait(for count: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let now = state.withLock { state -> Bool in
        if state.count >= count { return true }
        state.waiters.append((count, continuation))
        return false
      }
      if now { continuation.resume() }
    }
  }

  /// How many requests have reached the server.
  var count: Int { state.withLock { $0.count } }
}
