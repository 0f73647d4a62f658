#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Joinable threads.
///
/// Foundation's `Thread` cannot be joined, and `stop()` promises that the
/// server's threads have exited when it returns, so the server uses pthreads directly.
enum PosixThread {
  /// A box to carry the closure through pthread_create's single raw-pointer argument.
  private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  /// Starts `body` on a new joinable thread; nil if the system refuses (at its thread limit).
  static func spawn(_ body: @escaping @Sendable () -> Void) -> pthread_t? {
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    // 200 connection threads with the default 8 MiB stacks would reserve 1.6 GiB of address
    // space; handlers are small, 1 MiB is plenty.
    pthread_attr_setstacksize(&attributes, 1 << 20)

    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    var thread = pthread_t()
    let result = pthread_create(
      &thread, &attributes,
      { context in
        Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
        return nil
      }, context)
    guard result == 0 else {
      Unmanaged<Body>.fromOpaque(context).release()
      return nil
    }
    return thread
  }

  static func join(_ thread: pthread_t) {
    _ = pthread_join(thread, nil)
  }

  static func isCurrent(_ thread: pthread_t) -> Bool {
    pthread_equal(thread, pthread_self()) != 0
  }
}
