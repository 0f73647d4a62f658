import LoopbackServer
import Synchronization

/// Collects what a handler saw, for checking after the client is done.
final class Recorder: Sendable {
  private let requests = Mutex<[ServerRequest]>([])

  func record(_ request: ServerRequest) {
    requests.withLock { $0.append(request) }
  }

  var all: [ServerRequest] { requests.withLock { $0 } }
  var last: ServerRequest? { all.last }
}
