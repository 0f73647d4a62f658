import Threading

/// Lets another thread resume a transfer that paused itself (a full stream buffer, an upload
/// waiting for its next chunk).
///
/// curl allows `curl_easy_pause` only on the thread that drives the handle, so waking queues
/// the transfer with the engine, which unpauses it on its thread. The engine attaches the
/// transfer when it starts it and `CurlTransfer.finish` detaches it, which breaks the cycle
/// transfer → body handling → waker → transfer.
final class TransferWaker: Sendable {
  private let target = Locked<(engine: CurlMultiEngine, transfer: CurlTransfer)?>(nil)

  func attach(engine: CurlMultiEngine, transfer: CurlTransfer) {
    target.withLock { $0 = (engine, transfer) }
  }

  func detach() { target.withLock { $0 = nil } }

  /// Asks the engine to unpause the transfer; nothing if it has not started or has ended.
  func wake() {
    guard let target = target.withLock({ $0 }) else { return }
    target.engine.unpause(target.transfer)
  }
}
