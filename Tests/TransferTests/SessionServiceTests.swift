#if Hummingbird
  import Logging
  import ServiceLifecycle
  import TestProcesses
  import Testing
  import Transfer

  @Suite("Session in a ServiceGroup")
  struct SessionServiceTests {
    @Test(
      "A Session in a ServiceGroup drains its requests and stops on the group's graceful shutdown")
    func stopsWithTheGroup() async throws {
      let gate = Gate()
      try await withServer(gate.handle) { server in
        defer { gate.open() }
        let session = testSession(timeout: heldRequestTimeout)
        let group = ServiceGroup(
          configuration: .init(services: [session], logger: Session.disabledLogger))
        let running = Task { try await group.run() }

        let request = session.request(server.url("/in-flight")).serializingData()
        await gate.waitForArrivals(1)
        await group.triggerGracefulShutdown()
        while !session.isShutDown { await Task.yield() }
        let late = await session.request(server.url("/late")).serializingData().response
        #expect(late.error.map { "\($0)" } == "\(TransferError.sessionShutDown)")

        gate.open()
        #expect(await request.response.response?.statusCode == 200)
        _ = try await within(livenessLimit, "the group's run") { try await running.value }
      }
    }

    @Test("A Session in a cancelled ServiceGroup cancels its running requests")
    func cancelledGroup() async throws {
      let gate = Gate()
      try await withServer(gate.handle) { server in
        defer { gate.open() }
        let session = testSession(timeout: heldRequestTimeout)
        let group = ServiceGroup(
          configuration: .init(services: [session], logger: Session.disabledLogger))
        let running = Task { try await group.run() }
        let request = session.request(server.url("/in-flight")).serializingData()
        await gate.waitForArrivals(1)
        running.cancel()
        #expect(await request.response.error?.isExplicitlyCancelledError == true)
        _ = try await within(livenessLimit, "the group's run") { try? await running.value }
        #expect(session.isShutDown)
      }
    }
  }
#endif
