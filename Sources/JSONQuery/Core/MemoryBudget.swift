import JSONKitCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The most memory one step of a program may ask for at once: a string repeated
/// (`"x" * 1e9`), two strings or arrays joined, an array imploded.
///
/// jq itself has no such
/// budget (it stops at its own limits, `Repeat string result too long` past 1 GiB, or
/// aborts when `malloc` fails); a step whose result would not fit in the budget ends the
/// run instead with "… exceeds the memory budget", a resource limit that `try` does not
/// catch, before anything is allocated.
///
/// The budget is a quarter of the machine's physical memory (at least 1 GiB). A caller can
/// set a smaller one for the work it runs:
///
/// ```swift
/// try MemoryBudget.$bytes.withValue(64 << 20) {
///   try Query(#""x" * 1e8"#).values(on: .null)  // throws: exceeds the memory budget
/// }
/// ```
enum MemoryBudget {
  /// The budget in bytes, for the current task.
  @TaskLocal static var bytes: Int = max(physicalMemory / 4, 1 << 30)

  /// The machine's memory in bytes, from `sysconf` (`ProcessInfo` costs a run more to set up
  /// than the rest of its start); 0 when unknown.
  static var physicalMemory: Int {
    max(sysconf(Int32(_SC_PHYS_PAGES)), 0) * max(sysconf(Int32(_SC_PAGESIZE)), 0)
  }

  /// Bytes a value of each element of an array takes (a `JSON` in an array's buffer).
  static let bytesPerElement = MemoryLayout<JSON>.stride

  /// Throws when a result of `count` bytes does not fit in the budget; `what` says what
  /// was being made ("a string of 3000000000 bytes").
  static func check(_ count: Double, _ what: @autoclosure () -> String) throws(QueryError) {
    guard count > Double(bytes) else { return }
    throw QueryError.resourceLimit(
      "\(what()) exceeds the memory budget of \(bytes) bytes")
  }
}
