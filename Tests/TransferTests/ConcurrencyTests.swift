import Foundation
import JSONKit
import LoopbackServer
import Synchronization
import Testing
import Transfer

@Suite struct ConcurrencyTests {
  static func handler(_ request: ServerRequest) -> ServerResponse {
    switch request.path {
    case "/stall":
      var response = ServerResponse.json("{}")
      response.fault = .stallAfterHeaders
      return response
    case "/slow":
      var response = ServerResponse.json(#"{"n": \#(request.query["n"] ?? "0")}"#)
      response.delayBeforeHeaders = .milliseconds(20)
      return response
    default:
      return .json(#"{"n": \#(request.query["n"] ?? "0")}"#)
    }
  }

  @Test func twoHundredConcurrentRequestsShareAFewConnections() async throws {
    try await withServer(Self.handler) { server in
      let session = testSession()
      let values = try await withThrowingTaskGroup(of: Int.self) { group in
        for n in 0..<200 {
          group.addTask { try await session.request(server.url("/slow?n=\(n)")).serializingJSON().value["n"].intValue }
        }
        return try await group.reduce(into: []) { $0.append($1) }
      }
      #expect(values.sorted() == Array(0..<200))
      // Six connections per host by default, kept alive and reused.
      #expect(server.connectionsAccepted <= 6)
      #expect(server.requestsServed == 200)
    }
  }

  @Test func sequentialRequestsReuseOneConnection() async throws {
    try await withServer(Self.handler) { server in
      let session = testSession()
      var opened: [Bool] = []
      for n in 0..<5 {
        let response = await session.request(server.url("/?n=\(n)")).serializingJSON().response
        opened.append(response.metrics?.openedConnection ?? true)
      }
      #expect(server.connectionsAccepted == 1)
      #expect(opened == [true, false, false, false, false])
    }
  }

  @Test func cancellingTheAwaitingTaskCancelsTheTransfer() async throws {
    try await withServer(Self.handler) { server in
      let session = testSession(timeout: .seconds(30))
      let task = Task { await session.request(server.url("/stall")).serializingData().response }
      try await Task.sleep(for: .milliseconds(200))
      task.cancel()
      let response = await task.value
      #expect(response.error?.isExplicitlyCancelledError == true)
    }
  }

  @Test func cancelBeforeAndDuringTheTransfer() async throws {
    try await withServer(Self.handler) { server in
      let session = testSession(timeout: .seconds(30))
      let early = session.request(server.url("/")).cancel()
      let response = await early.serializingData().response
      #expect(response.error?.isExplicitlyCancelledError == true)
      #expect(early.state == .cancelled)

      let running = session.request(server.url("/stall"))
      let done = Task { await running.serializingData().response }
      try await Task.sleep(for: .milliseconds(200))
      running.cancel()
      #expect(await done.value.error?.isExplicitlyCancelledError == true)
      // Cancelling after the end changes nothing.
      let finished = session.request(server.url("/?n=1"))
      _ = await finished.serializingJSON().response
      finished.cancel()
      #expect(finished.error == nil && finished.state == .finished)
    }
  }

  @Test func completionHandlersRunOnTheGivenQueue() async throws {
    try await withServer(Self.handler) { server in
      let queue = DispatchQueue(label: "callbacks")
      let response = await awaitResponse { done in
        testSession().request(server.url("/?n=5")).responseJSON(queue: queue) { response in
          dispatchPrecondition(condition: .onQueue(queue))
          done(response)
        }
      }
      #expect(response.value?["n"].intValue == 5)
    }
  }

  @Test func sharedSessionAndRequestsAcrossTasksLeaveNoDescriptorsOrThreads() async throws {
    let descriptorsBefore = openDescriptors()
    let threadsBefore = threadCount()
    try await withServer(Self.handler) { server in
      let session = testSession()
      try await withThrowingTaskGroup(of: Void.self) { group in
        for n in 0..<50 {
          group.addTask { _ = try await session.request(server.url("/?n=\(n)")).serializingJSON().value }
        }
        try await group.waitForAll()
      }
    }
    // The engine thread ends shortly after its session is released.
    for _ in 0..<50 where threadCount() > threadsBefore || openDescriptors() > descriptorsBefore {
      try await Task.sleep(for: .milliseconds(100))
    }
    #expect(openDescriptors() <= descriptorsBefore)
    #expect(threadCount() <= threadsBefore)
  }
}

func openDescriptors() -> Int {
  (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
}

func threadCount() -> Int {
  (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
}
