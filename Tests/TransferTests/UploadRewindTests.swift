import Foundation
import LoopbackTestServer
import Testing
import Threading
import Transfer

/// A body sent again: curl rewinds it to follow a 307 or 308 (which keep the method and the
/// body), and a retry reads it anew.
///
/// The loopback server reads each request body whole
/// before it answers, so the body has been sent once when the redirect comes.
@Suite("Uploads sent again after a redirect or a retry")
struct UploadRewindTests {
  static func handler(_ request: ServerRequest) -> ServerResponse {
    switch request.path {
    case "/307": return .redirect(to: "/upload", status: 307)
    case "/308": return .redirect(to: "/upload", status: 308)
    case "/upload": return describeBody(request)
    default: return .empty(status: 404)
    }
  }

  /// What the echo route must have seen for `bytes` sent with `method` after one redirect.
  static func expectReceived(
    _ response: DataResponse<ReceivedBody, TransferError>, bytes: [UInt8], method: String
  ) throws {
    let received = try #require(response.value, "\(response.error.map { "\($0)" } ?? "")")
    #expect(received.method == method)
    #expect(received.bytes == bytes.count)
    #expect(received.fnv == String(fnv1a(bytes), radix: 16))
    #expect(response.response?.url?.path == "/upload")
  }

  @Test("A file is sent again to the redirect target", arguments: ["/307", "/308"])
  func aFileIsSentAgainToTheRedirectTarget(_ path: String) async throws {
    let bytes = patternedBytes(200_000, seed: 11)
    let file = try UploadTests.temporaryFile(bytes)
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    try await withServer(Self.handler) { server async throws in
      let response = await testSession().upload(file, to: server.url(path), method: .put)
        .validate().serializingDecodable(ReceivedBody.self).response
      try Self.expectReceived(response, bytes: bytes, method: "PUT")
      #expect(server.requestsServed == 2)
    }
  }

  @Test("A stream is replayed to the redirect target", arguments: ["/307", "/308"])
  func aStreamIsReplayedToTheRedirectTarget(_ path: String) async throws {
    let bytes = patternedBytes(300_000, seed: 12)
    try await withServer(Self.handler) { server async throws in
      let response = await testSession()
        .upload(InputStream(data: Data(bytes)), to: server.url(path))
        .validate().serializingDecodable(ReceivedBody.self).response
      try Self.expectReceived(response, bytes: bytes, method: "POST")
      #expect(response.value?.chunked == true)
    }
  }

  @Test("Data is sent again to the redirect target", arguments: ["/307", "/308"])
  func dataIsSentAgainToTheRedirectTarget(_ path: String) async throws {
    let bytes = patternedBytes(100_000, seed: 13)
    try await withServer(Self.handler) { server async throws in
      let response = await testSession().upload(Data(bytes), to: server.url(path))
        .validate().serializingDecodable(ReceivedBody.self).response
      try Self.expectReceived(response, bytes: bytes, method: "POST")
    }
  }

  @Test("A multipart form with file and stream parts is sent again", arguments: ["/307", "/308"])
  func aMultipartFormWithFileAndStreamPartsIsSentAgain(_ path: String) async throws {
    let fileBytes = patternedBytes(150_000, seed: 14)
    let streamBytes = patternedBytes(40_000, seed: 15)
    let file = try UploadTests.temporaryFile(fileBytes, name: "part.bin")
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let form = MultipartFormData(boundary: "rewind-boundary")
    form.append(Data("Ada".utf8), withName: "name")
    form.append(file, withName: "file")
    form.append(
      InputStream(data: Data(streamBytes)), withLength: UInt64(streamBytes.count), name: "blob",
      fileName: "blob.bin", mimeType: "application/octet-stream")
    // Reads the stream part once here; the upload and its rewind replay it.
    let expected = [UInt8](try form.encode())
    #expect(UInt64(expected.count) == form.contentLength)
    try await withServer(Self.handler) { server async throws in
      let response = await testSession().upload(multipartFormData: form, to: server.url(path))
        .validate().serializingDecodable(ReceivedBody.self).response
      try Self.expectReceived(response, bytes: expected, method: "POST")
    }
  }

  @Test("A stream beyond the replay limit fails with curl's rewind code")
  func aStreamBeyondTheReplayLimitFailsWithCurlsRewindCode() async throws {
    let bytes = patternedBytes((1 << 20) + 10_000, seed: 16)
    try await withServer(Self.handler) { server async throws in
      let response = await testSession()
        .upload(InputStream(data: Data(bytes)), to: server.url("/307"))
        .serializingData().response
      #expect(response.error?.curlCode == CurlCode(rawValue: 65))
      #expect("\(response.error!)".contains("1048576 bytes"))
      #expect(server.requestsServed == 1)
    }
  }

  @Test("An async sequence cannot be sent again")
  func anAsyncSequenceCannotBeSentAgain() async throws {
    let bytes = patternedBytes(10_000, seed: 17)
    try await withServer(Self.handler) { server async throws in
      let chunks = AsyncStream<[UInt8]> { continuation in
        continuation.yield(bytes)
        continuation.finish()
      }
      let response = await testSession().upload(chunks, to: server.url("/308"))
        .serializingData().response
      #expect(response.error?.curlCode == CurlCode(rawValue: 65))
      #expect(server.requestsServed == 1)
    }
  }

  @Test("A retry replays a stream")
  func aRetryReplaysAStream() async throws {
    let bytes = patternedBytes(50_000, seed: 18)
    let attempts = Locked(0)
    let flaky: @Sendable (ServerRequest) -> ServerResponse = { request in
      let attempt = attempts.withLock { count -> Int in
        count += 1
        return count
      }
      return attempt == 1 ? .text("later", status: 503) : describeBody(request)
    }
    try await withServer(flaky) { server async throws in
      let policy = RetryPolicy(retryLimit: 1, exponentialBackoffScale: .milliseconds(1))
      let received = try await testSession(interceptor: policy)
        .upload(InputStream(data: Data(bytes)), to: server.url("/put"), method: .put)
        .validate().serializingDecodable(ReceivedBody.self).value
      #expect(received.bytes == bytes.count)
      #expect(received.fnv == String(fnv1a(bytes), radix: 16))
      #expect(attempts.withLock { $0 } == 2)
    }
  }
}
