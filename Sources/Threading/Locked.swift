#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value guarded by a POSIX mutex, with a condition to wait on: the package's one lock.
///
/// Why not `Synchronization.Mutex`: on Linux it locks with a raw futex that ThreadSanitizer
/// does not see, so `swift test --sanitize=thread` reports accesses under it as races. With
/// Swift 6.3.1, four threads each appending 100,000 times to an array under a `Mutex` gave
/// TSan reports on every run (and the right count, 400,000: no real race); the same program
/// with this lock gave none. TSan intercepts `pthread_mutex_*` and `pthread_cond_*`, so with
/// this lock a TSan run shows only real races. An uncontended lock and unlock costs the same
/// few atomic instructions as `Mutex`'s; the difference is one allocation per lock.
///
/// Like `Mutex`, the value goes in and out as `sending`, so a value that is not `Sendable`
/// (a C handle, a class) is still only reached by one thread at a time.
///
/// ```swift
/// let counter = Locked(0)
/// counter.withLock { $0 += 1 }
/// ```
package final class Locked<Value>: @unchecked Sendable {
  // Safe: `value` is read and written only by withLock's callers while they hold `mutex`; `mutex`
  // and `condition` are set up in init and torn down in deinit, when no other thread can use them.
  private var value: Value
  /// On the heap: a pthread mutex must not move, and a stored property of a class may.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private let condition: UnsafeMutablePointer<pthread_cond_t>

  /// A lock guarding `value`.
  ///
  /// - Parameter value: The guarded value's first state.
  package init(_ value: sending Value) {
    // Safe: each pointer was just allocated for one value, initialized once here and deinitialized
    // by `pthread_*_destroy` only in `deinit`.
    self.value = value
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    condition = .allocate(capacity: 1)
    condition.initialize(to: pthread_cond_t())
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    condition.deallocate()
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Runs `body` with the value while holding the lock.
  ///
  /// - Parameter body: Reads or changes the value; it must not take this lock again.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws.
  package func withLock<Result, Failure: Error>(
    _ body: (inout sending Value) throws(Failure) -> sending Result
  ) throws(Failure) -> sending Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }

  /// Waits until `ready` holds for the value, then runs `body` with it, holding the lock.
  ///
  /// The lock is released while waiting; `ready` is checked again after each
  /// ``wakeWaiters()`` (and after spurious wake-ups), always holding the lock.
  ///
  /// - Parameters:
  ///   - ready: Whether the value is in the state to wait for.
  ///   - body: Reads or changes the value once `ready` holds.
  /// - Returns: What `body` returns.
  package func withLock<Result>(
    whenReady ready: (Value) -> Bool, _ body: (inout sending Value) -> sending Result
  ) -> sending Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while !ready(value) { pthread_cond_wait(condition, mutex) }
    return body(&value)
  }

  /// Wakes every thread waiting in ``withLock(whenReady:_:)`` to check its condition again.
  ///
  /// Call it after a change (made under the lock) that a waiter may be waiting for.
  package func wakeWaiters() {
    pthread_cond_broadcast(condition)
  }
}
