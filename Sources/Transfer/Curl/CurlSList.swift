import CCurl

/// Owns a `curl_slist` (header lines).
///
/// curl reads it during the transfer, so every transfer whose easy handle points at it holds
/// it. curl never writes to a list it is given, so one list may serve the transfers of a
/// session at once, on any of its engine threads (see `Session.defaultHeaderList`).
final class CurlSList: @unchecked Sendable {
  // Safe: `pointer` is set once in init and only read after (by curl, which does not change
  // the list), until deinit frees it when no transfer holds the list any more.
  let pointer: UnsafeMutablePointer<curl_slist>?

  init(_ lines: [String]) {
    var list: UnsafeMutablePointer<curl_slist>?
    for line in lines { list = curl_slist_append(list, line) }
    pointer = list
  }

  /// The header lines of a request: `defaults` (the session's), replaced or added to by
  /// `headers` (the request's).
  ///
  /// An empty `Expect:` stops curl from waiting for `100 Continue` before larger bodies, a
  /// round trip that servers rarely need; an empty `Content-Type:` stops curl from sending
  /// its form type with a body that has none.
  static func lines(defaults: HTTPHeaders, headers: HTTPHeaders, hasBody: Bool) -> [String] {
    var merged = defaults
    for header in headers { merged.update(header) }
    var lines = merged.map { "\($0.name): \($0.value)" } + ["Expect:"]
    if hasBody && merged["Content-Type"] == nil { lines.append("Content-Type:") }
    return lines
  }

  deinit { curl_slist_free_all(pointer) }
}
