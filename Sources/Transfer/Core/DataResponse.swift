import Foundation

/// What a response handler gets: the request, the response, the body, curl's timings and
/// the serialized `result`.
///
/// ```swift
/// session.request(url).responseDecodable(of: User.self) { response in
///   debugPrint(response)   // method, URL, status, headers, body size, timings, result
///   let name = response.map(\.name).value
/// }
/// ```
///
/// `Sendable` when `Success` is: a model that is not `Sendable` (an ObjectMapper-style class)
/// is made on the queue that runs its handler and never leaves it.
public struct DataResponse<Success, Failure: Error> {
  /// The request as sent (after adapters), if it was built.
  public let request: HTTPRequest?
  /// The final response, if one arrived.
  public let response: HTTPResponse?
  /// The body, if a response arrived.
  public let data: Data?
  /// curl's timings of the last attempt.
  public let metrics: TransferMetrics?
  /// How long the serializer took.
  public let serializationDuration: Duration
  /// The serialized value, or why there is none.
  public let result: Result<Success, Failure>

  /// A response; `Transfer` makes these, tests and serializers of your own may too.
  ///
  /// - Parameters:
  ///   - request: the request as sent.
  ///   - response: the response head, if one arrived.
  ///   - data: the body, if any.
  ///   - metrics: curl's timings.
  ///   - serializationDuration: how long the serializer took.
  ///   - result: the serialized value or the error.
  public init(
    request: HTTPRequest?, response: HTTPResponse?, data: Data?, metrics: TransferMetrics?,
    serializationDuration: Duration, result: Result<Success, Failure>
  ) {
    self.request = request
    self.response = response
    self.data = data
    self.metrics = metrics
    self.serializationDuration = serializationDuration
    self.result = result
  }

  /// The value on success.
  public var value: Success? { try? result.get() }

  /// The error on failure.
  public var error: Failure? {
    if case .failure(let error) = result { return error }
    return nil
  }

  /// The same response with the value transformed.
  public func map<NewSuccess>(_ transform: (Success) -> NewSuccess) -> DataResponse<
    NewSuccess, Failure
  > {
    with(result: result.map(transform))
  }

  /// The same response with the value transformed by a function that may throw; its error
  /// becomes the failure.
  public func tryMap<NewSuccess>(
    _ transform: (Success) throws -> NewSuccess
  ) -> DataResponse<NewSuccess, any Error> {
    let mapped: Result<NewSuccess, any Error> =
      switch result {
      case .success(let value): Result { try transform(value) }
      case .failure(let error): .failure(error)
      }
    return DataResponse<NewSuccess, any Error>(
      request: request, response: response, data: data, metrics: metrics,
      serializationDuration: serializationDuration, result: mapped)
  }

  /// The same response with the error transformed.
  public func mapError<NewFailure: Error>(_ transform: (Failure) -> NewFailure) -> DataResponse<
    Success, NewFailure
  > {
    DataResponse<Success, NewFailure>(
      request: request, response: response, data: data, metrics: metrics,
      serializationDuration: serializationDuration, result: result.mapError(transform))
  }

  private func with<S>(result: Result<S, Failure>) -> DataResponse<S, Failure> {
    DataResponse<S, Failure>(
      request: request, response: response, data: data, metrics: metrics,
      serializationDuration: serializationDuration, result: result)
  }
}

/// The response type of every Transfer handler.
public typealias TransferResponse<Success> = DataResponse<Success, TransferError>

extension DataResponse: Sendable where Success: Sendable {}

extension DataResponse: CustomStringConvertible, CustomDebugStringConvertible {
  public var description: String {
    switch result {
    case .success(let value): "success: \(value)"
    case .failure(let error): "failure: \(error)"
    }
  }

  /// Several lines: the request, the response's status and headers, the body's size and
  /// start, the timings and the result.
  public var debugDescription: String {
    var lines: [String] = []
    if let request {
      lines.append("[Request]: \(request.method) \(request.url.absoluteString)")
      for header in request.headers { lines.append("    \(DataResponse.redacted(header))") }
    } else {
      lines.append("[Request]: None")
    }
    if let response {
      lines.append("[Response]: \(response.httpVersion) \(response.statusCode)")
      for header in response.headers { lines.append("    \(DataResponse.redacted(header))") }
    } else {
      lines.append("[Response]: None")
    }
    if let data {
      let head = String(decoding: data.prefix(200), as: UTF8.self)
      lines.append(
        "[Body]: \(data.count) bytes\(data.isEmpty ? "" : ": \(head)\(data.count > 200 ? "…" : "")")"
      )
    } else {
      lines.append("[Body]: None")
    }
    lines.append("[Metrics]: \(metrics.map(\.description) ?? "None")")
    lines.append("[Serialization]: \(serializationDuration)")
    lines.append("[Result]: \(description)")
    return lines.joined(separator: "\n")
  }

  private static func redacted(_ header: HTTPHeader) -> String {
    CURLDescription.isSecret(header.name) ? "\(header.name): ***" : header.description
  }
}
