extension Session {
  /// Stops the session: refuses new requests at once, lets the running ones end, then stops
  /// the session's transfer threads.
  ///
  /// ```swift
  /// // Drain: wait for every running request, however long it takes.
  /// await session.shutdown()
  ///
  /// // Give running requests five seconds, then cancel what is left.
  /// await session.shutdown(gracePeriod: .seconds(5))
  /// ```
  ///
  /// A request started after the call (its `resume()`, or its first handler, comes later)
  /// fails with ``TransferError/sessionShutDown``; one running or waiting to retry goes on
  /// until it ends, with its handlers, retries and redirects. A cancelled request ends with
  /// ``TransferError/explicitlyCancelled``. Cancelling the task that awaits `shutdown`
  /// cancels the running requests too, so the call returns soon after.
  ///
  /// Calling it again (or from several tasks at once) waits for the same end; a later call's
  /// `gracePeriod` may cancel requests that an earlier call would have waited for. A streamed
  /// response whose consumer has stopped reading never ends by itself: give such sessions a
  /// `gracePeriod`, or cancel the stream.
  ///
  /// - Parameter gracePeriod: how long running requests may take before they are cancelled;
  ///   `nil` (the default) waits for them to end, `.zero` cancels them at once.
  public func shutdown(gracePeriod: Duration? = nil) async {
    lifecycle.close()
    let deadline = gracePeriod.map { grace in
      Task { [self] in
        if grace > .zero { try await Task.sleep(for: grace) }
        cancelAllRequests()
      }
    }
    await withTaskCancellationHandler {
      await lifecycle.waitUntilDrained()
    } onCancel: {
      cancelAllRequests()
    }
    deadline?.cancel()
    for engine in engines { engine.shutdown() }
  }

  /// Whether ``shutdown(gracePeriod:)`` has been called: new requests then fail with
  /// ``TransferError/sessionShutDown``.
  ///
  /// ```swift
  /// guard !session.isShutDown else { return }
  /// ```
  public var isShutDown: Bool { lifecycle.isShutDown }

  /// Cancels every request of this session that is running or waiting to retry; each ends
  /// with ``TransferError/explicitlyCancelled`` and its handlers run.
  ///
  /// The session stays
  /// usable: requests made afterwards run as usual.
  ///
  /// ```swift
  /// // The user signed out: drop what was under way for them.
  /// session.cancelAllRequests()
  /// ```
  public func cancelAllRequests() {
    for request in lifecycle.runningRequests { request.cancel() }
  }
}
