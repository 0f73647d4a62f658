import JSONKitCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The memory one run of a program may allocate: `QueryLimits.memory`, counted down as
/// values are made, and a step that would pass it fails before it allocates.
///
/// Without a memory limit only one check is left, the machine's: no one step may ask for
/// more than a quarter of the machine's physical memory (at least 1 GiB) at once (a string
/// repeated, `"x" * 1e9`; two strings or arrays joined; `setpath` padding an array). jq
/// itself has no such budget (it stops at its own limits, `Repeat string result too long`
/// past 1 GiB, or aborts when `malloc` fails). Either way the run ends with "… memory
/// limit …", a resource limit that `try` does not catch.
///
/// The run's budget is the task-local `current` while the run's values are pulled (its
/// `QueryResults`), so that the value operations deep in the library check it without
/// passing it along. The evaluator charges its own budget directly and hands it to the
/// value operations it calls (`check(_:_:in:)`), so that a run without a memory limit pays
/// a test of `nil` for each of them, not a read of the task-local.
///
/// ```swift
/// let query = try Query(#""x" * 1e8"#, options: QueryOptions(limits: QueryLimits(memory: 1 << 26)))
/// try query.values(on: .null)  // throws: a string of 100000000 bytes passes the memory limit
/// ```
// Safe: the budget is shared only by the one run that owns it, which one thread evaluates at a time
// (as its `Executor`); it is Sendable only to be a task-local.
final class MemoryBudget: @unchecked Sendable {
  /// The budget of the run being evaluated on this task, while its `QueryResults` pulls a
  /// value; `nil` for a run without a memory limit (only `machineBytes` applies).
  @TaskLocal static var current: MemoryBudget?

  /// The most one step may ask for at once without a memory limit: a quarter of the
  /// machine's physical memory, at least 1 GiB.
  static let machineBytes = max(physicalMemory / 4, machineFloor)
  /// The least `machineBytes` can be, 1 GiB: counts up to it need no look at the machine.
  static let machineFloor = 1 << 30

  /// The machine's memory in bytes, from `sysconf` (`ProcessInfo` costs a run more to set up
  /// than the rest of its start); 0 when unknown.
  static var physicalMemory: Int {
    max(sysconf(Int32(_SC_PHYS_PAGES)), 0) * max(sysconf(Int32(_SC_PAGESIZE)), 0)
  }

  /// Bytes a value of each element of an array takes (a `JSON` in an array's buffer).
  static let bytesPerElement = MemoryLayout<JSON>.stride
  /// Bytes counted for each member of an object: its key, its value and its slot in the
  /// key index.
  static let bytesPerMember = 4 * MemoryLayout<JSON>.stride

  /// `QueryLimits.memory`.
  let limit: Int
  /// Bytes the run may still allocate.
  @exclusivity(unchecked) private(set) var left: Int

  /// A budget of `limit` bytes for one run.
  init(limit: Int) {
    self.limit = max(limit, 0)
    left = self.limit
  }

  /// Throws when a result of `count` bytes does not fit in what is left of the budget.
  ///
  /// The budget is the run's (`current`), or without one `machineBytes`; `what` says what
  /// was being made ("a string of 3000000000 bytes"). Nothing is counted: the result is
  /// counted when made. Reads the task-local: code that has the run's budget at hand (the
  /// evaluator's) passes it to `check(_:_:in:)` instead.
  static func check(_ count: Double, _ what: @autoclosure () -> String) throws(QueryError) {
    try check(count, what(), in: current)
  }

  /// `check` against `budget`, the run's budget or `nil` for a run without one.
  ///
  /// Without a budget it costs two comparisons: no count below `machineFloor` can pass
  /// `machineBytes`, so the machine's figure is read only past it.
  @inline(__always)
  static func check(_ count: Double, _ what: @autoclosure () -> String, in budget: MemoryBudget?)
    throws(QueryError)
  {
    if let budget {
      if count > Double(budget.left) { throw budget.exceeded(what()) }
    } else if count > Double(machineFloor) {
      try checkMachine(count, what())
    }
  }

  /// `check` without a run's budget: against `machineBytes`.
  @inline(never)
  private static func checkMachine(_ count: Double, _ what: @autoclosure () -> String)
    throws(QueryError)
  {
    guard count > Double(machineBytes) else { return }
    throw QueryError.resourceLimit(
      "\(what()) exceeds the memory limit of \(machineBytes) bytes (a quarter of this"
        + " machine's memory)", .memory)
  }

  /// `check` for a buffer appended to, which grows by doubling, against `budget`.
  ///
  /// Against a run's budget it checks twice `count` (the old buffer is freed only after
  /// the copy); against the machine's, `count`.
  @inline(__always)
  static func checkGrowing(
    _ count: Int, _ what: @autoclosure () -> String, in budget: MemoryBudget?
  ) throws(QueryError) {
    if count > largestGrowing(in: budget) { try failGrowing(count, what(), in: budget) }
  }

  /// The largest count `checkGrowing` lets through against `budget`: half of what is left
  /// of a run's budget, or without one the machine's budget.
  ///
  /// A loop that appends to one buffer and counts nothing meanwhile (`join`) reads it once
  /// and compares each count with it.
  @inline(__always)
  static func largestGrowing(in budget: MemoryBudget?) -> Int {
    guard let budget else { return machineFloor }
    return budget.left / 2
  }

  /// The error of a count past `largestGrowing(in: budget)`; without a budget, a count
  /// past `machineFloor` that is still within `machineBytes` passes.
  @inline(never)
  static func failGrowing(_ count: Int, _ what: @autoclosure () -> String, in budget: MemoryBudget?)
    throws(QueryError)
  {
    guard let budget else { return try checkMachine(Double(count), what()) }
    throw budget.exceeded(what())
  }

  /// Counts `count` bytes of a value grown in one allocation (an array padded by an index)
  /// against the current run's budget; without one, checks them against `machineBytes`.
  ///
  /// `charge` alone lets anything through a run without a memory limit: an index of
  /// 536,870,911 would ask for 8 GiB at once.
  static func chargePadding(_ count: Int, _ what: @autoclosure () -> String) throws(QueryError) {
    if let current {
      try current.charge(count, what())
    } else if count > machineFloor {
      try checkMachine(Double(count), what())
    }
  }

  /// Counts `count` bytes against the current run's budget, if it has one.
  static func charge(_ count: Int, _ what: @autoclosure () -> String) throws(QueryError) {
    try current?.charge(count, what())
  }

  /// Counts `count` bytes; throws when the run has passed its limit.
  func charge(_ count: Int, _ what: @autoclosure () -> String) throws(QueryError) {
    guard count <= left else {
      left = -1
      throw exceeded(what())
    }
    left -= count
  }

  /// Counts a new value's own size: its bytes, elements or members, and with `nested`
  /// those of its elements' and members' values too (one level).
  ///
  /// Never inlined: the evaluator calls it behind one test of whether the run has a budget.
  @inline(never)
  func charge(_ value: JSON, nested: Bool = false) throws(QueryError) {
    var bytes = Self.size(of: value)
    if nested {
      switch value.type {
      case .array: value.forEachElement { bytes += Self.size(of: $1) }
      case .dictionary: value.forEachMember { bytes += Self.size(of: $1) }
      default: break
      }
    }
    if bytes > 0 { try charge(bytes, "\(ValueOps.describe(value))") }
  }

  /// The bytes counted for `value` alone: a string's bytes, an array's elements, an object's
  /// members (keys counted with their members); 0 for a number, a boolean or null.
  static func size(of value: JSON) -> Int {
    switch value.type {
    case .string: value.stringValue.utf8.count
    case .array: value.count * bytesPerElement
    case .dictionary: value.count * bytesPerMember
    default: 0
    }
  }

  /// The error for a run that passed its limit making `what`.
  func exceeded(_ what: String) -> QueryError {
    QueryError.resourceLimit(
      "memory limit of \(limit) bytes exceeded (making \(what))", .memory)
  }
}
