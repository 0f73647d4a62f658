import Foundation
import JSONKit
import LoopbackTestServer

/// FNV-1a over bytes: a fingerprint the server and the test compute separately, so a body
/// that arrives changed (a byte lost, duplicated or reordered) is caught without echoing
/// megabytes back.
func fnv1a<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
  var hash: UInt64 = 0xcbf2_9ce4_8422_2325
  for byte in bytes {
    hash ^= UInt64(byte)
    hash = hash &* 0x100_0000_01b3
  }
  return hash
}

/// Bytes that differ from position to position (a repeated pattern would hide reordering).
func patternedBytes(_ count: Int, seed: UInt64 = 1) -> [UInt8] {
  var state = seed
  return (0..<count).map { _ in
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return UInt8(truncatingIfNeeded: state >> 33)
  }
}

/// What the upload route saw: the method, the body's size and fingerprint, and its framing.
struct ReceivedBody: Decodable, Sendable {
  var method: String
  var bytes: Int
  var fnv: String
  var chunked: Bool
  var contentLength: String?
  var contentType: String?
}

/// Describes the request body it received as JSON (see `ReceivedBody`).
func describeBody(_ request: ServerRequest) -> ServerResponse {
  var fields: [String: JSON] = [
    "method": JSON(request.method), "bytes": JSON(request.body.count),
    "fnv": JSON(String(fnv1a(request.body), radix: 16)),
    "chunked": JSON(request.header("Transfer-Encoding")?.lowercased() == "chunked"),
  ]
  if let length = request.header("Content-Length") { fields["contentLength"] = JSON(length) }
  if let type = request.header("Content-Type") { fields["contentType"] = JSON(type) }
  return .json(JSON(dictionary: fields).rawString(options: []) ?? "null")
}
