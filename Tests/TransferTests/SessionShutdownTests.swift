import Foundation
import LoopbackTestServer
import TestProcesses
import Testing
import Transfer

@Suite("Session shutdown")
struct SessionShutdownTests {
  @Test("shutdown() refuses new requests at once and returns when the running ones have ended")
  func drains() async throws {
    let gate = Gate()
    try await withServer(gate.handle) { server in
      defer { gate.open() }
      let session = testSession(timeout: heldRequestTimeout)
      let running = session.request(server.url("/slow")).serializingData()
      await gate.waitForArrivals(1)

      let shutdown = Task { await session.shutdown() }
      // Refused from the moment shutdown begins; the call itself is still waiting.
      while !session.isShutDown { await Task.yield() }
      let late = await session.request(server.url("/late")).serializingData().response
      guard case .failure(.sessionShutDown) = late.result else {
        Issue.record("a request after shutdown got \(late.result)")
        return
      }

      gate.open()
      let drained = await running.response
      #expect(drained.response?.statusCode == 200)
      #expect(drained.error == nil)
      _ = try await within(livenessLimit, "shutdown after the drain") { await shutdown.value }
      #expect(gate.arrivals == 1)
    }
  }

  @Test("shutdown(gracePeriod:) cancels what is still running when the period is over")
  func gracePeriodCancels() async throws {
    let gate = Gate()
    try await withServer(gate.handle) { server in
      defer { gate.open() }
      let session = testSession(timeout: heldRequestTimeout)
      let running = session.request(server.url("/held")).serializingData()
      await gate.waitForArrivals(1)
      _ = try await within(livenessLimit, "shutdown with a grace period") {
        await session.shutdown(gracePeriod: .milliseconds(20))
      }
      #expect(await running.response.error?.isExplicitlyCancelledError == true)
    }
  }

  @Test("shutdown() is idempotent: concurrent and later calls all return, requests stay refused")
  func idempotent() async throws {
    try await withServer(echo) { server in
      let session = testSession()
      let first = await session.request(server.url("/before")).serializingData().response
      #expect(first.response?.statusCode == 200)
      _ = try await within(livenessLimit, "concurrent shutdowns") {
        async let one: Void = session.shutdown()
        async let two: Void = session.shutdown(gracePeriod: .zero)
        _ = await (one, two)
      }
      _ = try await within(livenessLimit, "a later shutdown") { await session.shutdown() }
      let late = await session.request(server.url("/after")).serializingData().response
      #expect(late.error.map { "\($0)" } == "\(TransferError.sessionShutDown)")
      #expect(server.requestsServed == 1)
    }
  }

  @Test("cancelAllRequests() cancels every running request; the session goes on serving new ones")
  func cancelAll() async throws {
    let gate = Gate()
    try await withServer(gate.handle) { server in
      defer { gate.open() }
      let session = testSession(timeout: heldRequestTimeout)
      let first = session.request(server.url("/one")).serializingData()
      let second = session.request(server.url("/two")).serializingData()
      await gate.waitForArrivals(2)
      session.cancelAllRequests()
      #expect(await first.response.error?.isExplicitlyCancelledError == true)
      #expect(await second.response.error?.isExplicitlyCancelledError == true)

      gate.open()
      let after = await session.request(server.url("/three")).serializingData().response
      #expect(after.response?.statusCode == 200)
      #expect(!session.isShutDown)
    }
  }
}
