import CSystemShims

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Stops evaluation before it overflows the thread's stack.
///
/// Generators nest: a lazily
/// recursive program (`def f: ., (.+1 | f); f`, `recurse(f)` on a long chain) goes one
/// level deeper on every output without any call being active, so the evaluator's
/// call-depth count does not see it. The guard compares the current frame's address with
/// the bottom of the current thread's stack instead, which is exact and cheap.
///
/// `enter()` (once per result) notes the bottom of the calling thread's stack; `check()`
/// (once per evaluation step) throws when less than `reserve` bytes are left.
struct StackGuard {
  /// The lowest address of the current thread's stack; 0 when unknown.
  private var low: UInt = 0
  /// The bytes kept free for what runs between two checks (builtins, value operations).
  private var reserve: UInt = 0
  private var thread: pthread_t?

  /// Notes the current thread's stack (again only when the thread changed).
  mutating func enter() {
    let current = pthread_self()
    if let thread, pthread_equal(thread, current) != 0 { return }
    thread = current
    guard let (low, size) = Self.currentStack() else {
      (self.low, reserve) = (0, 0)
      return
    }
    self.low = low
    reserve = min(size / 4, 1 << 20)
  }

  /// Throws when the stack has less than `reserve` bytes left.
  @inline(__always)
  func check() throws(QueryError) {
    // An address below `low` (a stack the guard does not know) wraps around to a large
    // distance: no false alarm.
    if cstackbounds_frame_address() &- low < reserve {
      throw QueryError.resourceLimit("evaluation nested too deeply (stack limit reached)")
    }
  }

  /// The lowest address and the size of the current thread's stack.
  private static func currentStack() -> (low: UInt, size: UInt)? {
    var low: UInt = 0
    var size = 0
    guard cstackbounds_current(&low, &size) == 0 else { return nil }
    return (low, UInt(size))
  }
}
