import CCurl
import Foundation

/// One libcurl easy handle with a growable body buffer, driven synchronously.
///
/// This is the first building block of the Transfer module: it owns a `CURL*`, sets options
/// through the typed wrappers in `CCurl/shim.h`, and collects the body from curl's write
/// callback. The multi-handle engine, `Session` and `DataRequest` are not built yet.
///
/// ```swift
/// let handle = try CurlEasyHandle()
/// let body = try handle.fetch(url: "file:///etc/hostname")
/// ```
final class CurlEasyHandle {
  private let handle: UnsafeMutableRawPointer
  /// Body bytes written by curl; a class so the write callback can reach it through `userdata`.
  private final class Sink { var bytes: [UInt8] = [] }

  /// A failed libcurl call: its code and curl's own message.
  struct Failure: Error, Equatable {
    let code: UInt32
    let message: String
  }

  init() throws(Failure) {
    guard let raw = curl_easy_init() else {
      throw Failure(code: CURLE_FAILED_INIT.rawValue, message: "curl_easy_init returned NULL")
    }
    handle = raw
  }

  deinit { curl_easy_cleanup(handle) }

  /// Runs one blocking transfer of `url` and returns the body bytes.
  func fetch(url: String) throws(Failure) -> [UInt8] {
    let sink = Sink()
    let context = Unmanaged.passRetained(sink)
    defer { context.release() }
    try check(ccurl_easy_setopt_string(handle, CURLOPT_URL, url))
    try check(ccurl_easy_setopt_long(handle, CURLOPT_NOSIGNAL, 1))
    try check(ccurl_easy_setopt_write_function(handle, CURLOPT_WRITEFUNCTION) { ptr, size, count, user in
      let total = size * count
      guard let ptr, let user else { return 0 }
      let sink = Unmanaged<Sink>.fromOpaque(user).takeUnretainedValue()
      ptr.withMemoryRebound(to: UInt8.self, capacity: total) { bytes in
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: bytes, count: total))
      }
      return total
    })
    try check(ccurl_easy_setopt_pointer(handle, CURLOPT_WRITEDATA, context.toOpaque()))
    try check(curl_easy_perform(handle))
    return sink.bytes
  }

  private func check(_ code: CURLcode) throws(Failure) {
    guard code != CURLE_OK else { return }
    throw Failure(code: code.rawValue, message: String(cString: curl_easy_strerror(code)))
  }
}
