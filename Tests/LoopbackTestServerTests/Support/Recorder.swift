import Threading

@testable import LoopbackTestServer

/// Collects what a handler saw, for checking after the client is done.
final class Recorder: Sendable {
  private let requests = Locked<[ServerRequest]>([])

  func record(_ request: ServerRequest) {
    requests.withLock { $0.append(request) }
  }

  /// A server whose handler records each request, then answers it with `respond`.
  func server(_ respond: @escaping @Sendable (ServerRequest) -> ServerResponse) throws
    -> LoopbackServer
  {
    try LoopbackServer { request in
      self.record(request)
      return respond(request)
    }
  }

  var all: [ServerRequest] { requests.withLock { $0 } }
  var last: ServerRequest? { all.last }
}
