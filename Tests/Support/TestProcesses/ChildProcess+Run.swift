import Foundation
import Threading

extension ChildProcess {
  /// What a run to completion produced.
  public struct Outcome: Sendable {
    /// How the child ended; nil only if it outlived even the kill (then the run is recorded
    /// as timed out as well).
    public var termination: Termination?
    public var standardOutput: [UInt8]
    public var standardError: [UInt8]
    /// The child outlived the timeout and was killed.
    public var timedOut: Bool

    /// The exit status, or 128 + the signal as a shell reports it; -1 if unknown.
    public var status: Int32 { termination?.status ?? -1 }
  }

  /// Runs `executable` to its end: `input` written to its standard input (then closed) on a
  /// thread of its own, standard output and error read to their ends on two more, so that a
  /// child writing more than a pipe holds cannot block against us.
  ///
  /// A child that outlives
  /// `timeout` is killed with SIGKILL. Every wait is bounded: nothing here can hang a run. The
  /// calling task is suspended while the child runs (those threads resume it), so it holds
  /// none of the cooperative pool's threads: other tests run meanwhile, however long the
  /// child takes on a busy machine.
  ///
  /// ```swift
  /// let outcome = try await ChildProcess.run("/bin/cat", [], input: Array("hi".utf8))
  /// // outcome.standardOutput == Array("hi".utf8), outcome.status == 0
  /// ```
  public static func run(
    _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
    input: [UInt8]? = nil, timeout: Duration = .seconds(60)
  ) async throws -> Outcome {
    let child = try ChildProcess(
      executable, arguments, environment: environment, standardInput: .pipe,
      standardOutput: .pipe, standardError: .pipe)
    let output = try Reader(child.take(child.outputDescriptor)!)
    let errors = try Reader(child.take(child.errorDescriptor)!)
    let bytes = input ?? []
    let writer = PosixThread.spawn(name: "test-child-in", detached: true) {
      // A child that exits before reading everything makes this write fail with EPIPE
      // (SIGPIPE must be ignored by the test process; `ignoreBrokenPipes()` does it).
      child.writeInputBlocking(bytes)
      child.closeInput()
    }
    if writer == nil { child.kill() }
    // The timeout is kept by a thread of its own, not by a task's timer: a task runs only when
    // the cooperative pool gets to it, and with a whole suite queued on the pool's two threads
    // (two runs at once on two cores) a 10-second timer fired after more than ten minutes,
    // when the child had run to its end unkilled.
    let killed = Locked(false)
    let timer = PosixThread.spawn(name: "test-child-timer", detached: true) {
      let deadline = ContinuousClock.now + timeout
      while !child.hasEnded {
        guard ContinuousClock.now < deadline else {
          killed.withLock { $0 = true }
          child.kill()
          return
        }
        usleep(20_000)
      }
    }
    if timer == nil { child.kill() }
    // A liveness bound only: the timer kills the child at `timeout`.
    let termination = await child.wait(timeout: timeout + .seconds(60))
    if termination == nil { child.kill() }
    let timedOut = killed.withLock { $0 } || termination == nil
    // The pipes' write ends are the child's and its own children's: a grandchild may still
    // hold them, so the reads are bounded too; briefly after a kill.
    let readLimit: Duration = timedOut ? .seconds(5) : .seconds(60)
    return Outcome(
      termination: termination, standardOutput: await output.wait(timeout: readLimit),
      standardError: await errors.wait(timeout: readLimit), timedOut: timedOut)
  }

  /// Makes writing to a pipe whose reader has gone an EPIPE error for this process, instead of
  /// a SIGPIPE that would end the test runner.
  ///
  /// Idempotent.
  public static func ignoreBrokenPipes() {
    _ = ignoringBrokenPipes
  }

  private static let ignoringBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()
}

/// Reads a descriptor to its end on a thread of its own, then closes it.
private final class Reader: Sendable {
  private let bytes = Locked<[UInt8]>([])
  private let done = Completion<Void>()

  init(_ fd: Int32) throws {
    let started = PosixThread.spawn(name: "test-child-out", detached: true) { [self] in
      var chunk = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        bytes.withLock { $0 += chunk[0..<count] }
      }
      close(fd)
      done.complete(())
    }
    guard started != nil else {
      close(fd)
      throw ChildProcessError(description: "no thread could start to read a child's output")
    }
  }

  /// What was read, once the writer closed its end or `timeout` passed (then what came so far).
  func wait(timeout: Duration) async -> [UInt8] {
    _ = await done.wait(timeout: timeout)
    return bytes.withLock { $0 }
  }
}
