import Foundation
import LoopbackTestServer
import Testing
import Threading
import Transfer

@Suite("Downloads")
struct DownloadTests {
  static let body = patternedBytes(3_000_000, seed: 13)
  static let etag = "\"v1\""

  /// Serves `body` with ranges (206 from `bytes=N-` when If-Range matches), and records the
  /// Range and If-Range fields it was sent.
  final class RangeServer: Sendable {
    let ranges = Locked<[String]>([])
    let ifRanges = Locked<[String]>([])
    /// The next full answer stops after this many bytes (a dropped connection).
    let cutAfter = Locked<Int?>(nil)
    /// Ranges are ignored: every answer is a 200 with the whole body.
    let ignoresRanges = Locked(false)

    func handle(_ request: ServerRequest) -> ServerResponse {
      switch request.path {
      case "/file":
        var response = ServerResponse.bytes(body, contentType: "application/octet-stream")
        response.headers += [(name: "ETag", value: etag), (name: "Accept-Ranges", value: "bytes")]
        if let range = request.header("Range") {
          ranges.withLock { $0.append(range) }
          ifRanges.withLock { $0.append(request.header("If-Range") ?? "") }
          if !ignoresRanges.withLock({ $0 }), request.header("If-Range") ?? etag == etag,
            range.hasPrefix("bytes="), let start = Int(range.dropFirst(6).dropLast())
          {
            response.status = 206
            response.body = Array(body[start...])
            response.headers.append(
              (name: "Content-Range", value: "bytes \(start)-\(body.count - 1)/\(body.count)"))
            return response
          }
        }
        if let cut = cutAfter.withLock({ value -> Int? in
          defer { value = nil }
          return value
        }) {
          response.fault = .closeMidBody(afterBytes: cut)
        }
        return response
      case "/slow":
        var response = ServerResponse.bytes(body, contentType: "application/octet-stream")
        response.headers.append((name: "ETag", value: etag))
        // The first chunk passes the 200,000 bytes after which the test cancels; the next
        // one waits an hour (the server's stop cuts the wait), so the download cannot end
        // before the test's task, however starved, gets to cancel it. (With 500 ms between
        // chunks, a full parallel run on 2 cores still saw it end first, which is then
        // rightly not a cancellation; two runs at once starve a task for minutes.)
        response.framing = .chunked(chunkSize: 256 * 1024)
        response.delayBetweenChunks = .seconds(3600)
        return response
      // Named after the request's `run` token: the files land in the user's caches folder,
      // which a second test run on the machine shares.
      case "/named":
        var response = ServerResponse.text("a,b\n1,2\n", contentType: "text/csv")
        let name = "report 2024 \(request.query["run"] ?? "").csv"
        response.headers.append(
          (name: "Content-Disposition", value: "attachment; filename=\"\(name)\""))
        return response
      case "/escaping":
        var response = ServerResponse.text("x")
        let name = "../../evil \(request.query["run"] ?? "").txt"
        response.headers.append(
          (name: "Content-Disposition", value: "attachment; filename=\"\(name)\""))
        return response
      case "/user": return .json(userJSON)
      case let path where path.hasPrefix("/plain-"): return .json(userJSON)
      default: return .text("no such file", status: 404)
      }
    }
  }

  static func withRangeServer<T>(_ body: (LoopbackServer, RangeServer) async throws -> T)
    async throws -> T
  {
    let ranges = RangeServer()
    return try await withServer(ranges.handle) { try await body($0, ranges) }
  }

  static func scratchDirectory() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(
      "jsonkit-download-\(UUID().uuidString)")
  }

  static func to(_ url: URL, _ options: DownloadRequest.Options = [.createIntermediateDirectories])
    -> DownloadRequest.Destination
  {
    { _, _ in (url, options) }
  }

  @Test("The body goes to the destination not to memory")
  func theBodyGoesToTheDestinationNotToMemory() async throws {
    let directory = Self.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = directory.appendingPathComponent("nested/deeper/file.bin")
    try await Self.withRangeServer { (server, _) async throws in
      let request = testSession().download(server.url("/file"), to: Self.to(target))
      let progress = request.downloadProgress()
      let response = await request.validate().serializingDownloadedFileURL().response
      #expect(response.value == target)
      #expect(response.fileURL == target)
      #expect(response.resumeData == nil)
      #expect(try Data(contentsOf: target) == Data(Self.body))
      #expect(request.dataRequest.data?.isEmpty == true)  // nothing was kept in memory
      var last: TransferProgress?
      for await step in progress { last = step }
      #expect(last == TransferProgress(completedUnitCount: 3_000_000, totalUnitCount: 3_000_000))
    }
  }

  @Test("An existing file is replaced only with removePreviousFile")
  func anExistingFileIsReplacedOnlyWithRemovePreviousFile() async throws {
    let directory = Self.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let target = directory.appendingPathComponent("user.json")
    try Data("old".utf8).write(to: target)
    try await Self.withRangeServer { (server, _) async throws in
      let refused = await testSession().download(server.url("/user"), to: Self.to(target, []))
        .serializingDownloadedFileURL().response
      guard case .downloadedFileMoveFailed(_, let source, let destination)? = refused.error else {
        Issue.record("expected downloadedFileMoveFailed, got \(String(describing: refused.error))")
        return
      }
      #expect(destination == target)
      try? FileManager.default.removeItem(at: source)
      #expect(try Data(contentsOf: target) == Data("old".utf8))
      let replaced = try await testSession()
        .download(server.url("/user"), to: Self.to(target, .removePreviousFile))
        .serializingDownloadedFileURL().value
      #expect(try Data(contentsOf: replaced) == Data(userJSON.utf8))
    }
  }

  @Test("The suggested destination uses Content-Disposition and stays in the directory")
  func theSuggestedDestinationUsesContentDispositionAndStaysInTheDirectory() async throws {
    let caches = try #require(
      FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first)
    let options: DownloadRequest.Options = [.createIntermediateDirectories, .removePreviousFile]
    let destination = DownloadRequest.suggestedDownloadDestination(
      for: .cachesDirectory, options: options)
    let run = UUID().uuidString
    try await Self.withRangeServer { (server, _) async throws in
      let named = try await testSession().download(server.url("/named?run=\(run)"), to: destination)
        .serializingDownloadedFileURL().value
      defer { try? FileManager.default.removeItem(at: named) }
      #expect(named == caches.appendingPathComponent("report 2024 \(run).csv"))
      #expect(try String(contentsOf: named, encoding: .utf8) == "a,b\n1,2\n")
      let escaping = try await testSession().download(
        server.url("/escaping?run=\(run)"), to: destination
      ).serializingDownloadedFileURL().value
      defer { try? FileManager.default.removeItem(at: escaping) }
      #expect(escaping == caches.appendingPathComponent("evil \(run).txt"))
      // No name in the reply: the URL's last path component, without its query.
      let plain = try await testSession().download(
        server.url("/plain-\(run)?x=1"), to: destination
      ).serializingDownloadedFileURL().value
      defer { try? FileManager.default.removeItem(at: plain) }
      #expect(plain.lastPathComponent == "plain-\(run)")
    }
  }

  @Test("A dropped download resumes with a range and appends")
  func aDroppedDownloadResumesWithARangeAndAppends() async throws {
    let directory = Self.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = directory.appendingPathComponent("file.bin")
    try await Self.withRangeServer { (server, ranges) async throws in
      ranges.cutAfter.withLock { $0 = 1_000_000 }
      let failed = await testSession().download(server.url("/file"), to: Self.to(target))
        .serializingDownloadedFileURL().response
      #expect(failed.error?.curlCode == .partialFile)
      #expect(failed.fileURL == nil)
      let resumeData = try #require(failed.resumeData)
      let resumed = await testSession().download(resumingWith: resumeData, to: Self.to(target))
        .validate().serializingDownloadedFileURL().response
      #expect(resumed.response?.statusCode == 206)
      #expect(ranges.ranges.withLock { $0 } == ["bytes=1000000-"])
      #expect(ranges.ifRanges.withLock { $0 } == [Self.etag])
      #expect(try Data(contentsOf: #require(resumed.value)) == Data(Self.body))
    }
  }

  @Test("A full answer to a range request starts the file over")
  func aFullAnswerToARangeRequestStartsTheFileOver() async throws {
    let directory = Self.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = directory.appendingPathComponent("file.bin")
    try await Self.withRangeServer { (server, ranges) async throws in
      ranges.cutAfter.withLock { $0 = 700_000 }
      let failed = await testSession().download(server.url("/file"))
        .serializingDownloadedFileURL().response
      let resumeData = try #require(failed.resumeData)
      ranges.ignoresRanges.withLock { $0 = true }
      let resumed = await testSession().download(resumingWith: resumeData, to: Self.to(target))
        .validate().serializingDownloadedFileURL().response
      #expect(resumed.response?.statusCode == 200)
      #expect(ranges.ranges.withLock { $0 } == ["bytes=700000-"])
      #expect(try Data(contentsOf: #require(resumed.value)) == Data(Self.body))
    }
  }

  @Test("Cancelling produces resume data only when asked to")
  func cancellingProducesResumeDataOnlyWhenAskedTo() async throws {
    let directory = Self.scratchDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let target = directory.appendingPathComponent("file.bin")
    try await Self.withRangeServer { (server, ranges) async throws in
      for producing in [false, true] {
        // No 20 s limit: a starved test task may take long to see the first chunk.
        let request = testSession(timeout: .seconds(600)).download(server.url("/slow"))
        let progress = request.downloadProgress()
        request.resume()
        for await step in progress where step.completedUnitCount >= 200_000 { break }
        request.cancel(producingResumeData: producing)
        let cancelled = await request.serializingDownloadedFileURL().response
        #expect(cancelled.error?.isExplicitlyCancelledError == true)
        #expect((cancelled.resumeData != nil) == producing)
        guard let resumeData = cancelled.resumeData else { continue }
        // The partial file is the prefix of the body; the rest comes from /file's ranges.
        var forged = try JSONSerialization.jsonObject(with: resumeData) as! [String: Any]
        forged["url"] = server.url("/file")
        let resumed = try await testSession()
          .download(
            resumingWith: try JSONSerialization.data(withJSONObject: forged), to: Self.to(target)
          )
          .validate().serializingDownloadedFileURL().value
        #expect(try Data(contentsOf: resumed) == Data(Self.body))
        #expect(ranges.ranges.withLock { $0.count } == 1)
      }
    }
  }

  @Test("An error status fails validation and data that is not resume data is refused")
  func anErrorStatusFailsValidationAndDataThatIsNotResumeDataIsRefused() async throws {
    try await Self.withRangeServer { (server, _) async throws in
      let missing = await testSession().download(server.url("/missing")).validate()
        .serializingDownloadedFileURL().response
      #expect(missing.error?.responseCode == 404)
      let file = try #require(missing.fileURL)
      #expect(try String(contentsOf: file, encoding: .utf8) == "no such file")
      try? FileManager.default.removeItem(at: file)
      let bad = await testSession().download(resumingWith: Data("nope".utf8))
        .serializingDownloadedFileURL().response
      #expect(bad.error?.curlCode == CurlCode(rawValue: 36))
    }
  }

  @Test("A downloaded file can be read back through a serializer")
  func aDownloadedFileCanBeReadBackThroughASerializer() async throws {
    try await Self.withRangeServer { (server, _) async throws in
      let response = await awaitDownload { done in
        testSession().download(server.url("/user"))
          .response(
            responseSerializer: DecodableResponseSerializer<CodableUser>(), completionHandler: done)
      }
      #expect(response.value == CodableUser(id: 7, name: "Ada"))
      if let file = response.fileURL { try? FileManager.default.removeItem(at: file) }
    }
  }
}

/// Waits for a download's completion handler.
func awaitDownload<Value: Sendable>(
  _ start: (@escaping @Sendable (DownloadResponse<Value>) -> Void) -> Void
) async -> DownloadResponse<Value> {
  await withCheckedContinuation { continuation in start { continuation.resume(returning: $0) } }
}
