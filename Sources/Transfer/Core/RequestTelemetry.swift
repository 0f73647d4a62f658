import CoreMetrics
import Foundation
import Logging
import Threading
import Tracing

/// What one request tells its logger, its tracer and the metrics factory: a span from the
/// first attempt to the end, after OpenTelemetry's HTTP client conventions, `traceparent` (or
/// whatever the tracer's propagation writes) on every attempt, a log line at `debug` when the
/// request starts, retries and ends and at `trace` for each attempt and redirect, and the
/// request's duration and count on its method and status.
///
/// Made only for a request that has something to tell (a logger at `debug` or finer, a tracer
/// or a metrics factory), so a request with none of them costs nothing here. Never records a
/// body, a header value, a query value that signs the URL, nor the URL's user and password:
/// logs and spans are read by more people than the credentials are meant for.
final class RequestTelemetry: Sendable {
  /// Where the request began: the method and the server, from the first attempt's request.
  private struct Target: Sendable {
    var method: String
    var host: String
    var port: Int
  }

  private struct State {
    var target: Target?
    var started: ContinuousClock.Instant?
    var span: (any Span)?
  }

  private let logger: Logger
  private let tracer: (any Tracer)?
  private let metrics: (any MetricsFactory)?
  /// The caller's service context when the request was made: the span's parent.
  ///
  /// Read there,
  /// since the request starts on another thread, where the caller's task-local is not set.
  private let parent: ServiceContext?
  private let state = Locked(State())

  /// What a request with this logger, tracer and factory records, or nil when it records
  /// nothing: a logger above `debug`, no tracer and no factory.
  static func make(logger: Logger, tracer: (any Tracer)?, metrics: (any MetricsFactory)?)
    -> RequestTelemetry?
  {
    guard logger.logLevel <= .debug || tracer != nil || metrics != nil else { return nil }
    return RequestTelemetry(logger: logger, tracer: tracer, metrics: metrics)
  }

  private init(logger: Logger, tracer: (any Tracer)?, metrics: (any MetricsFactory)?) {
    self.logger = logger
    self.tracer = tracer
    self.metrics = metrics
    parent = tracer == nil ? nil : ServiceContext.current
  }

  // MARK: Events
  //
  // `id` is the request's `DataRequest.id`, read only when a log line is written (making it
  // costs a random UUID).

  /// The first attempt's request is built: starts the clock and the span (once).
  func started(_ request: HTTPRequest, id: @autoclosure () -> UUID) {
    let target = Target(
      method: request.method.rawValue, host: request.url.host ?? "",
      port: request.url.port ?? Self.defaultPort(of: request.url))
    let isFirst = state.withLock { state -> Bool in
      guard state.target == nil else { return false }
      state.target = target
      state.started = .now
      return true
    }
    guard isFirst else { return }
    if let tracer {
      let span = tracer.startSpan(target.method, context: parent ?? .topLevel, ofKind: .client)
      span.updateAttributes { attributes in
        attributes["http.request.method"] = target.method
        attributes["server.address"] = target.host
        attributes["server.port"] = target.port
        attributes["url.full"] = Self.redacted(request.url)
      }
      state.withLock { $0.span = span }
    }
    logger.debug(
      "Request started",
      metadata: [
        "transfer.request.id": "\(id())", "http.request.method": "\(target.method)",
        "server.address": "\(target.host)",
      ])
  }

  /// An attempt (or a redirect a `RedirectHandler` follows) is about to be sent: the span's
  /// context goes into its header fields, through the tracer's own propagation.
  func willSend(
    _ request: inout HTTPRequest, attempt: Int, redirect: Bool, id: @autoclosure () -> UUID
  ) {
    if let tracer, let span = state.withLock({ $0.span }) {
      tracer.inject(span.context, into: &request.headers, using: HTTPHeadersInjector())
    }
    logger.trace(
      redirect ? "Following redirect" : "Sending attempt",
      metadata: [
        "transfer.request.id": "\(id())", "transfer.attempt": "\(attempt)",
        "server.address": "\(request.url.host ?? "")", "url.path": "\(request.url.path)",
      ])
  }

  /// An attempt failed (`failed`) and will be tried again after `delay`.
  func retrying(
    after delay: Duration, attempt: Int, failed: RequestOutcome, id: @autoclosure () -> UUID
  ) {
    logger.debug(
      "Retrying request",
      metadata: [
        "transfer.request.id": "\(id())", "transfer.attempt": "\(attempt)",
        "transfer.retry.delay": "\(delay)",
        "error.type":
          "\(Self.errorType(status: failed.response?.statusCode, error: failed.error) ?? "")",
      ])
  }

  /// The request ended: ends the span, records the duration and the count, logs the end.
  func finished(
    _ outcome: RequestOutcome, retries: Int, redirects: Int, id: @autoclosure () -> UUID
  ) {
    let (target, started, span) = state.withLock { state in
      defer { state.span = nil }
      return (state.target, state.started, state.span)
    }
    let status = outcome.response?.statusCode
    let errorType = Self.errorType(status: status, error: outcome.error)
    let elapsed = started.map { ContinuousClock.now - $0 }
    if let span {
      span.updateAttributes { attributes in
        if let status { attributes["http.response.status_code"] = status }
        if retries > 0 { attributes["http.request.resend_count"] = retries }
        if let errorType { attributes["error.type"] = errorType }
      }
      // The status names the failure; the error itself is not recorded, since its
      // description may quote the response's body (a validation failure's excerpt).
      if let errorType { span.setStatus(SpanStatus(code: .error, message: errorType)) }
      span.end()
    }
    if let metrics, let target {
      var dimensions = [
        ("http.request.method", target.method), ("server.address", target.host),
        ("server.port", String(target.port)),
      ]
      if let status { dimensions.append(("http.response.status_code", String(status))) }
      if let errorType { dimensions.append(("error.type", errorType)) }
      Counter(label: "http.client.requests", dimensions: dimensions, factory: metrics).increment()
      if let elapsed {
        let (seconds, attoseconds) = elapsed.components
        Timer(label: "http.client.request.duration", dimensions: dimensions, factory: metrics)
          .recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
      }
    }
    logger.debug(
      outcome.error == nil ? "Request finished" : "Request failed",
      metadata: Self.endMetadata(
        id: id(), target: target, status: status, elapsed: elapsed, retries: retries,
        redirects: redirects, errorType: errorType))
  }

  // MARK: Helpers

  private static func endMetadata(
    id: UUID, target: Target?, status: Int?, elapsed: Duration?, retries: Int, redirects: Int,
    errorType: String?
  ) -> Logger.Metadata {
    var metadata: Logger.Metadata = [
      "transfer.request.id": "\(id)", "transfer.retries": "\(retries)",
      "transfer.redirects": "\(redirects)",
    ]
    if let target {
      metadata["http.request.method"] = "\(target.method)"
      metadata["server.address"] = "\(target.host)"
    }
    if let status { metadata["http.response.status_code"] = "\(status)" }
    if let elapsed {
      let milliseconds =
        Double(elapsed.components.seconds) * 1000
        + Double(elapsed.components.attoseconds) / 1e15
      metadata["transfer.duration_ms"] = "\((milliseconds * 1000).rounded() / 1000)"
    }
    if let errorType { metadata["error.type"] = "\(errorType)" }
    return metadata
  }

  /// OpenTelemetry's `error.type`: the status code of a response that is an error (4xx or
  /// 5xx), else the failure's name, else nil.
  static func errorType(status: Int?, error: TransferError?) -> String? {
    if let status, status >= 400 { return String(status) }
    return error?.telemetryName
  }

  /// Port 443 for `https`, else 80, when the URL names none.
  static func defaultPort(of url: URL) -> Int {
    url.scheme?.lowercased() == "https" ? 443 : 80
  }

  /// The query keys whose values sign a URL, which OpenTelemetry redacts from `url.full`.
  private static let signingKeys: Set<String> = [
    "awsaccesskeyid", "signature", "sig", "x-goog-signature",
  ]

  /// `url` without its user and password, and with the values of signing query keys replaced
  /// by `REDACTED`, as OpenTelemetry's `url.full` asks.
  static func redacted(_ url: URL) -> String {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
      return url.absoluteString
    }
    if components.user != nil { components.user = "REDACTED" }
    if components.password != nil { components.password = "REDACTED" }
    if let items = components.queryItems,
      items.contains(where: { signingKeys.contains($0.name.lowercased()) })
    {
      components.queryItems = items.map { item in
        signingKeys.contains(item.name.lowercased())
          ? URLQueryItem(name: item.name, value: "REDACTED") : item
      }
    }
    return components.string ?? url.absoluteString
  }
}

/// Writes a tracer's propagation fields (W3C `traceparent` and `tracestate`, or its own)
/// into a request's header fields, replacing any of the same name.
struct HTTPHeadersInjector: Injector {
  func inject(_ value: String, forKey key: String, into headers: inout HTTPHeaders) {
    headers.update(name: key, value: value)
  }
}
