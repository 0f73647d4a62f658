import Testing
import Threading

/// Awaits `operation` for at most `limit`.
///
/// A step that does not end records an issue that
/// names it and gives nil, so that one stuck await fails its test instead of holding the
/// whole run until CI's limit (the operation's task is left behind).
func within<T: Sendable>(
  _ limit: Duration, _ step: String, sourceLocation: SourceLocation = #_sourceLocation,
  _ operation: @escaping @Sendable () async throws -> T
) async throws -> T? {
  let outcome = await withCheckedContinuation {
    (continuation: CheckedContinuation<Result<T, any Error>?, Never>) in
    let pending = Locked<CheckedContinuation<Result<T, any Error>?, Never>?>(continuation)
    let finish: @Sendable (Result<T, any Error>?) -> Void = { result in
      pending.withLock { waiting in
        waiting?.resume(returning: result)
        waiting = nil
      }
    }
    Task {
      do { finish(.success(try await operation())) } catch { finish(.failure(error)) }
    }
    Task {
      try? await Task.sleep(for: limit)
      finish(nil)
    }
  }
  guard let outcome else {
    Issue.record("\(step) did not end within \(limit)", sourceLocation: sourceLocation)
    return nil
  }
  return try outcome.get()
}
