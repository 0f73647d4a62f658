import Foundation
import LoopbackTestServer
import TestProcesses
import Testing

extension LoopbackServerTests {
  @Suite("Faults")
  struct Faults {
    private func serve(
      _ fault: ServerResponse.Fault, framing: ServerResponse.Framing = .contentLength
    )
      throws -> LoopbackServer
    {
      try LoopbackServer { _ in
        var response = ServerResponse.bytes(patternBytes(10_000), contentType: "text/plain")
        response.framing = framing
        response.fault = fault
        return response
      }
    }

    @Test("Closing mid-body leaves curl a partial file")
    func closeMidBody() async throws {
      let server = try serve(.closeMidBody(afterBytes: 1000))
      defer { server.stop() }

      let result = try await curl([server.url("/")])
      #expect(result.exitCode == 18)  // CURLE_PARTIAL_FILE
      #expect(result.body == Array(patternBytes(10_000).prefix(1000)))
      #expect(result.header("Content-Length") == "10000")
    }

    @Test("A truncated chunked body leaves curl a partial file")
    func truncateChunked() async throws {
      let server = try serve(.truncateChunked(afterChunks: 2), framing: .chunked(chunkSize: 100))
      defer { server.stop() }

      let result = try await curl([server.url("/")])
      #expect([18, 56].contains(result.exitCode))  // partial file / receive error
      #expect(result.body == Array(patternBytes(10_000).prefix(200)))
    }

    @Test("Truncating a body that was not chunked sends it chunked and cuts it")
    func truncateChunkedWithoutChunkedFraming() async throws {
      let server = try serve(.truncateChunked(afterChunks: 1))
      defer { server.stop() }

      let client = try RawClient(port: server.port, sending: get())
      let head = try await client.readHead()
      #expect(head.header("Transfer-Encoding") == "chunked")
      let rest = String(decoding: try await client.readToEnd(), as: UTF8.self)
      #expect(rest.hasPrefix("400\r\n"))
      #expect(!rest.hasSuffix("0\r\n\r\n"))
    }

    @Test("A raw invalid status line is refused by curl")
    func rawInvalidStatusLine() async throws {
      let server = try serve(.raw(Array("HTTQ/9 what\r\n\r\n".utf8)))
      defer { server.stop() }

      let result = try await curl([server.url("/")])
      #expect([1, 8].contains(result.exitCode))  // unsupported protocol / weird server reply
    }

    @Test("Raw bytes are sent verbatim")
    func rawBytesAreSentVerbatim() async throws {
      let bytes = Array("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhi".utf8)
      let server = try serve(.raw(bytes))
      defer { server.stop() }

      let client = try RawClient(port: server.port, sending: get())
      #expect(try await client.readToEnd() == bytes)
    }

    @Test("Closing without a response gives curl nothing")
    func closeWithoutResponse() async throws {
      let server = try serve(.closeWithoutResponse)
      defer { server.stop() }

      let result = try await curl([server.url("/")])
      #expect(result.exitCode == 52)  // CURLE_GOT_NOTHING
    }

    @Test("An invalid gzip body is a content encoding error for curl")
    func invalidGzip() async throws {
      let server = try serve(.invalidGzip)
      defer { server.stop() }

      let result = try await curl(["--compressed", server.url("/")])
      #expect(result.exitCode == 61)  // CURLE_BAD_CONTENT_ENCODING
      #expect(result.header("Content-Encoding") == "gzip")
    }

    @Test("Stall after headers times out the client and stop is prompt")
    func stallAfterHeadersTimesOutTheClientAndStopIsPrompt() async throws {
      let server = try serve(.stallAfterHeaders)

      // Whenever curl's second runs out, the body has not come: code 28.
      let result = try await curl(["-m", "1", server.url("/")])
      #expect(result.exitCode == 28)  // CURLE_OPERATION_TIMEDOUT

      // The headers come, then nothing until stop() wakes the connection: the server closes
      // it without having sent a byte of the body (an event, not a clock).
      let client = try RawClient(port: server.port, sending: get())
      let head = try await client.readHead()
      #expect(head.header("Content-Length") == "10000")
      #expect(await returns { server.stop() }, "stop() waited for the stalled response")
      #expect(try await client.serverClosed())
    }

    @Test("Delay before headers times out the client")
    func delayBeforeHeadersTimesOutTheClient() async throws {
      // An hour: only stop() ends the wait, so stop() returning at all is the test.
      let server = try LoopbackServer { _ in
        var response = ServerResponse.text("late")
        response.delayBeforeHeaders = .seconds(3600)
        return response
      }
      let result = try await curl(["-m", "1", server.url("/")])
      #expect(result.exitCode == 28)
      #expect(await returns { server.stop() }, "stop() waited for the delayed response")
    }
  }
}
