import CCurl

/// Owns a `curl_slist` (header lines).
///
/// curl reads it during the transfer, so it lives as
/// long as the easy handle that points at it.
final class CurlSList {
  private(set) var pointer: UnsafeMutablePointer<curl_slist>?

  init(_ lines: [String]) {
    for line in lines { pointer = curl_slist_append(pointer, line) }
  }

  deinit { curl_slist_free_all(pointer) }
}
