import Foundation
import LoopbackTestServer
import Testing

/// The bytes each wire fault puts on the socket, read with a raw client: a reset after part
/// of the body, a stall mid-body, a `Content-Length` longer or shorter than the body, oversize
/// headers, and a kept-alive connection closed after its response.
@Suite("The bytes each wire fault mode puts on the socket")
struct WireFaultModeTests {
  static let body = patternBytes(10_000)

  private func serve(_ fault: ServerResponse.Fault) throws -> LoopbackServer {
    try LoopbackServer { _ in
      var response = ServerResponse.bytes(Self.body, contentType: "text/plain")
      response.fault = fault
      return response
    }
  }

  @Test("resetMidBody sends part of the declared body, then a reset")
  func resetMidBody() async throws {
    let server = try serve(.resetMidBody(afterBytes: 1000))
    defer { server.stop() }
    let client = try RawClient(port: server.port, sending: get())
    let head = try await client.readHead()
    #expect(head.header("Content-Length") == "10000")
    #expect(try await client.read(count: 1000) == Array(Self.body.prefix(1000)))
    let failure = await #expect(throws: RawClient.Failure.self) { try await client.readToEnd() }
    #expect(failure?.code == ECONNRESET)
  }

  @Test("resetMidBody makes curl report a receive error, not an orderly close")
  func resetMidBodyWithCurl() async throws {
    let server = try serve(.resetMidBody(afterBytes: 1000))
    defer { server.stop() }
    let result = try await curl([server.url("/")])
    #expect(result.exitCode == 56)  // CURLE_RECV_ERROR
    #expect(result.stderr.contains("reset"), "\(result.stderr)")
  }

  @Test("stallMidBody sends part of the body and holds the connection until the client leaves")
  func stallMidBody() async throws {
    let server = try serve(.stallMidBody(afterBytes: 1000))
    defer { server.stop() }
    // However soon curl's second runs out, the rest of the body has not come: code 28, and
    // at most the first 1000 bytes.
    let result = try await curl(["-m", "1", server.url("/")])
    #expect(result.exitCode == 28)  // CURLE_OPERATION_TIMEDOUT
    #expect(Self.body.starts(with: result.body) && result.body.count <= 1000)
    // The first 1000 bytes come, then nothing until the server stops and closes: the bytes
    // checked by the event (the close), not by how long curl waited.
    let client = try RawClient(port: server.port, sending: get())
    _ = try await client.readHead()
    #expect(try await client.read(count: 1000) == Array(Self.body.prefix(1000)))
    server.stop()
    #expect(try await client.serverClosed())
  }

  @Test(
    "overstate and understateContentLength declare another length, send the body, close",
    arguments: [
      (ServerResponse.Fault.overstateContentLength(by: 500), "10500"),
      (.understateContentLength(by: 500), "9500"),
    ])
  func aContentLengthThatDoesNotMatchTheBody(fault: ServerResponse.Fault, declared: String)
    async throws
  {
    let server = try serve(fault)
    defer { server.stop() }
    let client = try RawClient(port: server.port, sending: get())
    let head = try await client.readHead()
    #expect(head.header("Content-Length") == declared)
    #expect(try await client.readToEnd() == Self.body)
  }

  @Test("oversizeHeaders sends header fields of the size asked for before the body")
  func oversizeHeaders() async throws {
    let server = try serve(.oversizeHeaders(bytes: 1024 * 1024 + 8192))
    defer { server.stop() }
    let client = try RawClient(port: server.port, sending: get())
    let response = try await client.readResponse()
    let padding = response.headers.filter { $0.name.hasPrefix("X-Padding-") }
    #expect(padding.reduce(0) { $0 + $1.value.utf8.count } > 1024 * 1024)
    #expect(response.body == Self.body)
  }

  @Test("closeAfterResponse promises a kept-alive connection, then closes it")
  func closeAfterResponse() async throws {
    let server = try serve(.closeAfterResponse)
    defer { server.stop() }
    let client = try RawClient(port: server.port, sending: get())
    let response = try await client.readResponse()
    #expect(response.header("Connection") == nil)
    #expect(response.body == Self.body)
    #expect(try await client.serverClosed())
  }
}
