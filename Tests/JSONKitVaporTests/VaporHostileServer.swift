#if Vapor
  import Foundation
  import JSONKit
  import JSONKitVapor
  import Testing
  import Vapor

  extension VaporTests {
    /// The server the article "Hostile request bodies" measures: the hostile-body routes on
    /// 127.0.0.1, serving until the port file it wrote is removed.
    ///
    /// Runs only when
    /// `JSONKIT_HOSTILE_PORT_FILE` names that file (`Tests/HostileBodies/measure.py` sets it,
    /// one process per case, so that each case's peak memory is its own).
    @Suite("The hostile-body server for memory measurements")
    struct HostileServer {
      static let portFile = ProcessInfo.processInfo.environment["JSONKIT_HOSTILE_PORT_FILE"]

      @Test("Serves the hostile-body routes until told to stop", .enabled(if: portFile != nil))
      func serve() async throws {
        let portFile = try #require(Self.portFile)
        ContentConfiguration.global = Coders.jsonKit.configuration
        defer { ContentConfiguration.global = .default() }
        let app = try await Application.make(.testing)
        do {
          try HostileBodyTests.routes(app, .jsonKit)
          app.post("ping") { _ in "pong" }
          try await app.server.start(address: .hostname("127.0.0.1", port: 0))
          let port = try #require(app.http.server.shared.localAddress?.port)
          _ = FileManager.default.createFile(atPath: portFile, contents: Data("\(port)".utf8))
          while FileManager.default.fileExists(atPath: portFile) {
            try await Task.sleep(for: .milliseconds(50))
          }
          await app.server.shutdown()
        } catch {
          try? await app.asyncShutdown()
          throw error
        }
        try await app.asyncShutdown()
      }
    }
  }
#endif
