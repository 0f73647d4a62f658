import Foundation
import LoopbackTestServer
import Testing
import Threading
import Transfer

@Suite("Uploads")
struct UploadTests {
  static func handler(_ request: ServerRequest) -> ServerResponse {
    switch request.path {
    case "/upload": return describeBody(request)
    case "/unavailable": return .text("later", status: 503)
    default: return .empty(status: 404)
    }
  }

  static func temporaryFile(_ bytes: [UInt8], name: String = "upload.bin") throws -> URL {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("jsonkit-upload-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url
  }

  @Test("Data is sent whole and decoded with the usual handlers")
  func dataIsSentWholeAndDecodedWithTheUsualHandlers() async throws {
    try await withServer(Self.handler) { server in
      let bytes = patternedBytes(100_000)
      let received = try await testSession()
        .upload(
          Data(bytes), to: server.url("/upload"), method: .put,
          headers: [.contentType("application/octet-stream")]
        )
        .validate()
        .serializingDecodable(ReceivedBody.self).value
      #expect(received.method == "PUT")
      #expect(received.bytes == bytes.count)
      #expect(received.fnv == String(fnv1a(bytes), radix: 16))
      #expect(received.contentLength == "100000")
      #expect(received.contentType == "application/octet-stream")
    }
  }

  @Test("A file is read from disk with its length and reports progress")
  func aFileIsReadFromDiskWithItsLengthAndReportsProgress() async throws {
    let bytes = patternedBytes(3_000_000, seed: 7)
    let file = try Self.temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    try await withServer(Self.handler) { server in
      let steps = Locked<[TransferProgress]>([])
      let response = await awaitResponse { done in
        testSession().upload(file, to: server.url("/upload"))
          .uploadProgress { progress in steps.withLock { $0.append(progress) } }
          .responseDecodable(of: ReceivedBody.self, completionHandler: done)
      }
      let received = try #require(response.value)
      #expect(received.method == "POST")
      #expect(received.bytes == bytes.count)
      #expect(received.fnv == String(fnv1a(bytes), radix: 16))
      #expect(!received.chunked)
      #expect(received.contentLength == "3000000")
      #expect(received.contentType == nil)  // curl's form type is not added
      let seen = steps.withLock { $0 }
      #expect(
        seen.last == TransferProgress(completedUnitCount: 3_000_000, totalUnitCount: 3_000_000))
      #expect(seen.allSatisfy { $0.totalUnitCount == 3_000_000 })
      #expect(
        zip(seen, seen.dropFirst()).allSatisfy { $0.completedUnitCount <= $1.completedUnitCount })
    }
  }

  @Test("An input stream is sent chunked")
  func anInputStreamIsSentChunked() async throws {
    let bytes = patternedBytes(300_000, seed: 3)
    try await withServer(Self.handler) { server in
      let received = try await testSession()
        .upload(InputStream(data: Data(bytes)), to: server.url("/upload"))
        .serializingDecodable(ReceivedBody.self).value
      #expect(received.chunked)
      #expect(received.contentLength == nil)
      #expect(received.bytes == bytes.count)
      #expect(received.fnv == String(fnv1a(bytes), radix: 16))
    }
  }

  @Test("An async sequence is sent chunked as it is produced")
  func anAsyncSequenceIsSentChunkedAsItIsProduced() async throws {
    let bytes = patternedBytes(2_500_000, seed: 11)
    try await withServer(Self.handler) { server in
      let (chunks, continuation) = AsyncStream.makeStream(of: ArraySlice<UInt8>.self)
      let request = testSession().upload(chunks, to: server.url("/upload"), method: .patch)
      let progress = request.uploadProgress()
      let task = request.serializingDecodable(ReceivedBody.self)
      // Produced in pieces with pauses, so the upload has to wait for data (read pause).
      for start in stride(from: 0, to: bytes.count, by: 250_000) {
        continuation.yield(bytes[start..<min(bytes.count, start + 250_000)])
        try await Task.sleep(for: .milliseconds(20))
      }
      continuation.finish()
      let received = try await task.value
      #expect(received.method == "PATCH")
      #expect(received.chunked)
      #expect(received.bytes == bytes.count)
      #expect(received.fnv == String(fnv1a(bytes), radix: 16))
      var last: TransferProgress?
      for await step in progress { last = step }
      #expect(last == TransferProgress(completedUnitCount: 2_500_000, totalUnitCount: 2_500_000))
    }
  }

  struct Broken: Error {}

  @Test("A sequence that throws fails the request with curl's read error")
  func aSequenceThatThrowsFailsTheRequestWithCurlsReadError() async throws {
    try await withServer(Self.handler) { server in
      let chunks = AsyncThrowingStream<[UInt8], any Error> { continuation in
        continuation.yield([1, 2, 3])
        continuation.finish(throwing: Broken())
      }
      let response = await testSession().upload(chunks, to: server.url("/upload"))
        .serializingData().response
      #expect(response.error?.curlCode == CurlCode(rawValue: 26))
      #expect("\(response.error!)".contains("Broken"))
    }
  }

  @Test("A missing file fails the request naming it")
  func aMissingFileFailsTheRequestNamingIt() async throws {
    try await withServer(Self.handler) { server in
      let missing = URL(fileURLWithPath: "/nonexistent/jsonkit/upload.bin")
      let response = await testSession().upload(missing, to: server.url("/upload"))
        .serializingData().response
      #expect(response.error?.curlCode == CurlCode(rawValue: 26))
      #expect("\(response.error!)".contains("/nonexistent/jsonkit/upload.bin"))
      #expect(server.requestsServed == 0)
    }
  }

  @Test("A retried upload sends the file and the stream again")
  func aRetriedUploadSendsTheFileAndTheStreamAgain() async throws {
    let bytes = patternedBytes(10_000)
    let file = try Self.temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let attempts = Locked(0)
    let flaky: @Sendable (ServerRequest) -> ServerResponse = { request in
      let attempt = attempts.withLock { count -> Int in
        count += 1
        return count
      }
      return attempt % 2 == 1 ? .text("later", status: 503) : describeBody(request)
    }
    try await withServer(flaky) { server in
      let policy = RetryPolicy(retryLimit: 1, exponentialBackoffScale: .milliseconds(1))
      let session = testSession(interceptor: policy)
      let fromFile = try await session.upload(file, to: server.url("/put"), method: .put)
        .validate().serializingDecodable(ReceivedBody.self).value
      #expect(fromFile.bytes == bytes.count)
      #expect(fromFile.fnv == String(fnv1a(bytes), radix: 16))

      // Kept in memory as it was read (up to 1 MiB), so the retry replays it.
      let fromStream = try await session.upload(
        InputStream(data: Data(bytes)), to: server.url("/put"), method: .put
      ).validate().serializingDecodable(ReceivedBody.self).value
      #expect(fromStream.bytes == bytes.count)
      #expect(fromStream.fnv == String(fnv1a(bytes), radix: 16))
      #expect(attempts.withLock { $0 } == 4)
    }
  }
}
