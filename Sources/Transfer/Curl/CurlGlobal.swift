import CCurl

/// `curl_global_init` must run once, before any other libcurl call and before threads use
/// curl.
///
/// A global `let` is initialized once, thread-safely, on first use.
enum CurlGlobal {
  private static let initialized: Bool = curl_global_init(Int(CURL_GLOBAL_ALL)) == CURLE_OK

  static func ensureInitialized() { _ = initialized }
}
