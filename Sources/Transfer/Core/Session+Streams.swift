import Foundation
import Logging

extension Session {
  /// Starts a request whose body is handed over while it downloads: `bytes()`, `lines()` or
  /// `responseStream(queue:stream:)`, with backpressure.
  ///
  /// ```swift
  /// let request = session.streamRequest("https://api.example.com/export", bufferSize: 256 * 1024)
  /// for try await chunk in request.bytes() { try output.write(contentsOf: chunk) }
  /// ```
  ///
  /// - Parameters:
  ///   - url: where the request goes.
  ///   - method: the method (`GET` by default).
  ///   - parameters: encoded into the query or the body by `encoding`.
  ///   - encoding: how `parameters` are encoded.
  ///   - headers: header fields of the request.
  ///   - interceptor: adapts and retries the request, after the session's.
  ///   - bufferSize: bytes that may wait for the consumer before the transfer pauses
  ///     (1 MiB by default).
  ///   - logger: where this request logs, instead of the session's ``Session/logger``.
  /// - Returns: the request, whose body is read with `bytes()`, `lines()` or `responseStream`.
  public func streamRequest(
    _ url: any URLConvertible, method: HTTPMethod = .get, parameters: Parameters? = nil,
    encoding: any ParameterEncoding = URLEncoding.default, headers: HTTPHeaders? = nil,
    interceptor: (any RequestInterceptor)? = nil, bufferSize: Int = 1 << 20, logger: Logger? = nil
  ) -> DataStreamRequest {
    DataStreamRequest(
      session: self,
      make: Self.builder(
        url, method: method, parameters: parameters, encoding: encoding, headers: headers),
      interceptor: interceptor, bufferSize: bufferSize, logger: logger)
  }

  /// A stream request built by `make` for each attempt.
  func streamRequest(
    make: @escaping @Sendable () throws(TransferError) -> HTTPRequest,
    interceptor: (any RequestInterceptor)?, bufferSize: Int, logger: Logger?
  ) -> DataStreamRequest {
    DataStreamRequest(
      session: self, make: make, interceptor: interceptor, bufferSize: bufferSize, logger: logger)
  }
}
