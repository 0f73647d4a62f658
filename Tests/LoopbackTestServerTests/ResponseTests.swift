import Foundation
import LoopbackTestServer
import Testing

extension LoopbackServerTests {
  @Suite("Responses")
  struct Responses {
    @Test("Keep-alive reuses one connection")
    func keepAliveReusesOneConnection() async throws {
      let recorder = Recorder()
      let server = try recorder.server { request in .text("reply to \(request.path)") }
      defer { server.stop() }

      let result = try await curl([server.url("/one"), server.url("/two")])
      #expect(result.exitCode == 0)
      #expect(result.text == "reply to /onereply to /two")
      #expect(server.connectionsAccepted == 1)
      #expect(server.requestsServed == 2)
      #expect(recorder.all.map(\.connectionID) == [0, 0])
    }

    @Test("Pipelined requests are answered in order")
    func pipelinedRequestsAreAnsweredInOrder() async throws {
      let server = try LoopbackServer { .text($0.path) }
      defer { server.stop() }

      let client = try RawClient(port: server.port, sending: get("/a") + get("/b"))
      #expect(try await client.readResponse().body == Array("/a".utf8))
      #expect(try await client.readResponse().body == Array("/b".utf8))
      #expect(server.connectionsAccepted == 1)
    }

    @Test("Connection close and HTTP/1.0 end the connection")
    func connectionCloseAndHTTP10EndTheConnection() async throws {
      let server = try LoopbackServer { _ in .text("bye") }
      defer { server.stop() }

      let closing = try RawClient(port: server.port, sending: get(headers: "Connection: close\r\n"))
      let first = try await closing.readResponse()
      #expect(first.header("Connection") == "close")
      #expect(try await closing.serverClosed())

      let old = try RawClient(port: server.port, sending: "GET / HTTP/1.0\r\n\r\n")
      let second = try await old.readResponse()
      #expect(second.body == Array("bye".utf8))
      #expect(try await old.serverClosed())
    }

    @Test("HEAD sends the headers of GET")
    func headSendsTheHeadersOfGet() async throws {
      let server = try LoopbackServer { _ in .text("twelve bytes") }
      defer { server.stop() }

      let client = try RawClient(
        port: server.port,
        sending: "HEAD / HTTP/1.1\r\nHost: h\r\n\r\nGET / HTTP/1.1\r\nHost: h\r\n\r\n")
      let head = try await client.readResponse(bodyless: true)
      #expect(head.header("Content-Length") == "12")
      // If HEAD had sent a body, it would be read here as the next status line.
      let get = try await client.readResponse()
      #expect(get.statusLine == "HTTP/1.1 200 OK")
      #expect(get.body == Array("twelve bytes".utf8))

      let result = try await curl(["-I", server.url("/")])
      #expect(result.exitCode == 0)
      #expect(result.header("Content-Length") == "12")
    }

    @Test("A chunked response arrives whole")
    func chunkedResponse() async throws {
      let body = patternBytes(10_000)
      let server = try LoopbackServer { _ in
        var response = ServerResponse.bytes(body, contentType: "application/octet-stream")
        response.framing = .chunked(chunkSize: 4096)
        return response
      }
      defer { server.stop() }

      let result = try await curl([server.url("/")])
      #expect(result.exitCode == 0)
      #expect(result.body == body)
      #expect(result.header("Transfer-Encoding") == "chunked")
      #expect(result.header("Content-Length") == nil)

      // On the wire: 4096 + 4096 + 1808, then the terminating 0-chunk.
      let client = try RawClient(port: server.port, sending: get(headers: "Connection: close\r\n"))
      let wire = String(decoding: try await client.readToEnd(), as: UTF8.self)
      let sizes = wire.components(separatedBy: "\r\n").filter {
        ["1000", "710", "0"].contains($0)
      }
      #expect(sizes == ["1000", "1000", "710", "0"])
      #expect(wire.hasSuffix("\r\n0\r\n\r\n"))
    }

    @Test("Slow chunked response arrives whole")
    func slowChunkedResponseArrivesWhole() async throws {
      let server = try LoopbackServer { _ in
        var response = ServerResponse.text("abcdefghij")
        response.framing = .chunked(chunkSize: 2)
        response.delayBetweenChunks = .milliseconds(20)
        return response
      }
      defer { server.stop() }

      let result = try await curl([server.url("/")])
      #expect(result.exitCode == 0)
      #expect(result.text == "abcdefghij")
    }

    @Test("Chunked falls back to close-delimited for HTTP/1.0")
    func chunkedFallsBackToCloseDelimitedForHTTP10() async throws {
      let server = try LoopbackServer { _ in
        var response = ServerResponse.text("old client")
        response.framing = .chunked(chunkSize: 3)
        return response
      }
      defer { server.stop() }

      let client = try RawClient(port: server.port, sending: "GET / HTTP/1.0\r\n\r\n")
      let response = try await client.readResponse()
      #expect(response.header("Transfer-Encoding") == nil)
      #expect(response.body == Array("old client".utf8))
    }

    @Test("A close-delimited response arrives whole")
    func closeDelimitedResponse() async throws {
      let server = try LoopbackServer { _ in
        var response = ServerResponse.text("until the end")
        response.framing = .closeDelimited
        return response
      }
      defer { server.stop() }

      let result = try await curl([server.url("/")])
      #expect(result.exitCode == 0)
      #expect(result.text == "until the end")
      #expect(result.header("Content-Length") == nil)
      #expect(result.header("Connection") == "close")
    }

    @Test("Gzip decodes to the original", arguments: [0, 1, 65_535, 65_536, 200_000])
    func gzipDecodesToTheOriginal(size: Int) async throws {
      let body = patternBytes(size)
      let server = try LoopbackServer { _ in
        var response = ServerResponse.bytes(body, contentType: "application/octet-stream")
        response.gzip = true
        return response
      }
      defer { server.stop() }

      let result = try await curl(["--compressed", server.url("/")])
      #expect(result.exitCode == 0)
      #expect(result.header("Content-Encoding") == "gzip")
      #expect(result.body == body)

      let raw = try await curl([server.url("/")])
      #expect(raw.body.starts(with: [0x1F, 0x8B]))
    }

    @Test("Gzip with chunked framing decodes")
    func gzipWithChunkedFraming() async throws {
      let body = patternBytes(50_000)
      let server = try LoopbackServer { _ in
        var response = ServerResponse.bytes(body, contentType: "application/octet-stream")
        response.gzip = true
        response.framing = .chunked(chunkSize: 1000)
        return response
      }
      defer { server.stop() }

      let result = try await curl(["--compressed", server.url("/")])
      #expect(result.exitCode == 0)
      #expect(result.body == body)
    }

    @Test("A hundred response headers")
    func hundredResponseHeaders() async throws {
      let server = try LoopbackServer { _ in
        ServerResponse(
          status: 200, headers: (0..<100).map { (name: "X-Header-\($0)", value: "v\($0)") },
          body: Array("ok".utf8))
      }
      defer { server.stop() }

      let result = try await curl([server.url("/")])
      #expect(result.exitCode == 0)
      #expect(result.text == "ok")
      let names = result.headerLines.filter { $0.hasPrefix("X-Header-") }
      #expect(names == (0..<100).map { "X-Header-\($0): v\($0)" })
    }

    @Test("Status, reason and redirect are sent")
    func statusReasonAndRedirect() async throws {
      let server = try LoopbackServer { request in
        switch request.path {
        case "/old": return .redirect(to: "/new")
        case "/new": return .text("moved here")
        case "/teapot":
          var response = ServerResponse.text("short and stout", status: 418)
          response.reason = "I'm a teapot"
          return response
        default: return .empty(status: 404)
        }
      }
      defer { server.stop() }

      let followed = try await curl(["-L", server.url("/old")])
      #expect(followed.text == "moved here")
      #expect(server.connectionsAccepted == 1)

      let client = try RawClient(port: server.port, sending: get("/teapot") + get("/nope"))
      #expect(try await client.readResponse().statusLine == "HTTP/1.1 418 I'm a teapot")
      let missing = try await client.readResponse()
      #expect(missing.statusLine == "HTTP/1.1 404 Not Found")
      #expect(missing.header("Content-Length") == "0")
    }

    @Test("No content has no body or length")
    func noContentHasNoBodyOrLength() async throws {
      let server = try LoopbackServer { _ in
        ServerResponse(status: 204, body: Array("ignored".utf8))
      }
      defer { server.stop() }

      let client = try RawClient(port: server.port, sending: get() + get())
      let first = try await client.readResponse(bodyless: true)
      #expect(first.status == 204)
      #expect(first.header("Content-Length") == nil)
      #expect(try await client.readResponse(bodyless: true).status == 204)
    }

    @Test("Handler framing headers are replaced")
    func handlerFramingHeadersAreReplaced() async throws {
      let server = try LoopbackServer { _ in
        ServerResponse(
          headers: [(name: "Content-Length", value: "999"), (name: "X-Kept", value: "yes")],
          body: Array("abc".utf8))
      }
      defer { server.stop() }

      let result = try await curl([server.url("/")])
      #expect(result.exitCode == 0)
      #expect(result.header("Content-Length") == "3")
      #expect(result.header("X-Kept") == "yes")
    }
  }
}
