import Dispatch
import LoopbackTestServer
import Synchronization

/// A handler that holds each request on the server until `open()`, and tells the test when
/// requests have arrived: a request that is surely in flight, without sleeping.
final class Gate: Sendable {
  private let opened = DispatchSemaphore(value: 0)
  private let arrived = Mutex((count: 0, waiters: [(Int, CheckedContinuation<Void, Never>)]()))

  func handle(_ request: ServerRequest) -> ServerResponse {
    let ready = arrived.withLock { state in
      state.count += 1
      let count = state.count
      let ready = state.waiters.filter { $0.0 <= count }.map(\.1)
      state.waiters.removeAll { $0.0 <= count }
      return ready
    }
    for waiter in ready { waiter.resume() }
    // Bounded, so a failing test cannot hold a server thread for ever; as long as
    // `heldRequestTimeout`, because two full suites at once on 2 cores kept a test from
    // cancelling its held requests for over 120 s, and the gate then answered them.
    _ = opened.wait(timeout: .now() + .seconds(600))
    opened.signal()  // and every later request through
    return .json(userJSON)
  }

  /// Returns once `count` requests have reached the server.
  func waitForArrivals(_ count: Int) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let now = arrived.withLock { state -> Bool in
        if state.count >= count { return true }
        state.waiters.append((count, continuation))
        return false
      }
      if now { continuation.resume() }
    }
  }

  /// How many requests have reached the server.
  var arrivals: Int { arrived.withLock { $0.count } }

  /// Lets every held request (and every later one) be answered.
  func open() { opened.signal() }
}
