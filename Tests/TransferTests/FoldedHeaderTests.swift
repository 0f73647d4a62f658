import Foundation
import LoopbackTestServer
import Testing

@testable import Transfer

/// Responses with folded header lines (obs-fold: a line that starts with a space or a tab and
/// continues the header before it), each read right after an ordinary response on the same
/// session, so that its transfer would get the easy handle the ordinary one used.
///
/// On libcurl before 8.1.0 a reused handle keeps a pointer to the last header it stored, freed
/// when the next transfer starts; a response whose first header line is folded then makes curl
/// read and reallocate that freed header (curl issue 11101). Transfer gives every transfer a
/// fresh handle on those versions. AddressSanitizer catches the use-after-free at once
/// (Scripts/check-sanitizers runs this suite); without it, the handle count below does.
@Suite("Folded response header lines")
struct FoldedHeaderTests {
  /// A folded header line on a response: the bytes the server sends and, when curl takes it,
  /// a header whose value the response must have.
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var reply: String
    /// Whether the first header line after a status line is folded: curl 7.88 refuses that
    /// on a fresh handle (it has no header to append to) with code 43.
    var foldsFirstLine: Bool
    var testDescription: String { name }
  }

  static let cases = [
    Case(
      name: "first header line folded with a space",
      reply: "HTTP/1.1 200 OK\r\n X-Folded: a\r\nContent-Length: 2\r\n\r\n{}",
      foldsFirstLine: true),
    Case(
      name: "first header line folded with a tab",
      reply: "HTTP/1.1 200 OK\r\n\tX-Folded: a\r\nContent-Length: 2\r\n\r\n{}",
      foldsFirstLine: true),
    Case(
      name: "first header line after a 100 Continue folded",
      reply: "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\n X-Folded: a\r\n"
        + "Content-Length: 2\r\n\r\n{}",
      foldsFirstLine: true),
    Case(
      name: "a header continued on the next line",
      reply: "HTTP/1.1 200 OK\r\nX-Kept: 1\r\n continued: here\r\nContent-Length: 2\r\n\r\n{}",
      foldsFirstLine: false),
  ]

  /// `/plain` answers with a few header fields; `/case/N` sends case N's bytes as they are.
  static func handler(_ request: ServerRequest) -> ServerResponse {
    guard request.path.hasPrefix("/case/"), let index = Int(request.path.dropFirst(6)) else {
      return ServerResponse(
        headers: [(name: "X-Plain", value: "yes"), (name: "Content-Type", value: "text/plain")],
        body: Array("plain".utf8))
    }
    var response = ServerResponse()
    response.fault = .raw(Array(cases[index].reply.utf8))
    return response
  }

  @Test(
    "A folded header line after an ordinary response ends in a response or curl's refusal",
    arguments: cases.indices)
  func aFoldedHeaderLineAfterAnOrdinaryResponseEndsInAResponseOrCurlsRefusal(
    index: Int
  ) async throws {
    let foldCase = Self.cases[index]
    try await withServer(Self.handler) { server in
      // One connection at a time, as in HandleReuseTests: each request finds the handle of
      // the one before it where handles are reused.
      let session = HandleReuseTests.session()
      for _ in 0..<3 {
        let plain = await session.request(server.url("/plain")).serializingData().response
        #expect(plain.response?.headers["X-Plain"] == "yes")
        let folded = await session.request(server.url("/case/\(index)")).serializingData()
          .response
        if !foldCase.foldsFirstLine {
          #expect(folded.response?.statusCode == 200)
          #expect(folded.response?.headers["X-Kept"] == "1")
        } else if !CurlVersion.reusedHandlesAreSafe {
          // A fresh handle has no header to append the line to: curl refuses the reply.
          #expect(folded.error?.curlCode == 43)
        } else {
          // Later versions take the line as a header or refuse it; either way, no crash.
          #expect(folded.error != nil || folded.response?.statusCode == 200)
        }
      }
      expectHandlesMade(by: session, forRequests: 6)
    }
  }
}
