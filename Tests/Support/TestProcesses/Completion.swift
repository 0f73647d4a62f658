import Threading

/// A value that a plain thread sets once and tasks await, with a bound, without holding a
/// thread of Swift's cooperative pool while they wait.
///
/// The pool has a thread per core (two here): a test that blocked one of them on a semaphore
/// while a child process ran left every other test's task waiting for the other, and two whole
/// test runs at once on two cores kept a task off the pool for over ten minutes. A waiting task
/// here is suspended instead: the pool runs other tests meanwhile.
///
/// ```swift
/// let done = Completion<Int32>()
/// _ = PosixThread.spawn(detached: true) { done.complete(42) }
/// let value = await done.wait(timeout: .seconds(10))  // 42
/// ```
public final class Completion<Value: Sendable>: Sendable {
  private struct State {
    var value: Value?
    var waiters: [Int: CheckedContinuation<Value?, Never>] = [:]
    var nextWaiter = 0
  }

  private let state = Locked(State())

  /// A completion not yet set.
  public init() {}

  /// The value, if it has been set.
  public var value: Value? { state.withLock { $0.value } }

  /// Sets the value and resumes every waiting task; later calls change nothing.
  ///
  /// - Parameter value: The value the waiters get.
  public func complete(_ value: Value) {
    let waiters = state.withLock { state -> [CheckedContinuation<Value?, Never>] in
      guard state.value == nil else { return [] }
      state.value = value
      defer { state.waiters = [:] }
      return Array(state.waiters.values)
    }
    for waiter in waiters { waiter.resume(returning: value) }
  }

  /// The value once it is set; nil if `timeout` passed first or the task was cancelled.
  ///
  /// - Parameter timeout: How long to wait; nil waits as long as it takes (or until the task
  ///   is cancelled).
  /// - Returns: The value, or nil.
  public func wait(timeout: Duration? = nil) async -> Value? {
    if let value { return value }
    guard let timeout else { return await waitUntilSetOrCancelled() }
    return await withTaskGroup(of: Value?.self) { group in
      group.addTask { await self.waitUntilSetOrCancelled() }
      group.addTask {
        try? await Task.sleep(for: timeout)
        return nil
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      return first ?? self.value
    }
  }

  private func waitUntilSetOrCancelled() async -> Value? {
    let id = state.withLock { state -> Int in
      state.nextWaiter += 1
      return state.nextWaiter
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Value?, Never>) in
        // Registered under the lock after checking for cancellation, and the cancellation
        // handler takes the lock after the flag is set: either this sees the flag or the
        // handler finds the waiter, so a cancelled wait always ends.
        let ready = state.withLock { state -> Value?? in
          if let value = state.value { return .some(value) }
          if Task.isCancelled { return .some(nil) }
          state.waiters[id] = continuation
          return .none
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      state.withLock { $0.waiters.removeValue(forKey: id) }?.resume(returning: nil)
    }
  }
}
