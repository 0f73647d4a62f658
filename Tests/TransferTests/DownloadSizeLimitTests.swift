import Foundation
import LoopbackTestServer
import Testing
import Transfer

/// `SessionConfiguration.maximumResponseSize` holds for downloads as for buffered bodies: the
/// download stops with `.responseTooLarge`, and its partial file is removed, not offered as
/// resume data (resuming would only fetch more of what the limit refuses).
@Suite("The response size limit on downloads", .serialized)
struct DownloadSizeLimitTests {
  /// A body no other test serves, so its first bytes identify this test's partial file.
  static let body = patternedBytes(2_000_000, seed: UInt64.random(in: 1...UInt64.max))

  static func handler(_ request: ServerRequest) -> ServerResponse {
    var response = ServerResponse.bytes(body, contentType: "application/octet-stream")
    // Chunked: no Content-Length to refuse up front, the limit is hit mid-body.
    if request.path == "/chunked" { response.framing = .chunked(chunkSize: 64 * 1024) }
    return response
  }

  /// Download temporary files that start with this test's body.
  static func leftovers() throws -> [URL] {
    let directory = FileManager.default.temporaryDirectory
    let prefix = Data(body.prefix(64))
    return try FileManager.default.contentsOfDirectory(
      at: directory, includingPropertiesForKeys: nil
    ).filter { url in
      guard url.lastPathComponent.hasPrefix("JSONKit-Download-"),
        let handle = try? FileHandle(forReadingFrom: url)
      else { return false }
      defer { try? handle.close() }
      return (try? handle.read(upToCount: 64)) == prefix
    }
  }

  @Test("A download over the limit stops and leaves no file", arguments: ["/chunked", "/sized"])
  func aDownloadOverTheLimitStopsAndLeavesNoFile(_ path: String) async throws {
    let directory = DownloadTests.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = directory.appendingPathComponent("big.bin")
    try await withServer(Self.handler) { server async throws in
      let response = await testSession(maximumResponseSize: 300_000)
        .download(server.url(path), to: DownloadTests.to(target))
        .serializingDownloadedFileURL().response
      guard case .responseTooLarge(let limit)? = response.error else {
        Issue.record("expected responseTooLarge, got \(String(describing: response.error))")
        return
      }
      #expect(limit == 300_000)
      #expect(response.resumeData == nil)
      #expect(response.fileURL == nil)
      #expect(!FileManager.default.fileExists(atPath: target.path))
      #expect(try Self.leftovers().isEmpty)
    }
  }

  @Test("A download within the limit is whole")
  func aDownloadWithinTheLimitIsWhole() async throws {
    let directory = DownloadTests.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = directory.appendingPathComponent("whole.bin")
    try await withServer(Self.handler) { server async throws in
      let file = try await testSession(maximumResponseSize: Self.body.count)
        .download(server.url("/chunked"), to: DownloadTests.to(target))
        .serializingDownloadedFileURL().value
      #expect(try Data(contentsOf: file) == Data(Self.body))
    }
  }

  @Test("A buffered response over the limit fails the same way")
  func aBufferedResponseOverTheLimitFailsTheSameWay() async throws {
    try await withServer(Self.handler) { server async throws in
      let response = await testSession(maximumResponseSize: 300_000)
        .request(server.url("/chunked")).serializingData().response
      guard case .responseTooLarge(300_000)? = response.error else {
        Issue.record("expected responseTooLarge, got \(String(describing: response.error))")
        return
      }
    }
  }
}
