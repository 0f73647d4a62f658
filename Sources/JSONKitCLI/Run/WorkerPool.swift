import Foundation

/// A fixed set of threads running jobs in the order they are queued.
///
/// The threads get the main evaluation thread's stack size (reserved, not committed): a
/// program nests as deeply on a worker as it does on one thread, so the stack guard stops
/// both at the same depth.
final class WorkerPool: @unchecked Sendable {
  // @unchecked: `jobs` and `stopping` are read and written only while holding `condition`.
  private let condition = NSCondition()
  private var jobs: [@Sendable () -> Void] = []
  private var stopping = false

  init(threads: Int, stackSize: Int) {
    for _ in 0..<threads {
      let thread = Thread { [self] in work() }
      thread.stackSize = stackSize
      thread.start()
    }
  }

  func enqueue(_ job: @escaping @Sendable () -> Void) {
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  /// Lets the threads end once the queue is empty.
  func stop() {
    condition.lock()
    stopping = true
    condition.broadcast()
    condition.unlock()
  }

  private func work() {
    while true {
      condition.lock()
      while jobs.isEmpty && !stopping { condition.wait() }
      if jobs.isEmpty {
        condition.unlock()
        return
      }
      let job = jobs.removeFirst()
      condition.unlock()
      job()
    }
  }
}
