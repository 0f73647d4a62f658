import Foundation

/// Rewrites a request before each attempt: adds a token, signs it, points it elsewhere.
///
/// ```swift
/// struct BearerToken: RequestAdapter {
///   let token: String
///   func adapt(_ request: HTTPRequest, for session: Session,
///              completion: @escaping @Sendable (Result<HTTPRequest, any Error>) -> Void) {
///     var request = request
///     request.headers.update(.authorization(bearerToken: token))
///     completion(.success(request))
///   }
/// }
/// ```
public protocol RequestAdapter: Sendable {
  /// Adapts `request` and calls `completion` once, with the request to send or the error
  /// that fails it.
  ///
  /// - Parameters:
  ///   - request: the request about to be sent (each attempt is adapted anew).
  ///   - session: the session sending it.
  ///   - completion: called with the adapted request, or a failure.
  func adapt(
    _ request: HTTPRequest, for session: Session,
    completion: @escaping @Sendable (Result<HTTPRequest, any Error>) -> Void)
}

/// What a `RequestRetrier` decided.
public enum RetryResult: Sendable {
  /// Try again now.
  case retry
  /// Try again after this delay.
  case retryWithDelay(Duration)
  /// Fail with the original error.
  case doNotRetry
  /// Do not retry, and fail with `TransferError.requestRetryFailed` carrying this error.
  case doNotRetryWithError(any Error)
}

/// Decides whether a failed request is tried again (the failure may be a transport error
/// or a validation failure).
public protocol RequestRetrier: Sendable {
  /// Decides whether `request`, which failed with `error`, is tried again, and calls
  /// `completion` once with the decision.
  ///
  /// - Parameters:
  ///   - request: the failed request (`retryCount` says how many retries it had).
  ///   - session: the session that sent it.
  ///   - error: why it failed.
  ///   - completion: called with `.retry`, `.retryWithDelay`, `.doNotRetry` or
  ///     `.doNotRetryWithError`.
  func retry(
    _ request: DataRequest, for session: Session, dueTo error: TransferError,
    completion: @escaping @Sendable (RetryResult) -> Void)
}

/// Both: adapts each attempt and decides retries.
public protocol RequestInterceptor: RequestAdapter, RequestRetrier {}

extension RequestInterceptor {
  /// Sends the request unchanged (the default for interceptors that only retry).
  ///
  /// - Parameters:
  ///   - request: the request about to be sent.
  ///   - session: the session sending it.
  ///   - completion: called once with the request to send, or a failure.
  public func adapt(
    _ request: HTTPRequest, for session: Session,
    completion: @escaping @Sendable (Result<HTTPRequest, any Error>) -> Void
  ) {
    completion(.success(request))
  }

  /// Never retries (the default for interceptors that only adapt).
  ///
  /// - Parameters:
  ///   - request: the failed request.
  ///   - session: the session that sent it.
  ///   - error: why it failed.
  ///   - completion: called once with the decision.
  public func retry(
    _ request: DataRequest, for session: Session, dueTo error: TransferError,
    completion: @escaping @Sendable (RetryResult) -> Void
  ) {
    completion(.doNotRetry)
  }
}

/// An adapter made from a closure.
///
/// ```swift
/// let stamp = Adapter { request, _, completion in
///   var request = request
///   request.headers.update(name: "X-Request-ID", value: UUID().uuidString)
///   completion(.success(request))
/// }
/// ```
public struct Adapter: RequestInterceptor {
  /// The closure's signature: `adapt(_:for:completion:)`'s parameters.
  public typealias Handler =
    @Sendable (
      HTTPRequest, Session, @escaping @Sendable (Result<HTTPRequest, any Error>) -> Void
    ) -> Void
  private let handler: Handler

  /// An adapter that calls `handler` for each attempt.
  public init(_ handler: @escaping Handler) { self.handler = handler }

  /// Calls the handler.
  ///
  /// - Parameters:
  ///   - request: the request about to be sent.
  ///   - session: the session sending it.
  ///   - completion: called once with the request to send, or a failure.
  public func adapt(
    _ request: HTTPRequest, for session: Session,
    completion: @escaping @Sendable (Result<HTTPRequest, any Error>) -> Void
  ) {
    handler(request, session, completion)
  }
}

/// A retrier made from a closure.
public struct Retrier: RequestInterceptor {
  /// The closure's signature: `retry(_:for:dueTo:completion:)`'s parameters.
  public typealias Handler =
    @Sendable (
      DataRequest, Session, TransferError, @escaping @Sendable (RetryResult) -> Void
    ) -> Void
  private let handler: Handler

  /// A retrier that calls `handler` for each failure.
  public init(_ handler: @escaping Handler) { self.handler = handler }

  /// Calls the handler.
  ///
  /// - Parameters:
  ///   - request: the failed request.
  ///   - session: the session that sent it.
  ///   - error: why it failed.
  ///   - completion: called once with the decision.
  public func retry(
    _ request: DataRequest, for session: Session, dueTo error: TransferError,
    completion: @escaping @Sendable (RetryResult) -> Void
  ) {
    handler(request, session, error, completion)
  }
}

/// Several adapters run in order (each gets the previous one's request) and several
/// retriers asked in order until one says to retry or fails.
///
/// ```swift
/// let session = Session(interceptor: Interceptor(adapters: [BearerToken(token: t)], retriers: [RetryPolicy()]))
/// ```
public struct Interceptor: RequestInterceptor {
  /// The adapters, run in order; each gets the previous one's request.
  public let adapters: [any RequestAdapter]
  /// The retriers, asked in order until one does not answer `.doNotRetry`.
  public let retriers: [any RequestRetrier]

  /// Adapters and retriers in order; each of `interceptors` serves as both, after them.
  ///
  /// - Parameters:
  ///   - adapters: the adapters.
  ///   - retriers: the retriers.
  ///   - interceptors: interceptors used as both adapter and retrier.
  public init(
    adapters: [any RequestAdapter] = [], retriers: [any RequestRetrier] = [],
    interceptors: [any RequestInterceptor] = []
  ) {
    self.adapters = adapters + interceptors
    self.retriers = retriers + interceptors
  }

  /// One adapter and one retrier.
  ///
  /// - Parameters:
  ///   - adapter: adapts each attempt.
  ///   - retrier: decides retries.
  public init(adapter: any RequestAdapter, retrier: any RequestRetrier) {
    self.init(adapters: [adapter], retriers: [retrier])
  }

  /// Runs the adapters in order, each on the previous one's request; the first failure
  /// stops the chain.
  ///
  /// - Parameters:
  ///   - request: the request about to be sent.
  ///   - session: the session sending it.
  ///   - completion: called once with the request to send, or a failure.
  public func adapt(
    _ request: HTTPRequest, for session: Session,
    completion: @escaping @Sendable (Result<HTTPRequest, any Error>) -> Void
  ) {
    Self.adapt(request, session: session, adapters: adapters[...], completion: completion)
  }

  private static func adapt(
    _ request: HTTPRequest, session: Session, adapters: ArraySlice<any RequestAdapter>,
    completion: @escaping @Sendable (Result<HTTPRequest, any Error>) -> Void
  ) {
    guard let first = adapters.first else { return completion(.success(request)) }
    let rest = Array(adapters.dropFirst())
    first.adapt(request, for: session) { result in
      switch result {
      case .success(let adapted):
        adapt(adapted, session: session, adapters: rest[...], completion: completion)
      case .failure: completion(result)
      }
    }
  }

  /// Asks the retriers in order; the first answer other than `.doNotRetry` wins.
  ///
  /// - Parameters:
  ///   - request: the failed request.
  ///   - session: the session that sent it.
  ///   - error: why it failed.
  ///   - completion: called once with the decision.
  public func retry(
    _ request: DataRequest, for session: Session, dueTo error: TransferError,
    completion: @escaping @Sendable (RetryResult) -> Void
  ) {
    Self.retry(
      request, session: session, error: error, retriers: retriers[...], completion: completion)
  }

  private static func retry(
    _ request: DataRequest, session: Session, error: TransferError,
    retriers: ArraySlice<any RequestRetrier>,
    completion: @escaping @Sendable (RetryResult) -> Void
  ) {
    guard let first = retriers.first else { return completion(.doNotRetry) }
    let rest = Array(retriers.dropFirst())
    first.retry(request, for: session, dueTo: error) { result in
      if case .doNotRetry = result {
        retry(request, session: session, error: error, retriers: rest[...], completion: completion)
      } else {
        completion(result)
      }
    }
  }

  /// The session's interceptor, then the request's.
  static func combine(_ session: (any RequestInterceptor)?, _ request: (any RequestInterceptor)?)
    -> (any RequestInterceptor)?
  {
    switch (session, request) {
    case (nil, nil): nil
    case (let one?, nil), (nil, let one?): one
    case (let first?, let second?): Interceptor(interceptors: [first, second])
    }
  }
}
