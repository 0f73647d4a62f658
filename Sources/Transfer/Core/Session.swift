import CoreMetrics
import Dispatch
import Foundation
import Logging
import Tracing

/// Makes requests.
///
/// One `Session` owns one libcurl multi handle driven by one thread, so
/// its requests share connections (keep-alive), a DNS cache and the limits of its
/// `SessionConfiguration`.
///
/// ```swift
/// let session = Session(configuration: .default, interceptor: RetryPolicy())
/// let user = try await session.request("https://api.example.com/users/1")
///   .validate()
///   .serializingObject(User.self)
///   .value
/// ```
///
/// A request keeps its session alive until it has finished, so a `Session` made for one
/// call does not cancel that call when it goes out of scope (Alamofire's
/// `sessionDeinitialized` trap).
public final class Session: Sendable {
  /// A session with the default configuration, for code that needs no other.
  public static let `default` = Session()

  /// The settings every request of this session uses.
  public let configuration: SessionConfiguration
  /// Adapts and retries every request of this session (before the request's own interceptor).
  public let interceptor: (any RequestInterceptor)?
  /// Decides each redirect of every request that has no handler of its own; `nil`: curl
  /// follows redirects as `configuration.redirectPolicy` says.
  public let redirectHandler: (any RedirectHandler)?
  /// The monitors given to `init`, told of each stage of every request.
  public let eventMonitor: CompositeEventMonitor
  /// This session's cookies; `nil` when `configuration.cookies` is `.disabled`.
  public let cookieStorage: CookieStorage?
  /// `eventMonitor` when it has monitors, else nil: then requests build no events at all
  /// (each event is a closure on the heap, for monitors that are not there).
  let monitor: CompositeEventMonitor?
  /// The threads running this session's transfers (`configuration.transferThreads`).
  let engines: [CurlMultiEngine]
  /// Where requests without a logger of their own log; disabled unless given to `init`.
  ///
  /// ```swift
  /// let session = Session(logger: Logger(label: "inventory-sync.http"))
  /// session.logger.info("session ready")
  /// ```
  public let logger: Logger
  /// `configuration.tracer`, nil when it is the no-op tracer (no tracer bootstrapped): then
  /// requests start no span and inject nothing.
  let tracer: (any Tracer)?
  /// `configuration.metricsFactory`, nil when it is the no-op factory.
  let metricsFactory: (any MetricsFactory)?
  /// The requests running, and whether `shutdown` was called.
  let lifecycle = SessionLifecycle()
  /// The header lines of a request that adds no header and sends no body, built once: its
  /// transfers share it instead of each building the same `curl_slist` (each holds it, so it
  /// outlives them all).
  let defaultHeaderList: CurlSList

  /// A logger that writes nothing: the default of `init(logger:)`, as AsyncHTTPClient's.
  public static let disabledLogger = Logger(
    label: "JSONKit.Transfer.disabled", factory: { _ in SwiftLogNoOpLogHandler() })

  /// A session with its own connections, cookie jar and hooks.
  ///
  /// ```swift
  /// let session = Session(
  ///   configuration: .default, interceptor: RetryPolicy(),
  ///   redirectHandler: Redirector.doNotFollow, eventMonitors: [RequestLogger()])
  ///
  /// // Logs each request at debug (see <doc:LoggingTracingAndMetrics>).
  /// var logger = Logger(label: "inventory-sync.http")
  /// logger.logLevel = .debug
  /// let logged = Session(configuration: .default, logger: logger)
  /// ```
  ///
  /// - Parameters:
  ///   - configuration: timeouts, headers, connection limits, redirects, TLS, proxy, cookies.
  ///   - interceptor: adapts every request (authentication) and decides retries; a
  ///     `RetryPolicy` retries idempotent requests with exponential backoff.
  ///   - redirectHandler: decides each redirect (a request's own handler wins).
  ///   - eventMonitors: told of each stage of every request, each on its own queue.
  ///   - logger: where requests log (request id, method, host, status, duration, retries and
  ///     redirects, at `debug` and `trace`; never bodies nor header values) unless a request
  ///     has a logger of its own. Disabled by default.
  public init(
    configuration: SessionConfiguration = .default, interceptor: (any RequestInterceptor)? = nil,
    redirectHandler: (any RedirectHandler)? = nil, eventMonitors: [any EventMonitor] = [],
    logger: Logger = Session.disabledLogger
  ) {
    var configuration = configuration
    let share: CurlCookieShare? =
      switch configuration.cookies {
      case .disabled: nil
      case .inMemory: CurlCookieShare(path: nil)
      case .persistent(let path): CurlCookieShare(path: path)
      }
    configuration.cookieShare = share
    cookieStorage = share.map(CookieStorage.init(share:))
    self.configuration = configuration
    self.interceptor = interceptor
    self.redirectHandler = redirectHandler
    eventMonitor = CompositeEventMonitor(monitors: eventMonitors)
    monitor = eventMonitors.isEmpty ? nil : eventMonitor
    self.logger = logger
    tracer = configuration.tracer.flatMap { $0 is NoOpTracer ? nil : $0 }
    metricsFactory = configuration.metricsFactory.flatMap { $0 is NOOPMetricsHandler ? nil : $0 }
    defaultHeaderList = CurlSList(
      CurlSList.lines(defaults: configuration.headers, headers: [], hasBody: false))
    let count = configuration.engineCount
    engines = (0..<count).map { CurlMultiEngine(configuration: configuration, slot: $0, of: count) }
  }

  deinit { for engine in engines { engine.shutdown() } }

  /// The engine a new transfer starts on: the one with the fewest transfers in flight, the
  /// first on a tie, so that one request at a time stays on one engine and its connection.
  func engineForNewTransfer() -> CurlMultiEngine {
    var chosen = engines[0]
    var fewest = chosen.transfersInFlight
    for engine in engines.dropFirst() where fewest > 0 {
      let count = engine.transfersInFlight
      if count < fewest { (chosen, fewest) = (engine, count) }
    }
    return chosen
  }

  /// Starts a request to `url`, encoding `parameters` into its query or body.
  ///
  /// ```swift
  /// session.request("https://api.example.com/search", parameters: ["q": "swift", "page": 2])
  /// session.request(url, method: .post, parameters: ["name": "Ada"], encoding: JSONEncoding.default)
  /// ```
  ///
  /// The request starts when the first response handler is added (or on `resume()`); an
  /// invalid URL or parameters that cannot be encoded fail it with a `TransferError`.
  ///
  /// `logger` logs this request instead of the session's ``Session/logger``.
  public func request(
    _ url: any URLConvertible, method: HTTPMethod = .get, parameters: Parameters? = nil,
    encoding: any ParameterEncoding = URLEncoding.default, headers: HTTPHeaders? = nil,
    interceptor: (any RequestInterceptor)? = nil, logger: Logger? = nil
  ) -> DataRequest {
    DataRequest(
      session: self,
      make: Self.builder(
        url, method: method, parameters: parameters, encoding: encoding, headers: headers),
      interceptor: interceptor, logger: logger)
  }

  /// Builds the request for each attempt: the URL checked and the parameters encoded then,
  /// so that a bad URL or parameter fails the request rather than this call.
  static func builder(
    _ url: any URLConvertible, method: HTTPMethod, parameters: Parameters?,
    encoding: any ParameterEncoding,
    headers: HTTPHeaders?
  ) -> @Sendable () throws(TransferError) -> HTTPRequest {
    {
      let resolved = try url.asURL()
      let request = HTTPRequest(url: resolved, method: method, headers: headers ?? [])
      return try encoding.encode(request, with: parameters)
    }
  }

  /// Starts a request built by hand.
  ///
  /// ```swift
  /// var request = try HTTPRequest("https://api.example.com/upload", method: .put)
  /// request.body = payload
  /// session.request(request).validate().response { print($0.response?.statusCode ?? 0) }
  /// ```
  ///
  /// `logger` logs this request instead of the session's ``Session/logger``.
  public func request(
    _ request: HTTPRequest, interceptor: (any RequestInterceptor)? = nil, logger: Logger? = nil
  ) -> DataRequest {
    DataRequest(session: self, make: { request }, interceptor: interceptor, logger: logger)
  }

  /// Starts a request whose body is an `Encodable` value written as JSON by JSONKit's encoder.
  ///
  /// ```swift
  /// session.request(url, method: .post, body: NewUser(name: "Ada")).responseDecodable(of: User.self) { … }
  /// ```
  ///
  /// `logger` logs this request instead of the session's ``Session/logger``.
  public func request<Body: Encodable & Sendable>(
    _ url: any URLConvertible, method: HTTPMethod = .post, body: Body, headers: HTTPHeaders? = nil,
    interceptor: (any RequestInterceptor)? = nil, logger: Logger? = nil
  ) -> DataRequest {
    jsonBodyRequest(
      url, method: method, headers: headers, interceptor: interceptor, logger: logger
    ) { () throws(TransferError) in try JSONEncoding.encodeBody(body) }
  }

  /// Starts a request whose body is the JSON text `body` makes when the request is made,
  /// with `Content-Type: application/json` unless `headers` sets one: the one shape of
  /// ``request(_:method:body:headers:interceptor:logger:)`` and the mapped-model request.
  func jsonBodyRequest(
    _ url: any URLConvertible, method: HTTPMethod, headers: HTTPHeaders?,
    interceptor: (any RequestInterceptor)?, logger: Logger?,
    body: @escaping @Sendable () throws(TransferError) -> Data
  ) -> DataRequest {
    let make: @Sendable () throws(TransferError) -> HTTPRequest = {
      let resolved = try url.asURL()
      var request = HTTPRequest(url: resolved, method: method, headers: headers ?? [])
      request.body = try body()
      if request.headers["Content-Type"] == nil {
        request.headers.update(.contentType("application/json"))
      }
      return request
    }
    return DataRequest(session: self, make: make, interceptor: interceptor, logger: logger)
  }
}
