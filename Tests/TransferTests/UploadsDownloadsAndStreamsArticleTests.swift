import Foundation
import LoopbackTestServer
import Testing
import Transfer

/// The examples of the "Uploads, downloads and streams" article, against a loopback server
/// instead of api.example.com.
@Suite("The examples of the article \"Uploads, downloads and streams\"")
struct UploadsDownloadsAndStreamsArticleTests {
  struct Receipt: Decodable, Sendable { var bytes: Int }
  struct Profile: Decodable, Sendable { var parts: [String] }

  static func handler(_ request: ServerRequest) -> ServerResponse {
    switch request.path {
    case "/files", "/logs-upload": return .json(#"{"bytes": \#(request.body.count)}"#)
    case "/profile":
      // Just the part names, read the crude way: this is a smoke test of the example; the
      // multipart tests parse forms with Python's MIME parser.
      let text = String(decoding: request.body, as: UTF8.self)
      let names = text.components(separatedBy: "form-data; name=\"").dropFirst().map {
        $0.prefix { $0 != "\"" }
      }
      return .json(#"{"parts": [\#(names.map { "\"\($0)\"" }.joined(separator: ","))]}"#)
    case "/export.csv": return .text("a,b\n1,2\n", contentType: "text/csv")
    case "/logs": return .text("one\r\ntwo\nthree")
    case "/updates":
      // One stream of events, then 204 (the end) to the reconnection, which sends the ID.
      guard request.header("Last-Event-ID") == nil else { return .empty(status: 204) }
      return .text(
        "id: 1\nevent: price\ndata: 101.5\n\nevent: volume\ndata: 7\n\n",
        contentType: "text/event-stream")
    default: return .empty(status: 404)
    }
  }

  @Test("The upload examples send data, files and streams as the article shows")
  func uploadingDataFilesAndStreams() async throws {
    try await withServer(Self.handler) { server in
      let session = testSession()
      let fileURL = try UploadTests.temporaryFile(patternedBytes(50_000))
      defer { try? FileManager.default.removeItem(at: fileURL.deletingLastPathComponent()) }
      let receipt = try await session.upload(fileURL, to: server.url("/files"), method: .put)
        .uploadProgress { progress in print("sent \(progress)") }
        .validate()
        .serializingDecodable(Receipt.self)
        .value
      #expect(receipt.bytes == 50_000)

      let (chunks, continuation) = AsyncStream.makeStream(of: [UInt8].self)
      let request = session.upload(chunks, to: server.url("/logs-upload"))
      continuation.yield(Array("line 1\n".utf8))
      continuation.finish()
      let status = await request.serializingData().response.response?.statusCode
      #expect(status == 200)
    }
  }

  @Test("The multipart form example sends what the article shows")
  func multipartForms() async throws {
    try await withServer(Self.handler) { server in
      let session = testSession()
      let avatarURL = try UploadTests.temporaryFile([0x89, 0x50, 0x4E, 0x47], name: "avatar.png")
      defer { try? FileManager.default.removeItem(at: avatarURL.deletingLastPathComponent()) }
      let report = Data("%PDF-1.7".utf8)
      let profile = try await session.upload(
        multipartFormData: { form in
          form.append(Data("Ada".utf8), withName: "name")
          form.append(avatarURL, withName: "avatar")  // "avatar.png", image/png
          form.append(report, withName: "report", fileName: "q3.pdf", mimeType: "application/pdf")
        }, to: server.url("/profile")
      )
      .validate()
      .serializingDecodable(Profile.self)
      .value
      #expect(profile.parts == ["name", "avatar", "report"])
    }
  }

  @Test("The download example writes a file as the article shows")
  func downloadingToAFile() async throws {
    try await withServer(Self.handler) { server in
      let session = testSession()
      let reportsDirectory = FileManager.default.temporaryDirectory
        .appendingPathComponent("jsonkit-article-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: reportsDirectory) }
      let destination: DownloadRequest.Destination = { _, _ in
        (
          reportsDirectory.appendingPathComponent("export.csv"),
          [.createIntermediateDirectories, .removePreviousFile]
        )
      }
      let file = try await session.download(server.url("/export.csv"), to: destination)
        .validate()
        .serializingDownloadedFileURL()
        .value
      #expect(try String(contentsOf: file, encoding: .utf8) == "a,b\n1,2\n")

      let url = server.url("/export.csv")
      let first = await session.download(url).serializingDownloadedFileURL().response
      #expect(first.resumeData == nil)  // it did not fail: nothing to resume
      if let path = first.fileURL { try? FileManager.default.removeItem(at: path) }
    }
  }

  @Test("The streaming examples give bytes, lines and events as the article shows")
  func streamingBytesLinesAndEvents() async throws {
    try await withServer(Self.handler) { server in
      let session = testSession()
      var lines: [String] = []
      for try await line in session.streamRequest(server.url("/logs")).lines() {
        lines.append(line)
      }
      #expect(lines == ["one", "two", "three"])

      var prices: [String] = []
      for try await event in session.streamEvents(server.url("/updates"), reconnectionDelay: .zero)
      {
        if event.event == "price" { prices.append(event.data) }
      }
      #expect(prices == ["101.5"])
    }
  }
}
