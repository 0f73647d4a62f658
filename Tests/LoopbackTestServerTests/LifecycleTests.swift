import Foundation
import TestProcesses
import Testing
import Threading

@testable import LoopbackTestServer

extension LoopbackServerTests {
  @Suite("Lifecycle")
  struct Lifecycle {
    @Test("baseURL and url(_:) name the server")
    func baseURLAndURL() throws {
      let server = try LoopbackServer { _ in .empty(status: 204) }
      defer { server.stop() }
      #expect(server.port > 0)
      #expect(server.baseURL == "http://127.0.0.1:\(server.port)")
      #expect(server.url("/a?b=1") == "http://127.0.0.1:\(server.port)/a?b=1")
    }

    @Test("200 concurrent connections")
    func twoHundredConcurrentConnections() async throws {
      let server = try LoopbackServer { .text("connection \($0.connectionID)") }
      defer { server.stop() }

      // All 200 are open at the same time before any is read from.
      let clients = try (0..<200).map { _ in try RawClient(port: server.port) }
      for client in clients { try client.send(get()) }
      var ids = Set<String>()
      for (index, client) in clients.enumerated() {
        // On a failure, say how far the server got and what went wrong on its side. One CI
        // run on a loaded machine read "EOF inside a line" here, most likely because
        // RawClient closed a refused socket twice (tests alongside do connect to stopped
        // servers): a second close can cut a connection this server just accepted under the
        // same number.
        let response: RawClient.Response
        do {
          response = try await client.readResponse()
        } catch {
          Issue.record(
            """
            client \(index): \(error); the server accepted \(server.connectionsAccepted) \
            connections and served \(server.requestsServed) requests; its incidents: \
            \(server.core.incidents)
            """)
          throw error
        }
        #expect(response.status == 200)
        ids.insert(String(decoding: response.body, as: UTF8.self))
      }
      #expect(ids.count == 200)
      #expect(server.connectionsAccepted == 200)
      #expect(server.requestsServed == 200)
      #expect(server.core.incidents.isEmpty)
    }

    @Test("Many keep-alive clients at once")
    func manyKeepAliveClientsAtOnce() async throws {
      let server = try LoopbackServer { .text("\($0.connectionID) \($0.path)") }
      defer { server.stop() }

      // 32 clients at once, each a task whose reads wait off the cooperative pool.
      let failures = await withTaskGroup(of: Int.self) { group in
        for index in 0..<32 {
          group.addTask {
            do {
              let client = try RawClient(port: server.port)
              var failures = 0
              for request in 0..<25 {
                try client.send(get("/\(index)/\(request)"))
                let body = String(decoding: try await client.readResponse().body, as: UTF8.self)
                if !body.hasSuffix(" /\(index)/\(request)") { failures += 1 }
              }
              return failures
            } catch {
              return 1
            }
          }
        }
        return await group.reduce(0, +)
      }
      #expect(failures == 0)
      #expect(server.connectionsAccepted == 32)
      #expect(server.requestsServed == 32 * 25)
    }

    // Prompt means that stop() does not wait for the download: its chunks are an hour apart,
    // so stop() returning at all is the test, whatever the machine's load (no clock).
    @Test("Stop is prompt with a half sent request and a slow download")
    func stopIsPromptWithAHalfSentRequestAndASlowDownload() async throws {
      let server = try LoopbackServer { _ in
        var response = ServerResponse.text(String(repeating: "x", count: 100))
        response.framing = .chunked(chunkSize: 1)
        response.delayBetweenChunks = .seconds(3600)
        return response
      }
      let halfSent = try RawClient(port: server.port, sending: "GET / HTTP/1.1\r\nHost:")
      let downloading = try RawClient(port: server.port, sending: get())
      _ = try await downloading.readHead()
      #expect(await returns { server.stop() }, "stop() waited for the download")
      #expect(try await halfSent.serverClosed())
      #expect(server.requestsServed == 1)
    }

    // A freed port may be bound at once by a server of a test running alongside: "gone"
    // means refused, or answered by someone without this server's token.
    @Test("Stop is idempotent and refuses new connections")
    func stopIsIdempotentAndRefusesNewConnections() async throws {
      let token = UUID().uuidString
      let server = try LoopbackServer { _ in .text(token) }
      let port = server.port
      #expect(try await curl([server.url("/")]).exitCode == 0)
      #expect(await !serverIsGone(port: port, token: token))
      // The server's sockets, while it holds the port: after stop() a test alongside may
      // bind the port, so these are checked by kernel object, not by port.
      let sockets = socketDescriptors(onPort: port, localOnly: true)
      #expect(!sockets.isEmpty)
      server.stop()
      server.stop()
      #expect(await serverIsGone(port: port, token: token))
      #expect(stillOpen(sockets).isEmpty)
    }

    @Test("deinit stops the server")
    func deinitStops() async throws {
      let token = UUID().uuidString
      var server: LoopbackServer? = try LoopbackServer { _ in .text(token) }
      let port = try #require(server?.port)
      #expect(await !serverIsGone(port: port, token: token))
      let sockets = socketDescriptors(onPort: port, localOnly: true)
      #expect(!sockets.isEmpty)
      server = nil
      #expect(await serverIsGone(port: port, token: token))
      #expect(stillOpen(sockets).isEmpty)
    }

    @Test("Stop called from a handler does not deadlock")
    func stopCalledFromAHandlerDoesNotDeadlock() async throws {
      let box = ServerBox()
      let server = try LoopbackServer { _ in
        box.server?.stop()
        return .text("stopping")
      }
      box.server = server
      let result = try await curl([server.url("/")])
      #expect(result.exitCode == 0 || result.exitCode == 52)
      server.stop()
      box.server = nil
    }

    // A stray close elsewhere in the process, and the number's reuse by another owner, in one
    // step: dup2 puts a pipe of the test's under the number of the server's connection.
    @Test("A connection whose descriptor number names something else is dropped, not closed")
    func aConnectionWhoseDescriptorNumberNamesSomethingElseIsDroppedNotClosed() async throws {
      let server = try LoopbackServer { _ in .text("ok") }
      defer { server.stop() }
      let client = try RawClient(port: server.port, sending: get())
      #expect(try await client.readResponse().status == 200)
      // The server's end of the connection: its socket on the port that does not listen.
      let accepted = try #require(
        socketDescriptors(onPort: server.port, localOnly: true).first { !isListening($0.fd) })

      var ends: [Int32] = [-1, -1]
      try #require(pipe(&ends) == 0)
      defer { for fd in ends { closeOwned(fd) } }
      var byte: UInt8 = 1
      #expect(write(ends[1], &byte, 1) == 1)
      try #require(dup2(ends[0], accepted.fd) == accepted.fd)
      let pipeTarget = try #require(descriptorTarget(accepted.fd))
      // Wakes the server's thread, which waits on the socket for a next request: the number
      // now names a readable pipe, which recv refuses (ENOTSOCK).
      try client.send(get())

      #expect(await waitUntil { !server.core.incidents.isEmpty })
      #expect(server.core.incidents.first?.contains("errno \(ENOTSOCK)") == true)
      let left = stillOpen([(fd: accepted.fd, target: pipeTarget)])
      #expect(left == [pipeTarget], "the server closed a descriptor number that was not its own")
      if left == [pipeTarget] { closeOwned(accepted.fd) }
    }

    @Test("Stop closes every descriptor")
    func stopClosesEveryDescriptor() async throws {
      let server = try LoopbackServer { request in
        var response = ServerResponse.text("held")
        if request.path == "/stall" { response.fault = .stallAfterHeaders }
        return response
      }
      let port = server.port
      // Finished, idle keep-alive and stalled connections, all open when stop() runs.
      let clients = try (0..<6).map { _ in try RawClient(port: port) }
      for (index, client) in clients.enumerated() {
        try client.send("GET /\(index % 3 == 0 ? "stall" : "ok") HTTP/1.1\r\nHost: h\r\n\r\n")
        _ = try await client.readHead()
      }
      // The listening socket, six accepted connections and six clients. Only sockets on this
      // server's port count: tests running alongside open and close their own descriptors.
      // After stop() the port is free for any test to bind: the 13 are checked by object.
      let sockets = socketDescriptors(onPort: port)
      #expect(sockets.count == 13)
      // The stop signal's self-pipe, by the kernel object each end names.
      let pipe = [server.core.stopSignal.readFD, server.core.stopSignal.writeFD].compactMap { fd in
        descriptorTarget(fd).map { (fd: fd, target: $0) }
      }
      #expect(pipe.count == 2)
      server.stop()
      for client in clients { client.close() }
      #expect(stillOpen(sockets).isEmpty)
      #expect(stillOpen(pipe).isEmpty)
    }
  }
}

/// Whether `fd` is a listening socket.
private func isListening(_ fd: Int32) -> Bool {
  var value: Int32 = 0
  var length = socklen_t(MemoryLayout<Int32>.size)
  return getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &value, &length) == 0 && value != 0
}

/// Lets a handler reach the server it belongs to.
final class ServerBox: Sendable {
  private let stored = Locked<LoopbackServer?>(nil)

  var server: LoopbackServer? {
    get { stored.withLock { $0 } }
    set { stored.withLock { $0 = newValue } }
  }
}
