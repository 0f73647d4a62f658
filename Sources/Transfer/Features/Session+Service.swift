#if Hummingbird
  import ServiceLifecycle

  /// With the Hummingbird trait, a `Session` is a ServiceLifecycle `Service`: put it in the
  /// application's `ServiceGroup` and it shuts down with the application, draining its
  /// requests first.
  ///
  /// ```swift
  /// let upstream = Session(logger: logger)
  /// let app = Application(router: router, services: [upstream])
  /// try await app.runService()  // on SIGTERM: the server stops, then `upstream` drains
  /// ```
  ///
  /// `run()` waits for the group's graceful shutdown, then calls
  /// ``Session/shutdown(gracePeriod:)`` without a grace period: running requests end as
  /// they would, new ones fail with ``TransferError/sessionShutDown``. When the group
  /// cancels its services instead (a service failed, or its `gracefulShutdownTimeout` ran
  /// out), the running requests are cancelled. List the session before the services that
  /// make requests with it (Hummingbird's `Application` puts its server after your services):
  /// a group shuts its services down in reverse order, so the server stops taking requests
  /// before the session refuses new ones.
  extension Session: Service {
    /// Runs until the service group shuts down gracefully, then shuts the session down.
    ///
    /// ```swift
    /// let group = ServiceGroup(
    ///   services: [session, server], gracefulShutdownSignals: [.sigterm], logger: logger)
    /// try await group.run()
    /// ```
    public func run() async throws {
      // Returns on graceful shutdown, throws on cancellation: either way, the session stops.
      try? await gracefulShutdown()
      await shutdown()
    }
  }
#endif
