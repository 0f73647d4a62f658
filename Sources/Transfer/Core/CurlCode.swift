/// A libcurl result code (`CURLcode`), as a typed value with its name.
///
/// ``TransferError/transportFailed(code:message:)`` carries one. The common codes have
/// constants; any other code still compares by number and prints as `curl code 99`. An integer
/// literal is a code, so `error.curlCode == 7` reads as curl's documentation does.
///
/// ```swift
/// if case .transportFailed(let code, _) = error, code == .couldntConnect {
///   print("nothing listens there: \(code)")  // "curl code 7 (CURLE_COULDNT_CONNECT)"
/// }
/// ```
public struct CurlCode: RawRepresentable, Hashable, Sendable, ExpressibleByIntegerLiteral,
  CustomStringConvertible
{
  /// curl's number for the code.
  public let rawValue: Int

  /// The code with curl's number `rawValue`.
  ///
  /// - Parameter rawValue: a `CURLcode` value.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// The code with curl's number `value`.
  ///
  /// - Parameter value: a `CURLcode` value, written as a literal.
  public init(integerLiteral value: Int) { self.rawValue = value }

  /// A function was given a bad argument, or the library could not start.
  public static let failedInit: CurlCode = 2
  /// The host name could not be resolved.
  public static let couldntResolveHost: CurlCode = 6
  /// Nothing accepted the connection.
  public static let couldntConnect: CurlCode = 7
  /// The server's reply was not understood (a malformed status line, say).
  public static let weirdServerReply: CurlCode = 8
  /// The transfer ended before the promised length.
  public static let partialFile: CurlCode = 18
  /// The connect, idle or total time limit passed.
  public static let operationTimedOut: CurlCode = 28
  /// More redirects than the limit allows.
  public static let tooManyRedirects: CurlCode = 47
  /// The server closed the connection without any reply.
  public static let gotNothing: CurlCode = 52
  /// Sending on the connection failed.
  public static let sendError: CurlCode = 55
  /// Receiving on the connection failed (a reset, or broken chunked framing).
  public static let receiveError: CurlCode = 56
  /// The TLS peer's certificate or fingerprint was not accepted: an untrusted or self-signed
  /// certificate, an expired one, or one for another host name.
  public static let peerFailedVerification: CurlCode = 60
  /// The body's content encoding (gzip, deflate) is broken.
  public static let badContentEncoding: CurlCode = 61
  /// The write callback stopped the transfer (the size limit, or cancellation).
  public static let writeError: CurlCode = 23
  /// The transfer was aborted by a callback.
  public static let abortedByCallback: CurlCode = 42
  /// The TLS handshake failed.
  public static let sslConnectError: CurlCode = 35
  /// This libcurl was built without a feature an option asks for (public-key pinning in a
  /// TLS backend that lacks it, say).
  public static let notBuiltIn: CurlCode = 4
  /// The client certificate or its key could not be used: a missing or unreadable file, a
  /// key that does not match, a wrong or missing passphrase (`TLSSettings.clientCertificate`).
  public static let sslCertProblem: CurlCode = 58
  /// The CA bundle could not be read (`TLSSettings.caBundlePath`).
  public static let sslCACertBadFile: CurlCode = 77
  /// The server's public key is none of the pinned ones (`TLSSettings.pinnedPublicKeys`):
  /// "SSL: public key does not match pinned public key".
  public static let sslPinnedPublicKeyNotMatch: CurlCode = 90
  /// The server required a client certificate during the handshake and none was sent, as
  /// some TLS backends report it.
  ///
  /// With OpenSSL, libcurl 7.88 reports `receiveError` ("tlsv13
  /// alert certificate required") or `sslConnectError` instead; nginx answers with HTTP 400.
  public static let sslClientCert: CurlCode = 98

  /// curl's name for the code (`CURLE_COULDNT_CONNECT`), or `nil` for one without a constant
  /// here.
  public var name: String? { Self.names[rawValue] }

  /// The number and the name: `curl code 28 (CURLE_OPERATION_TIMEDOUT)`, or `curl code 99`.
  public var description: String {
    "curl code \(rawValue)" + (name.map { " (\($0))" } ?? "")
  }

  private static let names: [Int: String] = [
    2: "CURLE_FAILED_INIT", 4: "CURLE_NOT_BUILT_IN", 6: "CURLE_COULDNT_RESOLVE_HOST",
    7: "CURLE_COULDNT_CONNECT", 8: "CURLE_WEIRD_SERVER_REPLY", 18: "CURLE_PARTIAL_FILE",
    23: "CURLE_WRITE_ERROR", 28: "CURLE_OPERATION_TIMEDOUT", 35: "CURLE_SSL_CONNECT_ERROR",
    42: "CURLE_ABORTED_BY_CALLBACK", 47: "CURLE_TOO_MANY_REDIRECTS", 52: "CURLE_GOT_NOTHING",
    55: "CURLE_SEND_ERROR", 56: "CURLE_RECV_ERROR", 58: "CURLE_SSL_CERTPROBLEM",
    60: "CURLE_PEER_FAILED_VERIFICATION", 61: "CURLE_BAD_CONTENT_ENCODING",
    77: "CURLE_SSL_CACERT_BADFILE", 90: "CURLE_SSL_PINNEDPUBKEYNOTMATCH",
    98: "CURLE_SSL_CLIENTCERT",
  ]
}
