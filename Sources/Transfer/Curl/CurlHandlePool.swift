import CCurl
import Threading

/// A session's idle curl easy handles, reset and handed out again instead of a new handle
/// per request.
///
/// `curl_easy_init` and `curl_easy_cleanup` cost each request an allocation of curl's
/// per-transfer state (and of its receive buffer on first use) and its teardown;
/// `curl_easy_reset` puts every option back to its default and keeps that memory. What reset
/// keeps is not request state: the TLS session IDs (curl resumes a session only where the
/// TLS options match) and the session's cookie share (every handle of a session gets the
/// same one, or none when cookies are off). Connections and the DNS cache live in the
/// multi handle, not here.
///
/// Invariants: a handle in `idle` is in no multi handle and used by no transfer; it is reset
/// when it is taken, on the taker's thread, so the engine thread does not pay for it.
///
/// On a libcurl older than 8.1.0 the pool keeps nothing: a reused handle there lets a
/// server's folded header line reach freed memory (``CurlVersion/reusedHandlesAreSafe``).
final class CurlHandlePool: Sendable {
  // Safe: a handle is used by one transfer at a time (the pool's invariants above), and its
  // pointers never change.
  /// An easy handle with the error buffer its `CURLOPT_ERRORBUFFER` points to.
  struct Handle: @unchecked Sendable {
    let easy: UnsafeMutableRawPointer
    let errorBuffer: UnsafeMutablePointer<CChar>
  }

  private struct State {
    var idle: [Handle] = []
    /// After `close()`: handles given back are cleaned up, not kept.
    var closed = false
    /// Handles made by `curl_easy_init` so far (the rest of the takes reused one).
    var made = 0
  }

  private let state = Locked(State())
  /// At most this many idle handles are kept; more are cleaned up when given back.
  let capacity: Int

  /// Whether handles given back are kept for another transfer at all.
  var reuses: Bool { capacity > 0 }

  /// A pool of at most `capacity` idle handles, none where reusing one is not safe.
  init(capacity: Int, reusedHandlesAreSafe: Bool = CurlVersion.reusedHandlesAreSafe) {
    assert(capacity >= 0)
    self.capacity = reusedHandlesAreSafe ? capacity : 0
  }

  deinit { close() }

  /// A handle with curl's default options (fresh, or reused and reset); nil only when curl
  /// cannot make one.
  func take() -> Handle? {
    // Safe: `errorBuffer` was just allocated for `CURL_ERROR_SIZE` bytes and is initialized once
    // here; a reused handle's has at least one byte.
    let reused = state.withLock { state -> Handle? in
      if let idle = state.idle.popLast() { return idle }
      state.made += 1
      return nil
    }
    if let reused {
      curl_easy_reset(reused.easy)
      reused.errorBuffer[0] = 0
      return reused
    }
    CurlGlobal.ensureInitialized()
    guard let easy = curl_easy_init() else { return nil }
    let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
    errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
    return Handle(easy: easy, errorBuffer: errorBuffer)
  }

  /// How many handles `take()` has made rather than reused.
  var made: Int { state.withLock { $0.made } }

  /// Takes back a handle that no transfer uses any more and that is in no multi handle.
  func give(_ handle: Handle) {
    let kept = state.withLock { state -> Bool in
      guard !state.closed, state.idle.count < capacity else { return false }
      state.idle.append(handle)
      return true
    }
    if !kept { Self.free(handle) }
  }

  /// Cleans up the idle handles; later `give`s clean up theirs at once.
  func close() {
    let idle = state.withLock { state -> [Handle] in
      state.closed = true
      defer { state.idle = [] }
      return state.idle
    }
    for handle in idle { Self.free(handle) }
  }

  private static func free(_ handle: Handle) {
    curl_easy_cleanup(handle.easy)
    handle.errorBuffer.deallocate()
  }
}
