import CoreMetrics
import Foundation
import Tracing

/// How a `Session` talks to servers: timeouts, default headers, connection limits,
/// redirects, TLS, proxy and a body size limit.
///
/// ```swift
/// var configuration = SessionConfiguration.default
/// configuration.timeout = .seconds(10)
/// configuration.headers.add(.userAgent("inventory-sync/2.1"))
/// configuration.maximumResponseSize = 50 << 20
/// let session = Session(configuration: configuration)
/// ```
public struct SessionConfiguration: Sendable {
  /// Whether redirects are followed, and how many.
  public enum RedirectPolicy: Sendable, Hashable {
    /// Follow up to `maximum` redirects; one more fails with curl's "too many redirects".
    case follow(maximum: Int)
    /// Hand the 3xx response back as it is.
    case doNotFollow
  }

  /// Whether the session keeps cookies, and where.
  ///
  /// ```swift
  /// configuration.cookies = .persistent(path: "/var/lib/inventory-sync/cookies.txt")
  /// ```
  public enum Cookies: Sendable, Hashable {
    /// No cookie jar: `Set-Cookie` is ignored and only `Cookie` headers you add are sent.
    case disabled
    /// A jar in memory, for this session only (the default, as Alamofire keeps cookies).
    case inMemory
    /// A jar loaded from this file (curl's Netscape cookie format) when the session is made,
    /// and saved to it by `CookieStorage.flush()` and when the session goes away.
    case persistent(path: String)
  }

  /// Where requests go through.
  public enum Proxy: Sendable, Hashable {
    /// What curl reads from the environment: `http_proxy`, `https_proxy`, `all_proxy`, `no_proxy`.
    case environment
    /// No proxy, whatever the environment says.
    case none
    /// This proxy (`http://host:port`, `socks5://host`, …).
    case url(String)
  }

  /// How many redirects a `RedirectHandler` may follow for one attempt: the policy's
  /// maximum, or ten when the policy is `.doNotFollow` (the handler decides then).
  var redirectLimit: Int {
    if case .follow(let maximum) = redirectPolicy { return maximum }
    return 10
  }

  /// The longest a whole request may take, redirects included.
  ///
  /// `nil`: no limit. Time a
  /// streaming request spends paused because its consumer has fallen behind (backpressure)
  /// does not count.
  public var timeout: Duration?
  /// The longest connecting (name lookup, TCP and TLS) may take.
  public var connectTimeout: Duration
  /// Fails a transfer that receives nothing for this long, so a server that stalls
  /// mid-body is noticed before `timeout`.
  ///
  /// `nil`: no such check.
  public var idleTimeout: Duration?
  /// Added to every request unless the request sets the same name.
  public var headers: HTTPHeaders
  /// Open connections per host (HTTP/1.1 keeps each one alive for reuse).
  public var maximumConnectionsPerHost: Int
  /// Open connections in all; `0` means no limit beyond the per-host one.
  public var maximumConnections: Int
  /// Threads that run this session's transfers, each with its own curl multi handle and its
  /// share of the connection limits.
  ///
  /// A request starts on the thread with the fewest
  /// transfers in flight (the first on a tie), so requests made one after another keep
  /// reusing one connection, and concurrent ones spread curl's HTTP work over the cores.
  /// Never more than `maximumConnectionsPerHost`, nor `maximumConnections` when it is set.
  /// Default: ``defaultTransferThreads``.
  public var transferThreads: Int
  /// Whether redirects are followed (up to 10 by default).
  public var redirectPolicy: RedirectPolicy
  /// Server trust and client certificates for HTTPS: certificate checks (on by default), a CA
  /// bundle, pinned public keys, a client certificate.
  ///
  /// ``HTTPRequest/tls`` replaces it for one
  /// request.
  ///
  /// ```swift
  /// configuration.tls.caBundlePath = "/etc/inventory/internal-ca.pem"
  /// configuration.tls.pinnedPublicKeys = .sha256(["sjf9/Buri/51/+xZyZGaHOGBi1/rI+IStM1uhM5IN7o="])
  /// configuration.tls.clientCertificate = ClientCertificate(
  ///   certificatePath: "client.pem", privateKeyPath: "client.key")
  /// ```
  public var tls: TLSSettings
  /// Verify the server's certificate and host name.
  ///
  /// On by default; turn it off only for
  /// test servers with self-signed certificates. The same as `tls.verifiesServerCertificate`.
  public var verifiesTLS: Bool {
    get { tls.verifiesServerCertificate }
    set { tls.verifiesServerCertificate = newValue }
  }
  /// A PEM bundle of CA certificates to trust instead of the system's.
  ///
  /// The same as
  /// `tls.caBundlePath`.
  public var caBundlePath: String? {
    get { tls.caBundlePath }
    set { tls.caBundlePath = newValue }
  }
  /// Where requests go through (curl's environment variables by default).
  public var proxy: Proxy
  /// Ask for gzip, deflate, br and zstd and decode them as they arrive.
  public var acceptsCompressedResponses: Bool
  /// The largest body accepted, in bytes after decoding.
  ///
  /// Reading stops there with
  /// `TransferError.responseTooLarge`. `nil`: no limit.
  public var maximumResponseSize: Int?
  /// Whether responses' cookies are kept and sent back (``Session/cookieStorage``), in memory
  /// by default.
  ///
  /// Each session has its own jar: a server acting for several users should use
  /// a session per user, or `.disabled`.
  public var cookies: Cookies
  /// Starts a client span for each request and writes its context (W3C `traceparent` with
  /// OpenTelemetry's tracer) into the request's header fields.
  ///
  /// Default: the tracer the process
  /// bootstrapped (`InstrumentationSystem.bootstrap`) when this configuration was made, as
  /// AsyncHTTPClient does; `nil`, or no tracer bootstrapped: no spans, nothing injected.
  ///
  /// ```swift
  /// InstrumentationSystem.bootstrap(otelTracer)  // first, at the start of main
  /// let session = Session(configuration: .default)  // its requests are traced
  ///
  /// var untraced = SessionConfiguration.default
  /// untraced.tracer = nil
  /// ```
  ///
  /// See <doc:LoggingTracingAndMetrics> for the span's name and attributes.
  public var tracer: (any Tracer)? = InstrumentationSystem.tracer
  /// Records each request's duration and count (`http.client.request.duration`,
  /// `http.client.requests`, by method, server and status).
  ///
  /// Default: the factory the process
  /// bootstrapped (`MetricsSystem.bootstrap`) when this configuration was made; `nil`, or none
  /// bootstrapped: nothing recorded.
  ///
  /// ```swift
  /// MetricsSystem.bootstrap(PrometheusMetricsFactory())  // first, at the start of main
  /// let session = Session(configuration: .default)
  /// ```
  public var metricsFactory: (any MetricsFactory)? = MetricsSystem.factory
  /// The session's jar, set by `Session.init` on its own copy (so a configuration copied to
  /// another session gets that session's jar, not this one).
  var cookieShare: CurlCookieShare?

  /// A configuration; every parameter has the default its property describes.
  ///
  /// - Parameters:
  ///   - timeout: the longest a whole request may take.
  ///   - connectTimeout: the longest connecting may take.
  ///   - idleTimeout: fails a transfer that receives nothing for this long.
  ///   - headers: added to every request.
  ///   - maximumConnectionsPerHost: open connections per host.
  ///   - maximumConnections: open connections in all (`0`: no limit beyond per host).
  ///   - redirectPolicy: whether redirects are followed.
  ///   - verifiesTLS: whether certificates and host names are checked; `false` turns the
  ///     checks of `tls` off.
  ///   - caBundlePath: CA certificates to trust instead of the system's; replaces the bundle
  ///     of `tls` when given.
  ///   - tls: server trust and client certificates (see ``TLSSettings``).
  ///   - proxy: where requests go through.
  ///   - acceptsCompressedResponses: whether gzip and deflate are asked for and decoded.
  ///   - maximumResponseSize: the largest body accepted.
  ///   - cookies: whether cookies are kept, in memory or in a file.
  ///   - transferThreads: threads that run the transfers (see ``transferThreads``).
  public init(
    timeout: Duration? = .seconds(60), connectTimeout: Duration = .seconds(15),
    idleTimeout: Duration? = nil,
    headers: HTTPHeaders = SessionConfiguration.defaultHeaders, maximumConnectionsPerHost: Int = 6,
    maximumConnections: Int = 0, redirectPolicy: RedirectPolicy = .follow(maximum: 10),
    verifiesTLS: Bool = true,
    caBundlePath: String? = nil, tls: TLSSettings = .default, proxy: Proxy = .environment,
    acceptsCompressedResponses: Bool = true,
    maximumResponseSize: Int? = nil, cookies: Cookies = .inMemory,
    transferThreads: Int = SessionConfiguration.defaultTransferThreads
  ) {
    self.timeout = timeout
    self.connectTimeout = connectTimeout
    self.idleTimeout = idleTimeout
    self.headers = headers
    self.maximumConnectionsPerHost = maximumConnectionsPerHost
    self.maximumConnections = maximumConnections
    self.redirectPolicy = redirectPolicy
    self.tls = tls
    if !verifiesTLS { self.tls.verifiesServerCertificate = false }
    if let caBundlePath { self.tls.caBundlePath = caBundlePath }
    self.proxy = proxy
    self.acceptsCompressedResponses = acceptsCompressedResponses
    self.maximumResponseSize = maximumResponseSize
    self.cookies = cookies
    self.transferThreads = transferThreads
  }

  /// The machine's cores, at most four: 1,000 small GETs with 32 in flight ran 5% faster
  /// on two threads than on one on a 2-core machine, where one thread parsing every
  /// response was the request's bottleneck (see Benchmarks/README.md).
  public static var defaultTransferThreads: Int {
    min(4, max(1, ProcessInfo.processInfo.activeProcessorCount))
  }

  /// How many engine threads a session makes: `transferThreads`, bounded by the connection
  /// limits so that every engine may open at least one connection.
  var engineCount: Int {
    var count = min(transferThreads, maximumConnectionsPerHost)
    if maximumConnections > 0 { count = min(count, maximumConnections) }
    return max(1, count)
  }

  /// Sixty seconds per request, six connections per host, ten redirects, TLS verified,
  /// cookies kept in memory.
  public static var `default`: SessionConfiguration { SessionConfiguration() }

  /// `User-Agent: JSONKit-Transfer/1 libcurl/<version>`.
  public static var defaultHeaders: HTTPHeaders { [.userAgent(CurlVersion.userAgent)] }
}
