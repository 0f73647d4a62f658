import Threading

/// A value that arrives once from a completion handler and that any number of tasks await.
///
/// `DataTask` keeps its response in one of these rather than in a `Task` of its own: the
/// handler hands the value straight to the awaiting tasks' continuations, so the caller's
/// task resumes without first waking an intermediate task (one thread hop fewer per request).
final class AwaitedResponse<Value: Sendable>: Sendable {
  private struct State {
    var value: Value?
    var waiters: [CheckedContinuation<Value, Never>] = []
  }

  private let state = Locked(State())

  /// Stores `value` and resumes every waiting task; only the first call counts.
  func deliver(_ value: Value) {
    let waiters = state.withLock { state -> [CheckedContinuation<Value, Never>] in
      guard state.value == nil else { return [] }
      state.value = value
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume(returning: value) }
  }

  /// The value, once delivered.
  var value: Value {
    get async {
      if let value = state.withLock({ $0.value }) { return value }
      return await withCheckedContinuation { continuation in
        let ready = state.withLock { state -> Value? in
          if let value = state.value { return value }
          state.waiters.append(continuation)
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    }
  }
}
