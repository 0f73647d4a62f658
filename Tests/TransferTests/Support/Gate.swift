import Dispatch
import LoopbackTestServer

/// A handler that holds each request on the server until `open()`, and tells the test when
/// requests have arrived: a request that is surely in flight, without sleeping.
final class Gate: Sendable {
  private let opened = DispatchSemaphore(value: 0)
  private let arrived = Arrivals()

  func handle(_ request: ServerRequest) -> ServerResponse {
    arrived.record()
    // Bounded, so a failing test cannot hold a server thread for ever; as long as
    // `heldRequestTimeout`, because two full suites at once on 2 cores kept a test from
    // cancelling its held requests for over ten minutes, and the gate then answered them.
    _ = opened.wait(timeout: .now() + .seconds(Int(heldRequestTimeout.components.seconds)))
    opened.signal()  // and every later request through
    return .json(userJSON)
  }

  /// Returns once `count` requests have reached the server.
  func waitForArrivals(_ count: Int) async { await arrived.wait(for: count) }

  /// How many requests have reached the server.
  var arrivals: Int { arrived.count }

  /// Lets every held request (and every later one) be answered.
  func open() { opened.signal() }
}
