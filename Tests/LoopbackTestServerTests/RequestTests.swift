import Foundation
import LoopbackTestServer
import Testing

extension LoopbackServerTests {
  @Suite("Requests")
  struct Requests {
    @Test("A JSON GET is answered")
    func jsonGet() async throws {
      let recorder = Recorder()
      let server = try recorder.server { _ in .json(#"{"name":"jsonkit","n":[1,2,3]}"#) }
      defer { server.stop() }

      let result = try await curl([server.url("/items?id=7")])
      #expect(result.exitCode == 0)
      #expect(result.text == #"{"name":"jsonkit","n":[1,2,3]}"#)
      #expect(result.header("Content-Type") == "application/json")
      #expect(result.header("Content-Length") == "30")
      #expect(result.header("Date") != nil)
      let request = try #require(recorder.last)
      #expect(request.method == "GET")
      #expect(request.path == "/items")
      #expect(request.query == ["id": "7"])
      #expect(request.header("host") == "127.0.0.1:\(server.port)")
      #expect(request.connectionID == 0)
      #expect(server.requestsServed == 1)
    }

    @Test("Path and query are decoded")
    func pathAndQueryAreDecoded() async throws {
      let recorder = Recorder()
      let server = try recorder.server { _ in .empty(status: 204) }
      defer { server.stop() }

      let result = try await curl([
        "-w", "%{http_code}", server.url("/a%20b/c+d?x=1&y=%20z+w&x=2&flag"),
      ])
      #expect(result.exitCode == 0)
      #expect(result.header("Content-Length") == nil)
      let request = try #require(recorder.last)
      #expect(request.target == "/a%20b/c+d?x=1&y=%20z+w&x=2&flag")
      #expect(request.path == "/a b/c+d")
      #expect(request.query == ["x": "2", "y": " z w", "flag": ""])
      #expect(request.queryItems.map(\.name) == ["x", "y", "x", "flag"])
    }

    @Test("Hand-built request parses its target")
    func handBuiltRequestParsesItsTarget() {
      let request = ServerRequest(
        method: "GET", target: "http://example.com/p%2Fq?k=%zz",
        headers: [(name: "X-One", value: "1"), (name: "x-one", value: "2")])
      #expect(request.path == "/p/q")
      #expect(request.query == ["k": "%zz"])
      #expect(request.header("X-ONE") == "1")
    }

    @Test("A POST body is echoed", arguments: [false, true])
    func postEcho(chunked: Bool) async throws {
      let recorder = Recorder()
      let server = try recorder.server { request in
        .bytes(request.body, contentType: "application/octet-stream")
      }
      defer { server.stop() }

      let payload = patternBytes(300_000)
      let file = try temporaryFile(payload)
      defer { try? FileManager.default.removeItem(at: file) }
      let framing = chunked ? ["-H", "Transfer-Encoding: chunked"] : []
      let result = try await curl(
        framing + ["--data-binary", "@\(file.path)", server.url("/echo")])
      #expect(result.exitCode == 0)
      #expect(result.body == payload)
      let request = try #require(recorder.last)
      #expect(request.method == "POST")
      #expect(request.header("Content-Length") == (chunked ? nil : "300000"))
      #expect(request.header("Transfer-Encoding") == (chunked ? "chunked" : nil))
    }

    @Test("Chunked body with extensions and trailers")
    func chunkedBodyWithExtensionsAndTrailers() async throws {
      let server = try LoopbackServer { .bytes($0.body, contentType: "text/plain") }
      defer { server.stop() }

      let client = try RawClient(
        port: server.port,
        sending:
          "POST /x HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
          + "5;ext=1\r\nhello\r\nA\r\n, chunked!\r\n0\r\nX-Trailer: t\r\n\r\n")
      let response = try await client.readResponse()
      #expect(response.status == 200)
      #expect(String(decoding: response.body, as: UTF8.self) == "hello, chunked!")
    }

    @Test("Expect: 100-continue is answered before the body")
    func expectContinueIsAnsweredBeforeTheBody() async throws {
      let server = try LoopbackServer { .bytes($0.body, contentType: "text/plain") }
      defer { server.stop() }

      let client = try RawClient(
        port: server.port,
        sending:
          "PUT /up HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
      // The server must answer before it has seen a byte of the body.
      let interim = try await client.readHead()
      #expect(interim.statusLine == "HTTP/1.1 100 Continue")
      try client.send("data")
      let response = try await client.readResponse()
      #expect(response.status == 200)
      #expect(response.body == Array("data".utf8))
    }

    @Test("Large upload through curl's own expect")
    func largeUploadThroughCurlsOwnExpect() async throws {
      // libcurl sends Expect: 100-continue by itself for bodies over 1 MiB.
      let recorder = Recorder()
      let server = try recorder.server { request in .text("\(request.body.count)") }
      defer { server.stop() }

      let payload = patternBytes(3 << 20)
      let file = try temporaryFile(payload)
      defer { try? FileManager.default.removeItem(at: file) }
      let result = try await curl(["--data-binary", "@\(file.path)", server.url("/big")])
      #expect(result.exitCode == 0)
      #expect(result.text == "\(payload.count)")
      #expect(recorder.last?.body == payload)
    }

    @Test("A hundred request headers arrive in order")
    func hundredRequestHeadersArriveInOrder() async throws {
      let recorder = Recorder()
      let server = try recorder.server { _ in .empty(status: 204) }
      defer { server.stop() }

      let arguments = (0..<100).flatMap { ["-H", "X-Field-\($0): value \($0)"] }
      let result = try await curl(arguments + [server.url("/")])
      #expect(result.exitCode == 0)
      let fields = try #require(recorder.last).headers.filter { $0.name.hasPrefix("X-Field-") }
      #expect(fields.map(\.name) == (0..<100).map { "X-Field-\($0)" })
      #expect(fields.map(\.value) == (0..<100).map { "value \($0)" })
    }

    @Test("Oversized headers get 431 and close")
    func oversizedHeadersGet431AndClose() async throws {
      let server = try LoopbackServer { _ in .text("unreachable") }
      defer { server.stop() }

      let client = try RawClient(port: server.port)
      let filler = String(repeating: "a", count: 1000)
      // Send only what fits in socket buffers without the server reading all of it.
      var head = "GET / HTTP/1.1\r\nHost: h\r\n"
      for index in 0..<70 { head += "X-Filler-\(index): \(filler)\r\n" }
      try client.send(head + "\r\n")
      let response = try await client.readResponse()
      #expect(response.status == 431)
      #expect(response.header("Connection") == "close")
      #expect(try await client.serverClosed())
      #expect(server.requestsServed == 0)
    }

    @Test(
      "Malformed requests get 400",
      arguments: [
        "GARBAGE\r\n\r\n",
        "GET /\r\n\r\n",
        "GET / HTTP/1.1\r\nNo colon here\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\n folded: line\r\n\r\n",
        "POST / HTTP/1.1\r\nContent-Length: 12x\r\n\r\n",
        "POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
        "POST / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n",
        "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
      ])
    func malformedRequestsGet400(request: String) async throws {
      let server = try LoopbackServer { _ in .text("unreachable") }
      defer { server.stop() }

      let client = try RawClient(port: server.port, sending: request)
      let response = try await client.readResponse()
      #expect(response.status == 400)
      #expect(try await client.serverClosed())
    }

    @Test("Unknown version gets 505")
    func unknownVersionGets505() async throws {
      let server = try LoopbackServer { _ in .text("unreachable") }
      defer { server.stop() }

      let client = try RawClient(port: server.port, sending: "GET / HTTP/2.0\r\n\r\n")
      #expect(try await client.readResponse().status == 505)
    }
  }
}
