import CCurl

/// The linked libcurl's version, for the default `User-Agent` and diagnostics.
enum CurlVersion {
  /// `"7.88.1"`.
  static let string: String = {
    CurlGlobal.ensureInitialized()
    // Safe: libcurl's version info and its strings are its own static data, valid for the
    // process's life.
    guard let info = ccurl_version_info(), let version = info.pointee.version else { return "?" }
    return String(cString: version)
  }()

  static var userAgent: String { "JSONKit-Transfer/1 libcurl/\(string)" }

  /// `0x075801` for 7.88.1: major, minor and patch a byte each.
  static let number: UInt32 = {
    CurlGlobal.ensureInitialized()
    // Safe: libcurl's version info is its own static data, valid for the process's life.
    return ccurl_version_info().map { UInt32($0.pointee.version_num) } ?? 0
  }()

  /// Whether an easy handle may be reset and used for another transfer without the next
  /// response being able to corrupt the heap.
  ///
  /// Before 8.1.0 (curl issue 11101, fixed by "headers: clear (possibly) lingering pointer in
  /// init"), a handle keeps a pointer to the last response header it stored for
  /// `curl_easy_header`, and its next transfer frees that header as it starts without clearing
  /// the pointer. A response whose first header line is folded (starts with a space or a tab,
  /// and has a colon, so that curl takes it as a header) is then appended to the freed header:
  /// `strlen` on it, then `realloc` of it. Any server can send that, so on these versions
  /// (Debian 12's 7.88.1 among them, up to 7.88.1-10+deb12u15 at least) every transfer gets a
  /// fresh handle. Transfer never calls the headers API, but curl stores headers for it either
  /// way.
  static let reusedHandlesAreSafe = number >= 0x08_01_00
}
