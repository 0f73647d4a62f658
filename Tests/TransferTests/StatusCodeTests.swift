import Foundation
import LoopbackTestServer
import Testing
import Transfer

/// A status line's code must be three digits: curl 7.88 refuses one below 100 after `HTTP/1.1`
/// itself, but reads `HTTP/2 1` (an HTTP/2 status line on an HTTP/1 connection) as status 1, and
/// Transfer refuses that reply rather than hand a caller a status no `switch` expects (found by
/// FuzzTransferResponse: `Fuzz/Corpus/FuzzTransferResponse/regression-5b120ae94651e547`).
@Suite("Status codes of three digits")
struct StatusCodeTests {
  /// `/N` sends the status line `HTTP/1.1 N Reason` and a small body, as raw bytes.
  static func handler(_ request: ServerRequest) -> ServerResponse {
    var response = ServerResponse()
    let status = request.path.dropFirst()
    let version = request.query["version"] ?? "1.1"
    response.fault = .raw(
      Array("HTTP/\(version) \(status) Reason\r\nContent-Length: 2\r\n\r\n{}".utf8))
    return response
  }

  @Test(
    "A status code that is not three digits ends in an error, never in the caller's hands",
    arguments: [
      ("1", "2", CurlCode.weirdServerReply), ("42", "2", .weirdServerReply),
      ("099", "2", .weirdServerReply), ("1", "1.1", .unsupportedProtocol),
    ])
  func aStatusCodeThatIsNotThreeDigitsEndsInAnError(
    status: String, version: String, code: CurlCode
  ) async throws {
    try await withServer(Self.handler) { server in
      let response = await Session.default.request(server.url("/\(status)?version=\(version)"))
        .serializingData().response
      let error = try #require(response.error)
      #expect(response.response == nil)
      #expect(error.curlCode == code)
      if code == .weirdServerReply {
        #expect(error.description.contains("The status code \(Int(status)!) is not three digits"))
      }
    }
  }

  @Test("Status codes of three digits reach the caller", arguments: ["200", "299", "599", "999"])
  func statusCodesOfThreeDigitsReachTheCaller(status: String) async throws {
    try await withServer(Self.handler) { server in
      let response = await Session.default.request(server.url("/\(status)")).serializingData()
        .response
      #expect(response.error == nil)
      #expect(response.response?.statusCode == Int(status))
    }
  }
}
