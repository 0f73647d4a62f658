import CCurl
import Foundation
import Synchronization
import Threading

/// Drives transfers of a `Session` on one thread with a curl multi handle; a session has
/// `SessionConfiguration.transferThreads` of them, each with its part of the connection limits.
///
/// A thousand concurrent requests are a thousand easy handles on this one thread, not a
/// thousand threads; the multi handle keeps finished connections open and hands them to
/// the next request to the same host. Other threads never call curl: they queue work under
/// the lock and wake the thread through a pipe (see `SocketLoop`).
///
/// The thread runs curl's socket interface (`curl_multi_socket_action`): it polls the sockets
/// curl names and tells curl which one is ready, so a wake-up costs curl only the transfers
/// whose socket is ready, not a pass over every transfer in flight.
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
    /// The engine thread will take this queue again before it sleeps (it is awake, or a wake
    /// byte is on its way), so queuing more needs no wake-up of its own.
    var willLook = true
  }

  // Safe: not `Sendable` in C; only the engine thread uses it, and the pointer never changes.
  private nonisolated(unsafe) let multi: UnsafeMutableRawPointer
  private let queue = Locked(Queue())
  /// The pipe that wakes the engine thread: it polls `wakeRead`, others write to `wakeWrite`.
  private let wakeRead: Int32
  private let wakeWrite: Int32
  /// The easy handles this engine's transfers run on, kept between requests.
  let handles: CurlHandlePool
  /// Transfers added and not yet finished: the session starts a request on the engine with
  /// the fewest.
  ///
  /// Decremented on the engine thread before the transfer's completion runs, so
  /// the next request of a caller that awaited this one sees it gone.
  private let inFlight = Atomic<Int>(0)

  /// Engine `slot` of `count` (see `SessionConfiguration.engineCount`): it gets its part of
  /// the connection limits, at least one connection each since `count` is at most the limit.
  init(configuration: SessionConfiguration, slot: Int = 0, of count: Int = 1) {
    precondition(0 <= slot && slot < count && count <= configuration.engineCount)
    CurlGlobal.ensureInitialized()
    multi = curl_multi_init()
    let perHost = Self.part(of: max(1, configuration.maximumConnectionsPerHost), slot, count)
    let total =
      configuration.maximumConnections > 0
      ? Self.part(of: configuration.maximumConnections, slot, count) : 0
    _ = ccurl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, perHost)
    _ = ccurl_multi_setopt_long(multi, CURLMOPT_MAX_TOTAL_CONNECTIONS, total)
    _ = ccurl_multi_setopt_long(multi, CURLMOPT_MAXCONNECTS, max(16, perHost * 4))
    // As many idle handles as requests usually run at once: with up to `perHost` in
    // flight, each new request finds a handle.
    handles = CurlHandlePool(capacity: max(16, perHost))
    var fds: [Int32] = [-1, -1]
    let made = ccurl_loop_pipe(&fds)
    precondition(made == 0, "cannot make the engine's wake-up pipe")
    wakeRead = fds[0]
    wakeWrite = fds[1]
    let started = PosixThread.spawn(name: "transfer-engine", detached: true) { [self] in run() }
    precondition(started != nil, "cannot start the engine's thread")
  }

  /// `limit` shared out over `count` engines, the remainder to the first ones.
  private static func part(of limit: Int, _ slot: Int, _ count: Int) -> Int {
    limit / count + (slot < limit % count ? 1 : 0)
  }

  /// Transfers running or waiting for a connection on this engine.
  var transfersInFlight: Int { inFlight.load(ordering: .relaxed) }

  /// The pipe closes only when nothing can write to it any more: wakers hold the engine.
  deinit {
    ccurl_loop_close(wakeRead)
    ccurl_loop_close(wakeWrite)
  }

  /// Starts a transfer; its completion runs on the engine thread.
  func add(_ transfer: CurlTransfer) {
    inFlight.add(1, ordering: .relaxed)
    transfer.attachWakers(engine: self)
    enqueue { $0.additions.append(transfer) }
  }

  /// Stops a transfer if it is still running; it completes as cancelled.
  func cancel(_ transfer: CurlTransfer) {
    enqueue { $0.cancellations.append(transfer) }
  }

  /// Resumes a transfer that paused itself (backpressure), if it is still running.
  func unpause(_ transfer: CurlTransfer) {
    enqueue { $0.unpauses.append(transfer) }
  }

  /// Cancels what is running and ends the thread, which then frees the multi handle.
  func shutdown() {
    enqueue { $0.stopping = true }
  }

  /// Queues work and wakes the engine thread unless it is going to look anyway.
  private func enqueue(_ change: (inout Queue) -> Void) {
    let wake = queue.withLock { queue in
      change(&queue)
      defer { queue.willLook = true }
      return !queue.willLook
    }
    if wake { ccurl_loop_wake(wakeWrite) }
  }

  // MARK: The engine thread

  private func run() {
    let loop = SocketLoop(multi: multi, wakeFD: wakeRead)
    var active: [ObjectIdentifier: CurlTransfer] = [:]
    var byHandle: [UnsafeMutableRawPointer: CurlTransfer] = [:]
    /// Ends the transfers curl reports done.
    func collectFinished() {
      var left: Int32 = 0
      while let message = curl_multi_info_read(multi, &left) {
        guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle,
          let transfer = byHandle.removeValue(forKey: easy)
        else { continue }
        let code = message.pointee.data.result
        active[ObjectIdentifier(transfer)] = nil
        curl_multi_remove_handle(multi, easy)
        inFlight.subtract(1, ordering: .relaxed)
        transfer.finish(code: code)
      }
    }
    while true {
      let work = queue.withLock { queue in
        defer { queue = Queue(willLook: false) }
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
        inFlight.subtract(1, ordering: .relaxed)
        transfer.finish(code: CURLE_ABORTED_BY_CALLBACK, cancelled: true)
      }
      if work.stopping { break }
      for transfer in work.unpauses where active[ObjectIdentifier(transfer)] != nil {
        transfer.resumedByEngine()
        // May call the transfer's callbacks at once, with what curl held back; curl then
        // asks for its timer to run, which the next `runDueTimer` does.
        curl_easy_pause(transfer.easy, 0)  // CURLPAUSE_CONT
      }
      loop.runDueTimer()
      collectFinished()

      // Sleeps until a socket curl waits on is ready, curl's timer is due, or a wake-up.
      loop.wait()
      queue.withLock { $0.willLook = true }
      loop.dispatchReadySockets()
      loop.runDueTimer()
      collectFinished()
    }
    // curl may still report sockets it closes to `loop`, which lives until here.
    withExtendedLifetime(loop) { _ = curl_multi_cleanup(multi) }
    handles.close()
  }
}
