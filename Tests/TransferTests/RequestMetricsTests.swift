import Foundation
import LoopbackTestServer
import MetricsTestKit
import Testing
import Transfer

@Suite("Request metrics")
struct RequestMetricsTests {
  @Test(
    "Each request adds to http.client.requests and http.client.request.duration by method, server and status"
  )
  func countsAndDurations() async throws {
    let metrics = TestMetrics()
    let handler: @Sendable (ServerRequest) -> ServerResponse = { request in
      request.path == "/missing" ? .json(#"{"error": "no"}"#, status: 404) : .json(userJSON)
    }
    try await withServer(handler) { server in
      let session = testSession(metrics: metrics)
      for _ in 0..<2 {
        let ok = await session.request(server.url("/u")).serializingData().response
        #expect(ok.response?.statusCode == 200)
      }
      let missing = await session.request(server.url("/missing"), method: .delete).validate()
        .serializingData().response
      #expect(missing.error?.responseCode == 404)

      let port = String(server.port)
      let ok = [
        ("http.request.method", "GET"), ("server.address", "127.0.0.1"), ("server.port", port),
        ("http.response.status_code", "200"),
      ]
      let notFound = [
        ("http.request.method", "DELETE"), ("server.address", "127.0.0.1"),
        ("server.port", port), ("http.response.status_code", "404"), ("error.type", "404"),
      ]
      #expect(try metrics.expectCounter("http.client.requests", ok).totalValue == 2)
      #expect(try metrics.expectCounter("http.client.requests", notFound).totalValue == 1)
      let durations = try metrics.expectTimer("http.client.request.duration", ok).values
      #expect(durations.count == 2)
      #expect(durations.allSatisfy { $0 > 0 })
      #expect(try metrics.expectTimer("http.client.request.duration", notFound).values.count == 1)
      #expect(metrics.counters.count == 2)
    }
  }
}
