/// Timings of one transfer from curl's timers, each measured from the start of the attempt.
///
/// The phases nest: `nameLookup ≤ connect ≤ tlsHandshake ≤ firstByte ≤ total`. A reused
/// connection shows near-zero lookup and connect times.
///
/// ```swift
/// if let metrics = response.metrics {
///   print("first byte after \(metrics.firstByte), \(metrics.bytesReceived) bytes")
/// }
/// ```
public struct TransferMetrics: Sendable, Hashable, CustomStringConvertible {
  /// Until the name was resolved.
  public var nameLookup: Duration
  /// Until the TCP connection was up.
  public var connect: Duration
  /// Until the TLS handshake ended (zero for plain HTTP).
  public var tlsHandshake: Duration
  /// Until the first byte of the response arrived.
  public var firstByte: Duration
  /// The whole transfer, redirects included.
  public var total: Duration
  /// Time spent on redirects before the final request.
  public var redirect: Duration
  /// How many redirects were followed.
  public var redirectCount: Int
  /// Body bytes received (after content decoding).
  public var bytesReceived: Int
  /// Whether a connection was opened for this transfer (`false`: an existing one was reused).
  public var openedConnection: Bool
  /// How many attempts the request took (1 when it was not retried).
  public var attempts: Int

  /// Metrics; `Transfer` fills them from curl, tests may build their own.
  ///
  /// - Parameters:
  ///   - nameLookup: time to resolve the host.
  ///   - connect: time to connect.
  ///   - tlsHandshake: time to finish the TLS handshake.
  ///   - firstByte: time to the first byte of the response.
  ///   - total: time for the whole transfer.
  ///   - redirect: time spent on redirects.
  ///   - redirectCount: redirects followed.
  ///   - bytesReceived: body bytes received.
  ///   - openedConnection: whether a new connection was opened (else one was reused).
  ///   - attempts: attempts, retries included.
  public init(
    nameLookup: Duration = .zero, connect: Duration = .zero, tlsHandshake: Duration = .zero,
    firstByte: Duration = .zero, total: Duration = .zero, redirect: Duration = .zero,
    redirectCount: Int = 0,
    bytesReceived: Int = 0, openedConnection: Bool = true, attempts: Int = 1
  ) {
    self.nameLookup = nameLookup
    self.connect = connect
    self.tlsHandshake = tlsHandshake
    self.firstByte = firstByte
    self.total = total
    self.redirect = redirect
    self.redirectCount = redirectCount
    self.bytesReceived = bytesReceived
    self.openedConnection = openedConnection
    self.attempts = attempts
  }

  public var description: String {
    "lookup \(nameLookup), connect \(connect), tls \(tlsHandshake), first byte \(firstByte), total \(total)"
      + ", \(bytesReceived) bytes, \(redirectCount) redirects, \(openedConnection ? "new" : "reused") connection"
  }
}
