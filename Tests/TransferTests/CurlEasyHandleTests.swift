import Foundation
import Testing

@testable import Transfer

@Suite struct CurlEasyHandleTests {
  @Test func fetchesAFileURLThroughTheShim() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("transfer-\(UUID().uuidString).json")
    let payload = Array(#"{"name":"transfer","n":[1,2,3]}"#.utf8)
    try Data(payload).write(to: path)
    defer { try? FileManager.default.removeItem(at: path) }
    let body = try CurlEasyHandle().fetch(url: path.absoluteString)
    #expect(body == payload)
  }

  @Test func missingFileReportsCurlCodeAndMessage() throws {
    let handle = try CurlEasyHandle()
    let missing = "file:///nonexistent-\(UUID().uuidString)"
    #expect(throws: CurlEasyHandle.Failure.self) { try handle.fetch(url: missing) }
    do {
      _ = try handle.fetch(url: missing)
    } catch {
      #expect(error.code == 37)  // CURLE_FILE_COULDNT_READ_FILE
      #expect(!error.message.isEmpty)
    }
  }
}
