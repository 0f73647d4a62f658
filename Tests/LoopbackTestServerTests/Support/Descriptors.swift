import Foundation
import TestProcesses

/// Whether the server that answered `token` on `port` is gone: a connection is refused, or
/// reaches some other server (a test running alongside may bind a freed port at once) that
/// does not answer with `token`.
///
/// A server that answers slowly (a loaded machine) is waited for: only a refusal, an
/// answer without the token, or no answer within the client's liveness bound counts as gone.
func serverIsGone(port: Int, token: String) async -> Bool {
  guard let client = try? RawClient(port: port) else { return true }
  defer { client.close() }
  guard (try? client.send("GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n")) != nil,
    let response = try? await client.readResponse()
  else { return true }
  return String(decoding: response.body, as: UTF8.self) != token
}
