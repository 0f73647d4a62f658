import Threading

/// A fixed set of threads running jobs in the order they are queued.
///
/// The threads get the main evaluation thread's stack size (reserved, not committed): a
/// program nests as deeply on a worker as it does on one thread, so the stack guard stops
/// both at the same depth. The package's `PosixThread` and `Locked`, not Foundation's
/// `Thread` and `NSCondition`: the tool links FoundationEssentials only.
final class WorkerPool: Sendable {
  private struct Queue {
    var jobs: [@Sendable () -> Void] = []
    var stopping = false
  }

  private let queue = Locked(Queue())

  init(threads: Int, stackSize: Int) {
    for _ in 0..<threads {
      // Each thread holds the pool until its loop ends, as a `Thread`'s closure would.
      let started = PosixThread.spawn(stackSize: stackSize, detached: true) { self.work() }
      precondition(started != nil, "cannot start a worker thread")
    }
  }

  func enqueue(_ job: @escaping @Sendable () -> Void) {
    queue.withLock { $0.jobs.append(job) }
    queue.wakeWaiters()
  }

  /// Lets the threads end once the queue is empty.
  func stop() {
    queue.withLock { $0.stopping = true }
    queue.wakeWaiters()
  }

  private func work() {
    while true {
      let job = queue.withLock(
        whenReady: { !$0.jobs.isEmpty || $0.stopping },
        { $0.jobs.isEmpty ? nil : $0.jobs.removeFirst() })
      guard let job else { return }
      job()
    }
  }
}
