import Threading

/// The requests a `Session` is running and whether it still takes new ones: what
/// `Session.shutdown(gracePeriod:)` waits for and `Session.cancelAllRequests()` cancels.
///
/// A request is admitted when it resumes and released when it ends, so the set holds exactly
/// the requests that may still use the session's engines (a request waiting to retry too).
final class SessionLifecycle: Sendable {
  private struct State {
    /// Held strongly: a request's identity cannot be reused while it is here.
    var running: [ObjectIdentifier: DataRequest] = [:]
    var isShutDown = false
    /// Tasks in `shutdown` waiting for `running` to empty after the shutdown.
    var drainWaiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Locked(State())

  /// Records a request that starts; false once the session is shut down.
  func admit(_ request: DataRequest) -> Bool {
    state.withLock { state in
      guard !state.isShutDown else { return false }
      state.running[ObjectIdentifier(request)] = request
      return true
    }
  }

  /// Forgets a request that ended, and wakes the shutdown when it was the last one.
  func release(_ request: DataRequest) {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.running[ObjectIdentifier(request)] = nil
      guard state.isShutDown, state.running.isEmpty else { return [] }
      defer { state.drainWaiters = [] }
      return state.drainWaiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Refuses new requests from now on.
  func close() {
    state.withLock { $0.isShutDown = true }
  }

  /// Whether `close()` was called.
  var isShutDown: Bool { state.withLock { $0.isShutDown } }

  /// The requests running now.
  var runningRequests: [DataRequest] { state.withLock { Array($0.running.values) } }

  /// Returns once the session is shut down and its last request has ended.
  func waitUntilDrained() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let drained = state.withLock { state -> Bool in
        if state.isShutDown && state.running.isEmpty { return true }
        state.drainWaiters.append(continuation)
        return false
      }
      if drained { continuation.resume() }
    }
  }
}
