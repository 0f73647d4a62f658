#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value guarded by a pthread mutex.
///
/// `Synchronization.Mutex` would need no `@unchecked`, but on Linux it locks with a raw futex
/// that ThreadSanitizer does not see, so `swift test --sanitize=thread` reports every access
/// under it as a race (checked with Swift 6.3.1 on a two-thread counter). TSan intercepts
/// pthread mutexes, so with this lock a TSan run of code using the server shows only real races.
final class Locked<Value: Sendable>: @unchecked Sendable {
  // @unchecked Sendable: `value` is read and written only inside withLock, holding `mutex`;
  // `mutex` itself is set up in init and torn down in deinit, when no other thread can use it.
  private var value: Value
  /// On the heap: a pthread mutex must not move, and a stored property of a class may.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  init(_ value: Value) {
    self.value = value
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&value)
  }
}
