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
  func adapt(
    _ request: HTTPRequest, for session: Session,
    completion: @escaping @Sendable (Result<HTTPRequest, any Error>) -> Void)
}

/// What a `RequestRetrier` decided.
public enum RetryResult: Sendable {
  case retry
  case retryWithDelay(Duration)
  case doNotRetry
  /// Do not retry, and fail with `TransferError.requestRetryFailed` carrying this error.
  case doNotRetryWithError(any Error)
}

/// Decides whether a failed request is tried again (the failure may be a transport error
/// or a validation failure).
public protocol RequestRetrier: Sendable {
  func retry(
    _ request: DataRequest, for session: Session, dueTo error: TransferError,
    completion: @escaping @Sendable (RetryResult) -> Void)
}

/// Both: adapts each attempt and decides retries.
public protocol RequestInterceptor: RequestAdapter, RequestRetrier {}

extension RequestInterceptor {
  public func adapt(
    _ request: HTTPRequest, for session: Session,
    completion: @escaping @Sendable (Result<HTTPRequest, any Error>) -> Void
  ) {
    completion(.success(request))
  }

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
  public typealias Handler =
    @Sendable (
      HTTPRequest, Session, @escaping @Sendable (Result<HTTPRequest, any Error>) -> Void
    ) -> Void
  private let handler: Handler

  public init(_ handler: @escaping Handler) { self.handler = handler }

  public func adapt(
    _ request: HTTPRequest, for session: Session,
    completion: @escaping @Sendable (Result<HTTPRequest, any Error>) -> Void
  ) {
    handler(request, session, completion)
  }
}

/// A retrier made from a closure.
public struct Retrier: RequestInterceptor {
  public typealias Handler =
    @Sendable (
      DataRequest, Session, TransferError, @escaping @Sendable (RetryResult) -> Void
    ) -> Void
  private let handler: Handler

  public init(_ handler: @escaping Handler) { self.handler = handler }

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
  public let adapters: [any RequestAdapter]
  public let retriers: [any RequestRetrier]

  public init(
    adapters: [any RequestAdapter] = [], retriers: [any RequestRetrier] = [],
    interceptors: [any RequestInterceptor] = []
  ) {
    self.adapters = adapters + interceptors
    self.retriers = retriers + interceptors
  }

  public init(adapter: any RequestAdapter, retrier: any RequestRetrier) {
    self.init(adapters: [adapter], retriers: [retrier])
  }

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
