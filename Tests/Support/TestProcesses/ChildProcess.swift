import Foundation
import Threading

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child process for the tests, started with `posix_spawn` and reaped by a thread of its own.
///
/// Why not Foundation's `Process`: on Linux it learns that a child ended from the end of a
/// socket pair the child inherits, and a child that another thread of the test process
/// spawns at the same moment can inherit that socket as well (descriptors opened after the
/// spawner listed what to close are not closed). The first child's end then goes unnoticed
/// until the other child exits too, and a wait that is not bounded hangs the run. Here every
/// child closes every descriptor above standard error (`closefrom`), whoever opened it and
/// whenever, and the end of the child is learned from `waitpid` on its own PID.
///
/// ```swift
/// let child = try ChildProcess("/bin/echo", ["hi"], standardOutput: .pipe)
/// let line = try await child.readOutputLine()  // "hi"
/// let ended = await child.wait(timeout: .seconds(10))  // .exited(0)
/// ```
public final class ChildProcess: Sendable {
  /// Where one of the child's standard descriptors goes.
  public enum Stream: Sendable {
    /// `/dev/null`.
    case null
    /// A pipe whose other end this object holds (`inputDescriptor` / `outputDescriptor` /
    /// `errorDescriptor`).
    case pipe
  }

  /// How the child ended.
  public enum Termination: Sendable, Equatable {
    case exited(Int32)
    case signaled(Int32)

    /// The exit status, or 128 + the signal as a shell reports it.
    public var status: Int32 {
      switch self {
      case .exited(let code): code
      case .signaled(let signal): 128 + signal
      }
    }
  }

  public let pid: pid_t
  /// The write end of the child's standard input when it is `.pipe`, else -1.
  ///
  /// Close it with
  /// ``closeInput()``.
  public let inputDescriptor: Int32
  /// The read end of the child's standard output when it is `.pipe`, else -1.
  public let outputDescriptor: Int32
  /// The read end of the child's standard error when it is `.pipe`, else -1.
  public let errorDescriptor: Int32

  /// How the child ended, set by the reaper thread.
  private let termination = Completion<Termination>()
  /// Pipe ends this object still closes on deinit (``take(_:)`` hands one over).
  private let owned: Locked<Set<Int32>>

  /// Starts `executable` (a path) with `arguments`; `environment` nil passes this process's.
  public init(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
    standardInput: Stream = .null, standardOutput: Stream = .null,
    standardError: Stream = .null
  ) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Our ends of the pipes, closed in this process after the spawn: (child fd, parent fd).
    var childEnds: [Int32] = []
    var parentEnds: [Int32] = [-1, -1, -1]
    defer { for fd in childEnds { close(fd) } }
    for (target, stream) in [standardInput, standardOutput, standardError].enumerated() {
      let target = Int32(target)
      switch stream {
      case .null:
        posix_spawn_file_actions_addopen(
          &actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
      case .pipe:
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
          for fd in parentEnds where fd >= 0 { close(fd) }
          throw ChildProcessError(description: "pipe() failed: errno \(errno)")
        }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let (childEnd, parentEnd) = target == 0 ? (ends[0], ends[1]) : (ends[1], ends[0])
        childEnds.append(childEnd)
        parentEnds[Int(target)] = parentEnd
        posix_spawn_file_actions_adddup2(&actions, childEnd, target)
      }
    }
    Self.closeEverythingAboveStandardError(&actions)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // A process group of its own, as Foundation's Process does: a signal meant for the test
    // runner's group does not reach the children.
    var flags = POSIX_SPAWN_SETPGROUP
    #if os(Linux)
      // The signal state a shell would give it, whatever this process's tests have done to
      // theirs: SIGPIPE is ignored here once a test has called `ignoreBrokenPipes()` (and an
      // ignored signal stays ignored across exec), and a test worker thread's mask blocks
      // SIGTERM. Without this a child's behaviour would hang on which tests ran before.
      var defaults = sigset_t()
      sigemptyset(&defaults)
      sigaddset(&defaults, SIGPIPE)
      posix_spawnattr_setsigdefault(&attributes, &defaults)
      var mask = sigset_t()
      sigemptyset(&mask)
      posix_spawnattr_setsigmask(&attributes, &mask)
      flags |= POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
    #endif
    posix_spawnattr_setflags(&attributes, Int16(flags))

    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let environmentLines = environment.map { $0.map { "\($0.key)=\($0.value)" } }
    let envp = environmentLines.map { $0.map { strdup($0) } + [nil] }
    defer { for pointer in envp ?? [] { free(pointer) } }

    var child: pid_t = 0
    let spawned: Int32
    if let envp {
      spawned = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
    } else {
      spawned = posix_spawn(&child, executable, &actions, &attributes, argv, environ)
    }
    guard spawned == 0 else {
      for fd in parentEnds where fd >= 0 { close(fd) }
      throw ChildProcessError(description: "posix_spawn \(executable) failed: errno \(spawned)")
    }
    pid = child
    (inputDescriptor, outputDescriptor, errorDescriptor) =
      (parentEnds[0], parentEnds[1], parentEnds[2])
    owned = Locked(Set(parentEnds.filter { $0 >= 0 }))
    // The reaper: a plain thread (not the cooperative pool, not Dispatch's few global
    // threads), blocked in waitpid on this PID only.
    let reaper = Reaper(child: self)
    guard PosixThread.spawn(name: "test-reaper", detached: true, { reaper.reap() }) != nil else {
      sendKill(child)
      throw ChildProcessError(description: "no thread could start to reap \(executable)")
    }
  }

  deinit {
    for fd in owned.withLock({ $0 }) { close(fd) }
  }

  /// Hands one of the pipe ends over to the caller, who closes it from now on (a reader on
  /// another thread that may outlive this object, say); nil if it is not ours any more.
  public func take(_ descriptor: Int32) -> Int32? {
    owned.withLock { $0.remove(descriptor) }
  }

  /// Closes standard input's write end (the child then reads its end); once only.
  public func closeInput() {
    if let fd = take(inputDescriptor) { close(fd) }
  }

  /// Writes `bytes` to the child's standard input (`.pipe`), stopping at the first error
  /// (EPIPE when the child has stopped reading: see ``ignoreBrokenPipes()``).
  ///
  /// The writes, which block while the child has not read what the pipe holds, run on a
  /// thread of their own (``onOwnThread(stackSize:_:)``), not on the cooperative pool.
  public func writeInput(_ bytes: [UInt8]) async throws {
    try await onOwnThread { self.writeInputBlocking(bytes) }
  }

  /// ``writeInput(_:)`` on the calling thread, for a thread of ``run(_:_:environment:input:timeout:)``'s
  /// own.
  func writeInputBlocking(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        write(inputDescriptor, $0.baseAddress! + offset, $0.count - offset)
      }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return }
      offset += written
    }
  }

  /// The child's standard output (`.pipe`) up to the next newline, without it; nil at the
  /// end of the output before any byte.
  ///
  /// For a first line a server prints (its port, a PID). The blocking reads run on a thread
  /// of their own (``onOwnThread(stackSize:_:)``), not on the cooperative pool.
  public func readOutputLine() async throws -> String? {
    let descriptor = outputDescriptor
    return try await onOwnThread {
      var line: [UInt8] = []
      var byte: UInt8 = 0
      while true {
        let count = read(descriptor, &byte, 1)
        if count < 0 && errno == EINTR { continue }
        guard count == 1 else {
          return line.isEmpty ? nil : String(decoding: line, as: UTF8.self)
        }
        if byte == UInt8(ascii: "\n") { return String(decoding: line, as: UTF8.self) }
        line.append(byte)
      }
    }
  }

  /// Sends SIGKILL, which ends the child whatever it does with other signals (and, where the
  /// spawn cannot reset it, whatever signal mask it inherited from a test runner's thread).
  public func kill() {
    if termination.value == nil { sendKill(pid) }
  }

  /// Whether the child has ended (and been reaped); never blocks.
  var hasEnded: Bool { termination.value != nil }

  /// How the child ended; nil if it has not within `timeout` (nil timeout: waits as long as it
  /// takes).
  ///
  /// The task is suspended meanwhile: the reaper thread resumes it, so no thread of the
  /// cooperative pool is held while a child runs. The timeout is measured by a task's timer,
  /// which fires only when the pool runs it (on a busy pool, well after `timeout`): a bound
  /// on a hang, not a deadline to act on (``run(_:_:environment:input:timeout:)`` kills on
  /// a thread of its own).
  public func wait(timeout: Duration? = nil) async -> Termination? {
    await termination.wait(timeout: timeout)
  }

  fileprivate func record(_ status: Int32) {
    let signal = status & 0x7F
    termination.complete(signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal))
  }

  /// Every descriptor from 3 up is closed in the child after the `dup2`s, whoever opened it:
  /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34+), looked up at run time since
  /// Swift's Glibc module does not declare it; else each descriptor open now.
  private static func closeEverythingAboveStandardError(
    _ actions: inout posix_spawn_file_actions_t
  ) {
    if let closeFrom = addCloseFrom {
      _ = closeFrom(&actions, 3)
      return
    }
    let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    for fd in open.compactMap({ Int32($0) }) where fd > 2 {
      posix_spawn_file_actions_addclose(&actions, fd)
    }
  }

  private typealias AddCloseFrom =
    @convention(c) (
      UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32
    ) -> Int32

  private static let addCloseFrom: AddCloseFrom? = {
    guard
      let symbol = dlsym(
        UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
    else { return nil }
    return unsafeBitCast(symbol, to: AddCloseFrom.self)
  }()
}

/// `kill(2)`, out of reach inside ``ChildProcess`` whose own `kill()` hides it.
private func sendKill(_ pid: pid_t) {
  _ = kill(pid, SIGKILL)
}

/// Waits for the child on its own thread and records how it ended.
private struct Reaper: Sendable {
  let child: ChildProcess

  func reap() {
    var status: Int32 = 0
    while waitpid(child.pid, &status, 0) < 0 {
      // ECHILD: someone else reaped it (nothing in the tests should); report a kill.
      if errno != EINTR {
        status = SIGKILL
        break
      }
    }
    child.record(status)
  }
}

/// A child could not be started.
public struct ChildProcessError: Error, CustomStringConvertible {
  public let description: String
}
