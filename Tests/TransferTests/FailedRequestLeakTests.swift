import Foundation
import Glibc
import LoopbackTestServer
import TestProcesses
import Testing
import Transfer

/// Ten thousand requests that fail on the wire leave nothing behind: once the session is shut
/// down only the server's listener is left on its port, the process's descriptors come back to
/// where they were after a warm-up, and resident memory stays within a stated margin of it.
///
/// The requests run in a process of their own (this test binary again, running this suite's
/// measured test alone): descriptors and resident memory belong to the whole process, and in
/// the test run's process other tests open hundreds of descriptors and allocate hundreds of
/// megabytes alongside, whenever they please.
@Suite("Failed requests leave no descriptors or memory behind")
struct FailedRequestLeakTests {
  /// Set in the process of its own that runs the measured test.
  static let environmentKey = "JSONKIT_FAILED_REQUEST_LEAK_CHILD"
  static let isChild = ProcessInfo.processInfo.environment[environmentKey] != nil
  /// The line the measured test prints when it has run (a filter that matched nothing
  /// would pass too).
  static let measuredMarker = "failed-request leak check measured:"

  static let failedRequests = 10_000
  static let warmUpRequests = 1_000
  /// Requests in flight at once.
  static let concurrency = 16
  /// Nothing else runs in the measuring process: a leak of one descriptor per 600 failed
  /// requests exceeds this.
  static let descriptorMargin = 16
  /// Resident memory may grow this much over the run (allocator caches): a leak of 6.5 KiB
  /// per failed request (a curl handle with its buffers is more) exceeds it.
  static let memoryMargin = 64 * 1024 * 1024

  /// The faults, in turn: resets, truncated chunks, short bodies, no reply, a broken status
  /// line, a redirect loop, and now and then a stalled body (a time-out).
  static let paths = [
    "/reset", "/truncated-chunks", "/long-content-length", "/hang-up", "/bad-status", "/reset",
    "/truncated-chunks", "/hang-up", "/loop", "/long-content-length",
  ]

  /// Sends `count` requests, `concurrency` at a time; returns how many did not fail with a
  /// transport error.
  static func fail(_ count: Int, from offset: Int, at server: LoopbackServer, with session: Session)
    async -> Int
  {
    await withTaskGroup(of: Bool.self) { group in
      var unexpected = 0
      for index in offset..<(offset + count) {
        if index - offset >= concurrency, let failed = await group.next(), !failed {
          unexpected += 1
        }
        // Every 100th request stalls mid-body until the idle time-out.
        let path = index % 100 == 99 ? "/stall" : paths[index % paths.count]
        group.addTask {
          let response = await session.request(server.url(path)).serializingData().response
          return response.error?.curlCode != nil
        }
      }
      for await failed in group where !failed { unexpected += 1 }
      return unexpected
    }
  }

  static func openDescriptors() -> Int {
    ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).count
  }

  static func residentBytes() -> Int {
    let fields = wholeProcFile("/proc/self/statm")?.split(separator: " ") ?? []
    return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
  }

  /// Waits until at most `count` sockets are open on `port` (the server lingers up to a
  /// second on each closed connection; a loaded machine longer), bounded only against a
  /// hang; returns the last count seen.
  static func socketsSettle(on port: Int, atMost count: Int) async -> Int {
    var seen = socketsOnPort(port)
    _ = await waitUntil {
      seen = socketsOnPort(port)
      return seen <= count
    }
    return seen
  }

  @Test(
    "10,000 failed requests leave no socket, descriptor or memory behind",
    .enabled(if: !isChild))
  func tenThousandFailedRequestsLeakNothing() async throws {
    let binary = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    var environment = ProcessInfo.processInfo.environment
    environment[Self.environmentKey] = "1"
    // Twenty minutes, not `livenessLimit`: the child does work (10,000 requests), it does not
    // wait for an event; still below Scripts/test's 25, so a hang is reported here.
    let outcome = try await ChildProcess.run(
      binary,
      [
        "--testing-library", "swift-testing", "--filter",
        "FailedRequestLeakTests/measuredInAProcessOfItsOwn",
      ], environment: environment, timeout: .seconds(1200))
    let output =
      String(decoding: outcome.standardOutput, as: UTF8.self)
      + String(decoding: outcome.standardError, as: UTF8.self)
    #expect(!outcome.timedOut, "the measuring process did not end")
    #expect(outcome.status == 0, "the measuring process failed:\n\(output.suffix(4000))")
    #expect(output.contains(Self.measuredMarker), "nothing was measured:\n\(output.suffix(4000))")
  }

  /// The measurement itself, run only in the process that the test above starts.
  @Test("10,000 failed requests, measured in a process of their own", .enabled(if: isChild))
  func measuredInAProcessOfItsOwn() async throws {
    try await withServer(WireFaultTests.handler) { server in
      let session = WireFaultTests.session(idleTimeout: .milliseconds(300), redirects: 3)
      let warmUp = await Self.fail(
        Self.warmUpRequests, from: 0, at: server, with: session)
      #expect(warmUp == 0)
      let descriptorsBefore = Self.openDescriptors()
      let memoryBefore = Self.residentBytes()

      let unexpected = await Self.fail(
        Self.failedRequests, from: Self.warmUpRequests, at: server, with: session)
      #expect(unexpected == 0)

      // The session's connection cache may keep up to 16 idle connections to the server
      // (redirects are answered on kept-alive connections), both of their ends in this
      // process, until curl next looks at them: not a leak. Shutting the session down
      // closes them, so afterwards only the listener may be left; a socket a failed
      // request lost outlives the session and is counted.
      await session.shutdown()
      let socketsAfter = await Self.socketsSettle(on: server.port, atMost: 1)
      #expect(
        socketsAfter == 1,
        "\(socketsAfter) sockets on the port: the listener and \(socketsAfter - 1) more")
      let descriptorsAfter = Self.openDescriptors()
      #expect(
        descriptorsAfter <= descriptorsBefore + Self.descriptorMargin,
        "\(descriptorsBefore) descriptors before, \(descriptorsAfter) after")
      let memoryAfter = Self.residentBytes()
      #expect(
        memoryAfter <= memoryBefore + Self.memoryMargin,
        "resident \(memoryBefore >> 20) MiB before, \(memoryAfter >> 20) MiB after")
      print(
        Self.measuredMarker, "\(socketsAfter) sockets on the port,",
        "descriptors \(descriptorsBefore) -> \(descriptorsAfter),",
        "resident \(memoryBefore >> 20) -> \(memoryAfter >> 20) MiB")
    }
  }
}
