import CCurl
import Foundation
import Synchronization

/// Drives every transfer of a `Session` on one thread with a curl multi handle.
///
/// A thousand concurrent requests are a thousand easy handles on this one thread, not a
/// thousand threads; the multi handle keeps finished connections open and hands them to
/// the next request to the same host. Other threads never call curl: they queue work
/// under the lock and wake the thread with `curl_multi_wakeup`, the one multi call libcurl
/// allows from another thread.
///
/// Invariants: `multi` and every easy handle in `active` are used only on the engine thread;
/// a transfer's `finish` runs exactly once, on that thread.
final class CurlMultiEngine: Sendable {
  private struct Queue {
    var additions: [CurlTransfer] = []
    /// Held, not identified: a transfer freed before the engine takes this list could have
    /// its address (its `ObjectIdentifier`) reused by a new transfer, which would be cancelled.
    var cancellations: [CurlTransfer] = []
    var unpauses: [CurlTransfer] = []
    var stopping = false
  }

  /// Not `Sendable` in C; only the engine thread uses it, and `curl_multi_wakeup` (which
  /// libcurl documents as safe from any thread) is the exception.
  private nonisolated(unsafe) let multi: UnsafeMutableRawPointer
  private let queue = Mutex(Queue())

  init(configuration: SessionConfiguration) {
    CurlGlobal.ensureInitialized()
    multi = curl_multi_init()
    _ = ccurl_multi_setopt_long(
      multi, CURLMOPT_MAX_HOST_CONNECTIONS, max(1, configuration.maximumConnectionsPerHost))
    _ = ccurl_multi_setopt_long(
      multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, max(0, configuration.maximumConnections))
    _ = ccurl_multi_setopt_long(
      multi, CURLMOPT_MAXCONNECTS, max(16, configuration.maximumConnectionsPerHost * 4))
    let thread = Thread { [self] in run() }
    thread.name = "JSONKit.Transfer.engine"
    thread.start()
  }

  /// Starts a transfer; its completion runs on the engine thread.
  func add(_ transfer: CurlTransfer) {
    transfer.attachWakers(engine: self)
    queue.withLock { $0.additions.append(transfer) }
    curl_multi_wakeup(multi)
  }

  /// Stops a transfer if it is still running; it completes as cancelled.
  func cancel(_ transfer: CurlTransfer) {
    queue.withLock { $0.cancellations.append(transfer) }
    curl_multi_wakeup(multi)
  }

  /// Resumes a transfer that paused itself (backpressure), if it is still running.
  func unpause(_ transfer: CurlTransfer) {
    queue.withLock { $0.unpauses.append(transfer) }
    curl_multi_wakeup(multi)
  }

  /// Cancels what is running and ends the thread, which then frees the multi handle.
  func shutdown() {
    queue.withLock { $0.stopping = true }
    curl_multi_wakeup(multi)
  }

  // MARK: The engine thread

  private func run() {
    var active: [ObjectIdentifier: CurlTransfer] = [:]
    var byHandle: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    while true {
      let work = queue.withLock { queue in
        defer {
          queue.additions = []
          queue.cancellations = []
          queue.unpauses = []
        }
        return queue
      }
      for transfer in work.additions {
        active[ObjectIdentifier(transfer)] = transfer
        byHandle[transfer.easy] = transfer
        curl_multi_add_handle(multi, transfer.easy)
      }
      var ended = work.cancellations.map(ObjectIdentifier.init)
      if work.stopping { ended += active.keys }
      for id in ended {
        guard let transfer = active.removeValue(forKey: id) else { continue }
        byHandle[transfer.easy] = nil
        curl_multi_remove_handle(multi, transfer.easy)
        transfer.finish(code: CURLE_ABORTED_BY_CALLBACK, cancelled: true)
      }
      if work.stopping { break }
      for transfer in work.unpauses where active[ObjectIdentifier(transfer)] != nil {
        transfer.resumedByEngine()
        // May call the transfer's callbacks at once, with what curl held back.
        curl_easy_pause(transfer.easy, 0)  // CURLPAUSE_CONT
      }

      var running: Int32 = 0
      curl_multi_perform(multi, &running)
      var left: Int32 = 0
      while let message = curl_multi_info_read(multi, &left) {
        guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
          let transfer = byHandle.removeValue(forKey: easy)
        else { continue }
        let code = message.pointee.data.result
        active[ObjectIdentifier(transfer)] = nil
        curl_multi_remove_handle(multi, easy)
        transfer.finish(code: code)
      }
      // Sleeps until a socket is ready, a curl timer is due, or `curl_multi_wakeup`.
      curl_multi_poll(multi, nil, 0, 1000, nil)
    }
    curl_multi_cleanup(multi)
  }
}
