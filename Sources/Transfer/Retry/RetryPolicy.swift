import Foundation

/// Retries failed requests with exponential backoff and jitter, honouring `Retry-After`.
///
/// Only idempotent methods are retried by default (a POST that reached the server may have
/// done its work). A failure is retryable when it is a transport error of the kinds that
/// come and go (connection refused or reset, timeout, name lookup, a body cut short) or a
/// validation failure with a retryable status (408, 429, 500, 502, 503, 504) — status codes
/// reach the retrier only when the request has a validator, as in Alamofire.
///
/// Attempt `n` (0-based) waits `min(maximumDelay, scale × base^n)`, shortened by a random
/// fraction up to `jitter` so that many clients do not retry in step. A `Retry-After`
/// header (seconds or an HTTP date) replaces that delay, capped at `maximumDelay`.
///
/// ```swift
/// let session = Session(interceptor: RetryPolicy(retryLimit: 3, maximumDelay: .seconds(10)))
/// ```
public struct RetryPolicy: RequestInterceptor {
  /// The statuses worth a retry: 408, 429, 500, 502, 503 and 504.
  public static let defaultRetryableStatusCodes: Set<Int> = [408, 429, 500, 502, 503, 504]
  /// curl codes: could not resolve (6), could not connect (7), partial body (18),
  /// timeout (28), empty reply (52), send error (55), receive error (56).
  public static let defaultRetryableCurlCodes: Set<CurlCode> = [
    .couldntResolveHost, .couldntConnect, .partialFile, .operationTimedOut, .gotNothing,
    .sendError, .receiveError,
  ]

  /// How many times a request is retried at most (2 by default: three attempts).
  public let retryLimit: Int
  /// The factor by which each delay grows (2 by default; at least 1).
  public let exponentialBackoffBase: Double
  /// The first delay (500 ms by default).
  public let exponentialBackoffScale: Duration
  /// The longest delay, `Retry-After` included (30 s by default).
  public let maximumDelay: Duration
  /// The largest fraction (0…1) by which a delay is randomly shortened.
  public let jitter: Double
  /// The methods retried: the idempotent ones by default.
  public let retryableHTTPMethods: Set<HTTPMethod>
  /// The statuses of validation failures that are retried.
  public let retryableStatusCodes: Set<Int>
  /// The transport failures that are retried (see `defaultRetryableCurlCodes`).
  public let retryableCurlCodes: Set<CurlCode>
  /// Whether a `Retry-After` header replaces the computed delay.
  public let respectsRetryAfter: Bool

  /// A policy; every parameter has Alamofire's default.
  ///
  /// - Parameters:
  ///   - retryLimit: retries at most.
  ///   - exponentialBackoffBase: the growth factor of the delay (at least 1).
  ///   - exponentialBackoffScale: the first delay.
  ///   - maximumDelay: the longest delay.
  ///   - jitter: the largest fraction (0…1) by which a delay is randomly shortened.
  ///   - retryableHTTPMethods: the methods retried.
  ///   - retryableStatusCodes: the statuses retried.
  ///   - retryableCurlCodes: the transport failures retried.
  ///   - respectsRetryAfter: whether `Retry-After` sets the delay.
  public init(
    retryLimit: Int = 2, exponentialBackoffBase: Double = 2,
    exponentialBackoffScale: Duration = .milliseconds(500),
    maximumDelay: Duration = .seconds(30), jitter: Double = 0.25,
    retryableHTTPMethods: Set<HTTPMethod> = [.get, .head, .options, .put, .delete, .trace, .query],
    retryableStatusCodes: Set<Int> = RetryPolicy.defaultRetryableStatusCodes,
    retryableCurlCodes: Set<CurlCode> = RetryPolicy.defaultRetryableCurlCodes,
    respectsRetryAfter: Bool = true
  ) {
    precondition(
      exponentialBackoffBase >= 1, "RetryPolicy: exponentialBackoffBase must be at least 1")
    self.retryLimit = retryLimit
    self.exponentialBackoffBase = exponentialBackoffBase
    self.exponentialBackoffScale = exponentialBackoffScale
    self.maximumDelay = maximumDelay
    self.jitter = min(1, max(0, jitter))
    self.retryableHTTPMethods = retryableHTTPMethods
    self.retryableStatusCodes = retryableStatusCodes
    self.retryableCurlCodes = retryableCurlCodes
    self.respectsRetryAfter = respectsRetryAfter
  }

  /// Retries when attempts remain, the method is retryable and `error` is
  /// (`isRetryable(_:)`), after `delay(attempt:response:)`.
  ///
  /// - Parameters:
  ///   - request: the failed request.
  ///   - session: the session that sent it.
  ///   - error: why it failed.
  ///   - completion: called once with `.retryWithDelay` or `.doNotRetry`.
  public func retry(
    _ request: DataRequest, for session: Session, dueTo error: TransferError,
    completion: @escaping @Sendable (RetryResult) -> Void
  ) {
    let attempt = request.retryCount
    guard attempt < retryLimit, let method = request.request?.method,
      retryableHTTPMethods.contains(method),
      isRetryable(error)
    else { return completion(.doNotRetry) }
    completion(.retryWithDelay(delay(attempt: attempt, response: request.lastAttemptResponse)))
  }

  /// Whether `error` is worth another attempt.
  public func isRetryable(_ error: TransferError) -> Bool {
    switch error {
    case .transportFailed(let code, _): retryableCurlCodes.contains(code)
    case .responseValidationFailed:
      error.responseCode.map(retryableStatusCodes.contains) ?? false
    default: false
    }
  }

  /// The wait before retry number `attempt + 1`.
  public func delay(attempt: Int, response: HTTPResponse?) -> Duration {
    if respectsRetryAfter, let header = response?.headers["Retry-After"],
      let seconds = Self.retryAfter(header)
    {
      return min(maximumDelay, .milliseconds(Int((seconds * 1000).rounded())))
    }
    let backoff =
      Self.seconds(exponentialBackoffScale) * pow(exponentialBackoffBase, Double(attempt))
    let capped = min(Self.seconds(maximumDelay), backoff)
    let shortened = capped * (1 - Double.random(in: 0...jitter))
    return .milliseconds(Int((shortened * 1000).rounded()))
  }

  /// `Retry-After` as seconds from now: a number of seconds, or an HTTP date.
  static func retryAfter(_ value: String) -> Double? {
    let trimmed = value.trimmingCharacters(in: .whitespaces)
    if let seconds = Double(trimmed), seconds >= 0 { return seconds }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    guard let date = formatter.date(from: trimmed) else { return nil }
    return max(0, date.timeIntervalSinceNow)
  }

  private static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}
