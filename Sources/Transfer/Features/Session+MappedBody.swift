import Foundation
import Logging
import Mapping

extension Session {
  /// Starts a request whose body is an ObjectMapper-style model written as compact JSON.
  ///
  /// The text is `Mapper<Model>().toJSONString(model)`'s, written straight from the model's
  /// properties (no `[String: Any]` on the way, unlike `parameters: model.toJSON()`, which
  /// also loses the model's key order). `Content-Type: application/json` unless `headers`
  /// sets one.
  ///
  /// ```swift
  /// session.request(url, method: .post, mappedBody: user).responseObject { (response: DataResponse<User, TransferError>) in … }
  /// ```
  ///
  /// - Parameters:
  ///   - url: where to send it.
  ///   - method: the method; `POST` by default.
  ///   - mappedBody: the model written in the body.
  ///   - headers: headers of this request.
  ///   - interceptor: adapts and retries this request.
  ///   - logger: logs this request instead of the session's ``Session/logger``.
  /// - Returns: the request, started.
  public func request<Model: BaseMappable & Sendable>(
    _ url: any URLConvertible, method: HTTPMethod = .post, mappedBody: Model,
    headers: HTTPHeaders? = nil, interceptor: (any RequestInterceptor)? = nil,
    logger: Logger? = nil
  ) -> DataRequest {
    jsonBodyRequest(
      url, method: method, headers: headers, interceptor: interceptor, logger: logger
    ) { Data(Mapper<Model>().toJSONBytes(mappedBody)) }
  }
}
