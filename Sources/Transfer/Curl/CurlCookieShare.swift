import CCurl
import Dispatch
import Threading

/// One session's cookie store: a curl share handle holding cookies, attached to every easy
/// handle of the session, and a control easy handle for reading, setting, loading and saving
/// them from any thread.
///
/// curl keeps the cookies and applies its own rules (domain, path, expiry, `Secure`,
/// replacement); the share's locks (see `share.h`) let the engine thread's transfers and
/// the control handle use them at once. The control handle itself is not thread-safe, so
/// every use of it is under `control`'s lock.
final class CurlCookieShare: Sendable {
  // Safe: not `Sendable` in C; curl locks the shared data itself (the share's lock callbacks),
  // and the pointer never changes.
  private nonisolated(unsafe) let share: UnsafeMutablePointer<ccurl_share>
  private let control: Locked<ControlHandle>
  /// The file cookies are loaded from and saved to, if any.
  let path: String?

  // Safe: the handle is used only under `control`'s lock.
  /// An easy handle that never runs a transfer, only cookie commands.
  private struct ControlHandle: @unchecked Sendable {
    let easy: UnsafeMutableRawPointer
  }

  /// A store in memory, or backed by `path`: loaded from it now if it exists, saved to it by
  /// `flush()` and when the store goes away.
  ///
  /// `nil` if curl cannot make a share handle.
  init?(path: String?) {
    CurlGlobal.ensureInitialized()
    guard let share = ccurl_share_make_cookies() else { return nil }
    guard let easy = curl_easy_init() else {
      _ = ccurl_share_free(share)
      return nil
    }
    self.share = share
    self.path = path
    control = Locked(ControlHandle(easy: easy))
    let options = CurlOptions(easy: easy)
    options.set(CURLOPT_SHARE, pointer: UnsafeMutableRawPointer(share.pointee.share))
    // A file that does not exist yet is no error: curl skips it.
    options.set(CURLOPT_COOKIEFILE, path ?? "")
    if let path {
      options.set(CURLOPT_COOKIEJAR, path)
      options.set(CURLOPT_COOKIELIST, "RELOAD")
    }
  }

  deinit {
    // Cleaning up the control handle writes the jar file (curl flushes on cleanup).
    control.withLock { curl_easy_cleanup($0.easy) }
    Self.free(share, tries: 600)
  }

  /// curl refuses to free a share while an easy handle still uses it (a transfer that ended
  /// as the session went away may not be cleaned up yet); try again shortly, for up to a
  /// minute, rather than free memory in use.
  private static func free(_ share: UnsafeMutablePointer<ccurl_share>, tries: Int) {
    // Safe: after `deinit` no one else holds the share; each retry owns it until it is freed.
    guard ccurl_share_free(share) == CURLSHE_IN_USE, tries > 0 else { return }
    nonisolated(unsafe) let pending = share
    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(100)) {
      free(pending, tries: tries - 1)
    }
  }

  /// Makes `easy` read and write this store: cookies set by responses are kept, and sent
  /// with later requests that match them.
  func attach(to easy: UnsafeMutableRawPointer) {
    let options = CurlOptions(easy: easy)
    options.set(CURLOPT_SHARE, pointer: UnsafeMutableRawPointer(share.pointee.share))
    // Turns curl's cookie engine on for this handle; "" names no file to load.
    options.set(CURLOPT_COOKIEFILE, "")
  }

  /// Every cookie in curl's Netscape format, one line each (expired ones already dropped).
  func lines() -> [String] {
    // Safe: `CURLINFO_COOKIELIST` hands back a `curl_slist` that the caller owns (freed once, by
    // the `defer`).
    control.withLock { control in
      var list: UnsafeMutableRawPointer?
      guard ccurl_easy_getinfo_pointer(control.easy, CURLINFO_COOKIELIST, &list) == CURLE_OK,
        let list
      else { return [] }
      let head = list.assumingMemoryBound(to: curl_slist.self)
      defer { curl_slist_free_all(head) }
      var lines: [String] = []
      var node: UnsafeMutablePointer<curl_slist>? = head
      while let current = node {
        if let data = current.pointee.data { lines.append(String(cString: data)) }
        node = current.pointee.next
      }
      return lines
    }
  }

  /// Runs one `CURLOPT_COOKIELIST` command: a cookie line (Netscape format or
  /// `Set-Cookie: …`), `ALL`, `SESS`, `FLUSH` or `RELOAD`.
  func command(_ text: String) -> Bool {
    control.withLock { control in
      ccurl_easy_setopt_string(control.easy, CURLOPT_COOKIELIST, text) == CURLE_OK
    }
  }
}
