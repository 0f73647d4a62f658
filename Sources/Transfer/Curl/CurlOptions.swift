import CCurl
import Foundation

/// Typed `curl_easy_setopt` for one easy handle, and the mapping from an `HTTPRequest` and a
/// `SessionConfiguration` to curl's options.
///
/// Failures of individual options are ignored on purpose: every option set here exists in
/// libcurl 7.68+ and takes the type passed, so curl can only refuse one on out-of-memory,
/// which the transfer then reports itself. The TLS options are the exception (see
/// `apply(tls:)`): a refused pin or client certificate fails the request.
struct CurlOptions {
  let easy: UnsafeMutableRawPointer

  func set(_ option: CURLoption, _ value: Int) { _ = ccurl_easy_setopt_long(easy, option, value) }
  func set(_ option: CURLoption, _ value: String) {
    _ = ccurl_easy_setopt_string(easy, option, value)
  }
  func set(_ option: CURLoption, pointer: UnsafeMutableRawPointer?) {
    _ = ccurl_easy_setopt_pointer(easy, option, pointer)
  }
  func set(_ option: CURLoption, offset: Int) {
    _ = ccurl_easy_setopt_off_t(easy, option, curl_off_t(offset))
  }

  func apply(request: HTTPRequest, configuration: SessionConfiguration, headers: CurlSList)
    throws(TransferError)
  {
    set(CURLOPT_URL, request.url.absoluteString)
    // Signals cannot be used for timeouts in a threaded process; curl then uses its
    // threaded resolver for name lookups.
    set(CURLOPT_NOSIGNAL, 1)
    _ = ccurl_easy_setopt_slist(easy, CURLOPT_HTTPHEADER, headers.pointer)
    applyMethod(request)
    applyLimits(request: request, configuration: configuration)
    switch configuration.redirectPolicy {
    case .follow(let maximum):
      set(CURLOPT_FOLLOWLOCATION, 1)
      set(CURLOPT_MAXREDIRS, maximum)
    case .doNotFollow:
      set(CURLOPT_FOLLOWLOCATION, 0)
    }
    try apply(tls: request.tls ?? configuration.tls)
    switch configuration.proxy {
    case .environment: break  // curl reads http_proxy and friends when CURLOPT_PROXY is unset
    case .none: set(CURLOPT_PROXY, "")
    case .url(let proxy): set(CURLOPT_PROXY, proxy)
    }
    configuration.cookieShare?.attach(to: easy)
    // "" asks for every encoding this libcurl decodes and decodes the body as it arrives.
    if configuration.acceptsCompressedResponses { set(CURLOPT_ACCEPT_ENCODING, "") }
  }

  private func applyMethod(_ request: HTTPRequest) {
    switch request.method {
    case .get where request.body == nil: set(CURLOPT_HTTPGET, 1)
    case .head: set(CURLOPT_NOBODY, 1)
    case .post: setBody(request.body ?? Data())
    default:
      set(CURLOPT_CUSTOMREQUEST, request.method.rawValue)
      if let body = request.body { setBody(body) }
    }
  }

  /// curl copies the bytes (`COPYPOSTFIELDS`), so the request's `Data` need not outlive
  /// this call; the size goes first so bodies with NUL bytes are sent whole.
  private func setBody(_ body: Data) {
    // Safe: curl only reads the bytes, and copies them before this call returns (`COPYPOSTFIELDS`).
    set(CURLOPT_POSTFIELDSIZE_LARGE, offset: body.count)
    if body.isEmpty {
      set(CURLOPT_COPYPOSTFIELDS, "")
      return
    }
    body.withUnsafeBytes { bytes in
      set(CURLOPT_COPYPOSTFIELDS, pointer: UnsafeMutableRawPointer(mutating: bytes.baseAddress))
    }
  }

  private func applyLimits(request: HTTPRequest, configuration: SessionConfiguration) {
    if let timeout = request.timeout ?? configuration.timeout {
      set(CURLOPT_TIMEOUT_MS, Self.milliseconds(timeout))
    }
    set(CURLOPT_CONNECTTIMEOUT_MS, Self.milliseconds(configuration.connectTimeout))
    if let idle = configuration.idleTimeout {
      // Below one byte per second for this many seconds: curl aborts with "timeout".
      set(CURLOPT_LOW_SPEED_LIMIT, 1)
      set(CURLOPT_LOW_SPEED_TIME, max(1, Int((Self.milliseconds(idle) + 999) / 1000)))
    }
    if let maximum = configuration.maximumResponseSize, !configuration.acceptsCompressedResponses {
      // Refuses up front when Content-Length says too much. With compression on, the length
      // is of the encoded body, not of what the limit counts, so only the write callback
      // (which sees decoded bytes) enforces it.
      set(CURLOPT_MAXFILESIZE_LARGE, offset: maximum)
    }
  }

  static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
  }
}

/// Typed `curl_easy_getinfo` for one finished easy handle.
struct CurlInfo {
  let easy: UnsafeMutableRawPointer

  func long(_ info: CURLINFO) -> Int {
    var value = 0
    _ = ccurl_easy_getinfo_long(easy, info, &value)
    return value
  }

  func string(_ info: CURLINFO) -> String? {
    var value: UnsafeMutablePointer<CChar>?
    guard ccurl_easy_getinfo_string(easy, info, &value) == CURLE_OK, let value else { return nil }
    return String(cString: value)
  }

  func microseconds(_ info: CURLINFO) -> Duration {
    var value: curl_off_t = 0
    _ = ccurl_easy_getinfo_off_t(easy, info, &value)
    return .microseconds(value)
  }

  var httpVersion: String {
    switch long(CURLINFO_HTTP_VERSION) {
    case Int(CURL_HTTP_VERSION_1_0): "HTTP/1.0"
    case Int(CURL_HTTP_VERSION_2_0): "HTTP/2"
    case Int(CURL_HTTP_VERSION_3): "HTTP/3"
    default: "HTTP/1.1"
    }
  }

  func metrics(bytes: Int) -> TransferMetrics {
    TransferMetrics(
      nameLookup: microseconds(CURLINFO_NAMELOOKUP_TIME_T),
      connect: microseconds(CURLINFO_CONNECT_TIME_T),
      tlsHandshake: microseconds(CURLINFO_APPCONNECT_TIME_T),
      firstByte: microseconds(CURLINFO_STARTTRANSFER_TIME_T),
      total: microseconds(CURLINFO_TOTAL_TIME_T), redirect: microseconds(CURLINFO_REDIRECT_TIME_T),
      redirectCount: long(CURLINFO_REDIRECT_COUNT), bytesReceived: bytes,
      openedConnection: long(CURLINFO_NUM_CONNECTS) > 0
    )
  }
}
