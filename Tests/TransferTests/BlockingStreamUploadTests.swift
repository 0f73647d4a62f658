import Foundation
import LoopbackTestServer
import Synchronization
import Testing
import Transfer

/// An `InputStream` upload whose stream blocks (a pipe nobody writes to yet) holds only
/// itself: the session's other requests go on meanwhile, and the upload resumes when the
/// stream yields.
@Suite struct BlockingStreamUploadTests {
  @Test func aBlockedStreamDoesNotHoldTheSessionsOtherRequests() async throws {
    let bytes = patternedBytes(200_000, seed: 21)
    let pipe = Pipe()
    // A second descriptor of the pipe's read end, opened by path: a stream that blocks in
    // read(2) until the pipe has data, as a socket's or a child process's output would.
    let stream = try #require(
      InputStream(fileAtPath: "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)"))
    let events = Mutex<[String]>([])
    try await withServer({ request in
      request.path == "/upload" ? describeBody(request) : .json(userJSON)
    }) { server in
      let session = testSession(timeout: .seconds(60))
      let upload = session.upload(stream, to: server.url("/upload"))
        .serializingDecodable(ReceivedBody.self)
      // Feeds the pipe once the GETs are done, or after 15 s if they hang (then the order
      // below shows it).
      let feeder = Task.detached {
        for _ in 0..<1500 where events.withLock({ $0.count }) < 5 {
          try? await Task.sleep(for: .milliseconds(10))
        }
        events.withLock { $0.append("pipe written") }
        pipe.fileHandleForWriting.write(Data(bytes))
        try? pipe.fileHandleForWriting.close()
      }
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<5 {
          group.addTask {
            _ = try await session.request(server.url("/user")).validate().serializingJSON().value
            events.withLock { $0.append("get \(index)") }
          }
        }
        try await group.waitForAll()
      }
      await feeder.value
      let received = try await upload.value
      #expect(received.bytes == bytes.count)
      #expect(received.fnv == String(fnv1a(bytes), radix: 16))
      #expect(received.chunked)
      let order = events.withLock { $0 }
      #expect(order.last == "pipe written", "\(order)")
    }
    try? pipe.fileHandleForReading.close()
  }
}
