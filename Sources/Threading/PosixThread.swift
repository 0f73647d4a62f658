#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Starts, joins and names POSIX threads: the package's one way to start a thread.
///
/// Foundation's `Thread` cannot be joined (the test server's `stop()` promises its threads
/// have exited when it returns), cannot be given a stack size before it starts on every
/// platform, and is not in FoundationEssentials (which is all the `jsonkit` tool links).
///
/// ```swift
/// if let thread = PosixThread.spawn(name: "worker", { print("on a thread") }) {
///   PosixThread.join(thread)
/// }
/// ```
package enum PosixThread {
  /// A thread's handle.
  package typealias Handle = pthread_t

  /// A box to carry the closure through pthread_create's single raw-pointer argument.
  private final class Body {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  /// Starts `body` on a new thread.
  ///
  /// - Parameters:
  ///   - name: The thread's name in debuggers and `top -H` (at most 15 bytes are kept).
  ///   - stackSize: Bytes of stack to reserve (address space, not committed memory); `nil`
  ///     for the system's default (`ulimit -s`).
  ///   - detached: Whether the thread's resources go when it ends (it cannot be joined then).
  ///   - body: What the thread runs.
  /// - Returns: The thread, to join unless `detached`; `nil` when the system refuses (a
  ///   thread limit, no memory).
  package static func spawn(
    name: String? = nil, stackSize: Int? = nil, detached: Bool = false,
    _ body: @escaping @Sendable () -> Void
  ) -> Handle? {
    // Safe: `context` carries one retain of the `Body`, released once: by `threadEntry` on the new
    // thread, or here when no thread started.
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
    if detached {
      pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    }
    let named: @Sendable () -> Void
    if let name {
      named = {
        setName(name)
        body()
      }
    } else {
      named = body
    }
    let context = Unmanaged.passRetained(Body(named)).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    let result = pthread_create(&thread, &attributes, threadEntry, context)
    guard result == 0 else {
      Unmanaged<Body>.fromOpaque(context).release()
      return nil
    }
    return thread
  }

  /// Names the calling thread: Linux keeps 15 bytes of a name and refuses a longer one.
  private static func setName(_ name: String) {
    let kept = String(decoding: name.utf8.prefix(15), as: UTF8.self)
    #if canImport(Darwin)
      _ = pthread_setname_np(kept)
    #else
      // Glibc's module does not import pthread_setname_np (a GNU extension), and prctl is
      // variadic; the kernel's own file for the name is what both write to.
      let fd = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
      guard fd >= 0 else { return }
      _ = kept.withCString { write(fd, $0, strlen($0)) }
      close(fd)
    #endif
  }

  /// Waits until `thread` has ended.
  ///
  /// - Parameter thread: A thread started by ``spawn(name:stackSize:detached:_:)``, not detached.
  package static func join(_ thread: Handle) {
    _ = pthread_join(thread, nil)
  }

  /// Whether `thread` is the calling thread.
  ///
  /// - Parameter thread: A thread started by ``spawn(name:stackSize:detached:_:)``.
  /// - Returns: `true` when the caller runs on `thread`.
  package static func isCurrent(_ thread: Handle) -> Bool {
    pthread_equal(thread, pthread_self()) != 0
  }

  /// The body of every thread: runs the closure, then lets go of it.
  #if canImport(Darwin)
    private static let threadEntry:
      @convention(c) (UnsafeMutableRawPointer) ->
        UnsafeMutableRawPointer? = { context in
          // Safe: `context` is the retained `Body` that `spawn` passed: taken back once, here.
          Unmanaged<Body>.fromOpaque(context).takeRetainedValue().run()
          return nil
        }
  #else
    private static let threadEntry:
      @convention(c) (UnsafeMutableRawPointer?) ->
        UnsafeMutableRawPointer? = { context in
          // Safe: `context` is the retained `Body` that `spawn` passed: taken back once, here.
          Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
          return nil
        }
  #endif
}
