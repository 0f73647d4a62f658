#if Hummingbird
  import Foundation
  import Hummingbird
  import JSONKit
  import JSONKitHummingbird
  import Testing

  /// The server the article "Hostile request bodies" measures: the hostile-body routes on
  /// 127.0.0.1, serving until the port file it wrote is removed.
  ///
  /// Runs only when
  /// `JSONKIT_HOSTILE_PORT_FILE` names that file (`Tests/HostileBodies/measure.py` sets it,
  /// one process per case, so that each case's peak memory is its own).
  @Suite("The hostile-body server for memory measurements")
  struct HummingbirdHostileServer {
    static let portFile = ProcessInfo.processInfo.environment["JSONKIT_HOSTILE_PORT_FILE"]

    @Test(
      "Serves the hostile-body routes until told to stop",
      .enabled(if: portFile != nil))
    func serve() async throws {
      let portFile = try #require(Self.portFile)
      let router = Router(context: JSONKitRequestContext.self)
      HummingbirdHostileBodyTests.routes(router)
      router.post("/ping") { _, _ in "pong" }
      let app = Application(
        router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
        onServerRunning: { channel in
          let port = channel.localAddress?.port ?? 0
          _ = FileManager.default.createFile(atPath: portFile, contents: Data("\(port)".utf8))
        })
      try await withThrowingTaskGroup(of: Void.self) { group in
        group.addTask { try await app.runService(gracefulShutdownSignals: []) }
        // Until the driver removes the file (it was written once the server listened).
        var started = false
        while true {
          try await Task.sleep(for: .milliseconds(50))
          let exists = FileManager.default.fileExists(atPath: portFile)
          if exists { started = true } else if started { break }
        }
        group.cancelAll()
      }
    }
  }
#endif
