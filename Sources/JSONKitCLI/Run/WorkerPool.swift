#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A fixed set of threads running jobs in the order they are queued.
///
/// The threads get the main evaluation thread's stack size (reserved, not committed): a
/// program nests as deeply on a worker as it does on one thread, so the stack guard stops
/// both at the same depth. POSIX threads and a condition variable, not Foundation's
/// `Thread` and `NSCondition`: the tool links FoundationEssentials only.
final class WorkerPool: @unchecked Sendable {
  // @unchecked: `jobs` and `stopping` are read and written only while holding `mutex`.
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var jobs: [@Sendable () -> Void] = []
  private var stopping = false

  init(threads: Int, stackSize: Int) {
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setstacksize(&attributes, stackSize)
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    for _ in 0..<threads {
      // Each thread holds the pool until its loop ends, as a `Thread`'s closure would.
      let pool = Unmanaged.passRetained(self).toOpaque()
      #if canImport(Darwin)
        var thread: pthread_t?
      #else
        var thread = pthread_t()
      #endif
      let started = pthread_create(&thread, &attributes, workerThread, pool)
      precondition(started == 0, "cannot start a worker thread: \(started)")
    }
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  func enqueue(_ job: @escaping @Sendable () -> Void) {
    pthread_mutex_lock(mutex)
    jobs.append(job)
    pthread_cond_signal(condition)
    pthread_mutex_unlock(mutex)
  }

  /// Lets the threads end once the queue is empty.
  func stop() {
    pthread_mutex_lock(mutex)
    stopping = true
    pthread_cond_broadcast(condition)
    pthread_mutex_unlock(mutex)
  }

  fileprivate func work() {
    while true {
      pthread_mutex_lock(mutex)
      while jobs.isEmpty && !stopping { pthread_cond_wait(condition, mutex) }
      if jobs.isEmpty {
        pthread_mutex_unlock(mutex)
        return
      }
      let job = jobs.removeFirst()
      pthread_mutex_unlock(mutex)
      job()
    }
  }
}

/// The body of a worker thread: the pool's loop, then the thread's hold on the pool ends.
#if canImport(Darwin)
  private func workerThread(_ pool: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<WorkerPool>.fromOpaque(pool).takeRetainedValue().work()
    return nil
  }
#else
  private func workerThread(_ pool: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    Unmanaged<WorkerPool>.fromOpaque(pool!).takeRetainedValue().work()
    return nil
  }
#endif
