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

  /// The URL's scheme is not supported, or the server's reply is not HTTP/1.x (curl reads a
  /// reply without a status line as HTTP/0.9, which it refuses).
  public static let unsupportedProtocol: CurlCode = 1
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

  /// What happened, in a user's words ("the server closed the connection before the whole
  /// body arrived"), or `nil` for a code without a constant here.
  ///
  /// ``TransferError``'s description starts with it, before curl's own code and message.
  ///
  /// ```swift
  /// print(CurlCode.partialFile.explanation!)
  /// // the server closed the connection before the whole body arrived
  /// ```
  public var explanation: String? { Self.explanations[rawValue] }

  /// The number and the name: `curl code 28 (CURLE_OPERATION_TIMEDOUT)`, or `curl code 99`.
  public var description: String {
    "curl code \(rawValue)" + (name.map { " (\($0))" } ?? "")
  }

  private static let explanations: [Int: String] = [
    1: "the URL's scheme is not supported, or the server's reply is not HTTP",
    2: "libcurl could not start the transfer",
    4: "this libcurl lacks a feature the request asks for",
    6: "the host name could not be resolved",
    7: "nothing accepted the connection",
    8: "the server's reply is not valid HTTP",
    18: "the server closed the connection before the whole body arrived",
    23: "writing the received body stopped",
    28: "the server did not answer in time",
    35: "the TLS handshake failed",
    42: "the transfer was stopped by a callback",
    43:
      "libcurl refused an argument, or the server's reply has a folded header line with no "
      + "header before it",
    47: "the server redirected too many times (a redirect loop)",
    52: "the server closed the connection without sending a reply",
    55: "sending the request failed: the connection broke",
    56:
      "receiving the response failed: the connection was reset, the body's framing broke, "
      + "or the headers were too large",
    58: "the client certificate or its key could not be used",
    60: "the server's certificate is not trusted",
    61: "the body's content encoding is broken",
    77: "the CA bundle could not be read",
    90: "the server's public key is none of the pinned ones",
    98: "the server required a client certificate",
  ]

  private static let names: [Int: String] = [
    1: "CURLE_UNSUPPORTED_PROTOCOL", 2: "CURLE_FAILED_INIT", 4: "CURLE_NOT_BUILT_IN",
    6: "CURLE_COULDNT_RESOLVE_HOST",
    7: "CURLE_COULDNT_CONNECT", 8: "CURLE_WEIRD_SERVER_REPLY", 18: "CURLE_PARTIAL_FILE",
    23: "CURLE_WRITE_ERROR", 28: "CURLE_OPERATION_TIMEDOUT", 35: "CURLE_SSL_CONNECT_ERROR",
    42: "CURLE_ABORTED_BY_CALLBACK", 43: "CURLE_BAD_FUNCTION_ARGUMENT",
    47: "CURLE_TOO_MANY_REDIRECTS", 52: "CURLE_GOT_NOTHING",
    55: "CURLE_SEND_ERROR", 56: "CURLE_RECV_ERROR", 58: "CURLE_SSL_CERTPROBLEM",
    60: "CURLE_PEER_FAILED_VERIFICATION", 61: "CURLE_BAD_CONTENT_ENCODING",
    77: "CURLE_SSL_CACERT_BADFILE", 90: "CURLE_SSL_PINNEDPUBKEYNOTMATCH",
    98: "CURLE_SSL_CLIENTCERT",
  ]
}
