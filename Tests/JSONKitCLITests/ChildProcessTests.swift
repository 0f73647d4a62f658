import Foundation
import TestProcesses
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The harness every CLI test runs through: children must not keep other tests' pipes open,
/// and a child that hangs must not hang the run.
@Suite("Child processes of the command-line tests")
struct ChildProcessTests {
  @Test("A child inherits no descriptor above standard error")
  func aChildInheritsNoDescriptorAboveStandardError() async throws {
    // A pipe without FD_CLOEXEC, as another test's (or a library's) might be.
    var ends: [Int32] = [-1, -1]
    try #require(pipe(&ends) == 0)
    defer { for fd in ends { close(fd) } }
    let outcome = try await ChildProcess.run("/bin/sh", ["-c", "ls /proc/$$/fd"])
    #expect(outcome.status == 0)
    let open = String(decoding: outcome.standardOutput, as: UTF8.self)
      .split(separator: "\n").compactMap { Int32($0) }
    #expect(open.sorted() == [0, 1, 2], "the child had \(open) open")
  }

  @Test("Input, output, error and status come back")
  func inputOutputErrorAndStatusComeBack() async throws {
    let outcome = try await ChildProcess.run(
      "/bin/sh", ["-c", "tr a-z A-Z; echo oops >&2; exit 3"], input: Array("hello".utf8))
    #expect(outcome.standardOutput == Array("HELLO".utf8))
    #expect(outcome.standardError == Array("oops\n".utf8))
    #expect(outcome.termination == .exited(3))
    #expect(!outcome.timedOut)
  }

  @Test("A child that hangs is killed after the timeout")
  func aChildThatHangsIsKilledAfterTheTimeout() async throws {
    // `sleep` in the background keeps the output pipe open after the shell is killed: the
    // reads are bounded as well. The timeout leaves the shell ample time to print `started`
    // on a loaded machine (it takes milliseconds on a quiet one); the sleeps outlast it.
    let outcome = try await ChildProcess.run(
      "/bin/sh", ["-c", "sleep 30 & echo started; exec sleep 600"], timeout: .seconds(10))
    #expect(outcome.timedOut)
    #expect(outcome.termination == .signaled(SIGKILL))
    #expect(outcome.status == 128 + SIGKILL)
    #expect(outcome.standardOutput == Array("started\n".utf8))
  }
}
