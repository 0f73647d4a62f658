import Foundation
import LoopbackTestServer
import TestProcesses
import Testing
import Threading
import Transfer

/// An `InputStream` upload whose stream blocks (a pipe nobody writes to yet) holds only
/// itself: the session's other requests go on meanwhile, and the upload resumes when the
/// stream yields.
@Suite("Uploads from a stream that blocks")
struct BlockingStreamUploadTests {
  /// What happened, in order.
  final class Log: Sendable {
    let entries = Locked<[String]>([])
    func add(_ entry: String) { entries.withLock { $0.append(entry) } }
    var count: Int { entries.withLock { $0.count } }
  }

  @Test("A blocked stream does not hold the session's other requests")
  func aBlockedStreamDoesNotHoldTheSessionsOtherRequests() async throws {
    let bytes = patternedBytes(200_000, seed: 21)
    let pipe = Pipe()
    // A second descriptor of the pipe's read end, opened by path: a stream that blocks in
    // read(2) until the pipe has data, as a socket's or a child process's output would.
    let stream = try #require(
      InputStream(fileAtPath: "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)"))
    let events = Log()
    let writer = pipe.fileHandleForWriting
    let handler: @Sendable (ServerRequest) -> ServerResponse = { request in
      request.path == "/upload" ? describeBody(request) : .json(userJSON)
    }
    try await withServer(handler) { server in
      let session = testSession(timeout: heldRequestTimeout)
      let upload = session.upload(stream, to: server.url("/upload"))
        .serializingDecodable(ReceivedBody.self)
      // Feeds the pipe once the GETs are done (waited for, however long a loaded machine
      // takes), or when the liveness bound runs out if they hang (then the order below
      // shows it).
      let feeder = Task.detached {
        _ = await waitUntil { events.count >= 5 }
        events.add("pipe written")
        writer.write(Data(bytes))
        try? writer.close()
      }
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<5 {
          group.addTask {
            _ = try await session.request(server.url("/user")).validate().serializingJSON().value
            events.add("get \(index)")
          }
        }
        try await group.waitForAll()
      }
      await feeder.value
      let received = try await upload.value
      #expect(received.bytes == bytes.count)
      #expect(received.fnv == String(fnv1a(bytes), radix: 16))
      #expect(received.chunked)
      let order = events.entries.withLock { $0 }
      #expect(order.last == "pipe written", "\(order)")
    }
    try? pipe.fileHandleForReading.close()
  }
}
