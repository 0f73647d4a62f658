import CCurl
import Foundation

/// The engine thread's side of curl's socket interface: the sockets curl waits on and for
/// what, curl's one timer, and the `poll` that waits for either (or the engine's wake pipe).
///
/// curl tells the loop what to watch through its socket and timer callbacks, which run
/// inside `curl_multi_*` calls on the engine thread; the loop calls
/// `curl_multi_socket_action` for each ready socket and for the timer when it is due. Only
/// the engine thread uses an instance (hence `@unchecked Sendable`: its address is curl's
/// callback context, nothing else crosses threads).
final class SocketLoop: @unchecked Sendable {
  // Safe: only the engine thread uses an instance (above).
  private let multi: UnsafeMutableRawPointer
  private let wakeFD: Int32
  /// What curl waits for on each socket: `POLLIN`, `POLLOUT` or both.
  private var watched: [Int32: Int16] = [:]
  /// When curl wants `CURL_SOCKET_TIMEOUT` run; nil: no timer.
  private var deadline: ContinuousClock.Instant?
  /// The last `poll`'s array, kept to reuse its storage.
  private var polled: [pollfd] = []

  init(multi: UnsafeMutableRawPointer, wakeFD: Int32) {
    // Safe: curl calls back only inside the engine thread's `curl_multi_*` calls, and the engine
    // keeps this loop alive until after `curl_multi_cleanup` (`CurlMultiEngine.run`).
    self.multi = multi
    self.wakeFD = wakeFD
    let me = Unmanaged.passUnretained(self).toOpaque()
    _ = ccurl_multi_setopt_pointer(multi, CURLMOPT_SOCKETDATA, me)
    _ = ccurl_multi_setopt_pointer(multi, CURLMOPT_TIMERDATA, me)
    _ = ccurl_multi_setopt_socket_function(multi) { _, socket, what, user, _ in
      guard let user else { return 0 }
      Unmanaged<SocketLoop>.fromOpaque(user).takeUnretainedValue().watch(socket, what: what)
      return 0
    }
    _ = ccurl_multi_setopt_timer_function(multi) { _, milliseconds, user in
      guard let user else { return 0 }
      Unmanaged<SocketLoop>.fromOpaque(user).takeUnretainedValue().setTimer(milliseconds)
      return 0
    }
  }

  // MARK: curl's callbacks (inside curl calls; they must not call curl back)

  private func watch(_ socket: Int32, what: Int32) {
    var events: Int16 = 0
    if what & Int32(CURL_POLL_IN) != 0 { events |= Int16(POLLIN) }
    if what & Int32(CURL_POLL_OUT) != 0 { events |= Int16(POLLOUT) }
    if what == Int32(CURL_POLL_REMOVE) || events == 0 {
      watched[socket] = nil
    } else {
      watched[socket] = events
    }
  }

  /// -1 stops the timer; 0 asks for it as soon as possible.
  private func setTimer(_ milliseconds: Int) {
    deadline = milliseconds < 0 ? nil : .now + .milliseconds(milliseconds)
  }

  // MARK: The loop

  /// Runs curl's timer while it is due (starting added transfers, timeouts, retries of
  /// connects); a pass can set it due again, which is why this loops, a bounded number of times
  /// so that a timer curl keeps at 0 cannot hold the thread.
  func runDueTimer() {
    var running: Int32 = 0
    for _ in 0..<8 {
      guard let due = deadline, due <= .now else { return }
      deadline = nil
      curl_multi_socket_action(multi, CURL_SOCKET_TIMEOUT, 0, &running)
    }
  }

  /// Sleeps until a watched socket is ready, the timer is due or the wake pipe has a byte
  /// (then empties it).
  func wait() {
    polled.removeAll(keepingCapacity: true)
    polled.append(pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0))
    for (socket, events) in watched {
      polled.append(pollfd(fd: socket, events: events, revents: 0))
    }
    // Without a timer, wake up once a second anyway: cheap, and a guard against a lost timer.
    var timeout = 1000
    if let deadline {
      let left = deadline - .now
      timeout = left <= .zero ? 0 : min(timeout, CurlOptions.milliseconds(left))
    }
    let count = Int32(polled.count)
    let ready = polled.withUnsafeMutableBufferPointer {
      ccurl_loop_poll($0.baseAddress, count, Int32(timeout))
    }
    if ready > 0, polled[0].revents != 0 { ccurl_loop_drain(wakeFD) }
  }

  /// Tells curl about each socket the last `wait` found ready.
  func dispatchReadySockets() {
    var running: Int32 = 0
    for entry in polled.dropFirst() where entry.revents != 0 {
      var mask: Int32 = 0
      if entry.revents & Int16(POLLIN | POLLHUP) != 0 { mask |= Int32(CURL_CSELECT_IN) }
      if entry.revents & Int16(POLLOUT) != 0 { mask |= Int32(CURL_CSELECT_OUT) }
      if entry.revents & Int16(POLLERR | POLLNVAL) != 0 { mask |= Int32(CURL_CSELECT_ERR) }
      curl_multi_socket_action(multi, entry.fd, mask, &running)
    }
  }
}
