import Foundation
import LoopbackTestServer
import Testing
import Transfer

/// Alamofire's `multipartEncodingFailed` and `downloadedFileMoveFailed`, each provoked for
/// real: files that are missing, gone or directories, streams that fail or end early, and
/// destinations that cannot be written.
@Suite("Upload and download failures say why")
struct ErrorReasonTests {
  static func handler(_ request: ServerRequest) -> ServerResponse {
    request.path == "/upload" ? describeBody(request) : .json(userJSON)
  }

  /// The reason of a `multipartEncodingFailed` upload to the loopback server.
  static func multipartFailure(_ fill: (MultipartFormData) -> Void) async throws
    -> (TransferError.MultipartEncodingFailureReason?, served: Int)
  {
    try await withServer(Self.handler) { server async throws in
      let response = await testSession()
        .upload(multipartFormData: fill, to: server.url("/upload"))
        .serializingData().response
      guard case .multipartEncodingFailed(let reason)? = response.error else {
        Issue.record("expected multipartEncodingFailed, got \(String(describing: response.error))")
        return (nil, server.requestsServed)
      }
      return (reason, server.requestsServed)
    }
  }

  @Test("A missing file part names the file")
  func aMissingFilePartNamesTheFile() async throws {
    let missing = URL(fileURLWithPath: "/nonexistent/jsonkit/part.bin")
    let (reason, served) = try await Self.multipartFailure { $0.append(missing, withName: "f") }
    guard case .bodyPartFileNotReachable(let url)? = reason else {
      Issue.record("got \(String(describing: reason))")
      return
    }
    #expect(url == missing)
    #expect(served == 0)
  }

  @Test("A directory or a non-file URL is refused")
  func aDirectoryOrANonFileURLIsRefused() async throws {
    let directory = FileManager.default.temporaryDirectory
    let (isDirectory, _) = try await Self.multipartFailure { $0.append(directory, withName: "d") }
    guard case .bodyPartFileIsDirectory(let url)? = isDirectory else {
      Issue.record("got \(String(describing: isDirectory))")
      return
    }
    #expect(url == directory)
    let remote = URL(string: "https://example.com/file.txt")!
    let (invalid, _) = try await Self.multipartFailure { $0.append(remote, withName: "r") }
    guard case .bodyPartURLInvalid(let url)? = invalid else {
      Issue.record("got \(String(describing: invalid))")
      return
    }
    #expect(url == remote)
  }

  @Test("A file part that cannot be read when sent says why")
  func aFilePartThatCannotBeReadWhenSentSaysWhy() async throws {
    let file = try UploadTests.temporaryFile(patternedBytes(1_000), name: "gone.bin")
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    let (reason, served) = try await Self.multipartFailure { form in
      form.append(file, withName: "f")
      // Gone between the form's making and its sending.
      try? FileManager.default.removeItem(at: file)
    }
    guard case .bodyPartFileNotReachableWithError(let url, let error)? = reason else {
      Issue.record("got \(String(describing: reason))")
      return
    }
    #expect(url == file)
    let code = (error as? CocoaError)?.code
    #expect(code == .fileReadNoSuchFile || code == .fileNoSuchFile)
    #expect(served == 0)
  }

  @Test("An unreadable file part says why unless the test runs as root")
  func anUnreadableFilePartSaysWhyUnlessTheTestRunsAsRoot() async throws {
    let file = try UploadTests.temporaryFile(patternedBytes(1_000), name: "locked.bin")
    defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
    try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: file.path)
    // root reads any file: then the part is sent, which is right too.
    let readable = FileManager.default.isReadableFile(atPath: file.path)
    try await withServer(Self.handler) { server async throws in
      let response = await testSession()
        .upload(multipartFormData: { $0.append(file, withName: "f") }, to: server.url("/upload"))
        .serializingData().response
      if readable {
        #expect(response.error == nil)
      } else if case .multipartEncodingFailed(
        .bodyPartFileNotReachableWithError(let url, let error))? = response.error
      {
        #expect(url == file)
        #expect((error as? CocoaError)?.code == .fileReadNoPermission)
      } else {
        Issue.record("got \(String(describing: response.error))")
      }
    }
  }

  @Test("A stream part that fails or ends early fails while sending")
  func aStreamPartThatFailsOrEndsEarlyFailsWhileSending() async throws {
    // Reading a directory fails (EISDIR) once the stream is read.
    let directory = FileManager.default.temporaryDirectory
    let (failed, _) = try await Self.multipartFailure { form in
      form.append(
        InputStream(url: directory)!, withLength: 10, name: "s", fileName: "s.bin",
        mimeType: "application/octet-stream")
    }
    guard case .inputStreamReadFailed(let error)? = failed else {
      Issue.record("got \(String(describing: failed))")
      return
    }
    #expect("\(error)".contains("stream part"))
    let (short, _) = try await Self.multipartFailure { form in
      form.append(
        InputStream(data: Data("ten bytes!".utf8)), withLength: 100, name: "s",
        fileName: "s.bin", mimeType: "application/octet-stream")
    }
    guard case .inputStreamReadFailed(let error)? = short else {
      Issue.record("got \(String(describing: short))")
      return
    }
    #expect("\(error)".contains("ended after 10 of its 100 bytes"))
  }

  @Test("A destination that cannot be written keeps the download at its source")
  func aDestinationThatCannotBeWrittenKeepsTheDownloadAtItsSource() async throws {
    let missingFolder = DownloadTests.scratchDirectory().appendingPathComponent("a/user.json")
    // /proc takes no new directories, not even from root.
    let readOnly = URL(fileURLWithPath: "/proc/jsonkit-\(UUID().uuidString)/user.json")
    let cases: [(URL, DownloadRequest.Options)] = [
      (missingFolder, []), (readOnly, [.createIntermediateDirectories]),
    ]
    try await withServer(Self.handler) { server async throws in
      for (destination, options) in cases {
        let response = await testSession()
          .download(server.url("/user"), to: DownloadTests.to(destination, options))
          .serializingDownloadedFileURL().response
        guard case .downloadedFileMoveFailed(let error, let source, let target)? = response.error
        else {
          Issue.record(
            "expected downloadedFileMoveFailed, got \(String(describing: response.error))")
          continue
        }
        #expect(target == destination)
        #expect(error is CocoaError)
        // The body is not lost: it waits at the source.
        #expect(try Data(contentsOf: source) == Data(userJSON.utf8))
        try? FileManager.default.removeItem(at: source)
        #expect(!FileManager.default.fileExists(atPath: destination.path))
      }
    }
  }
}
