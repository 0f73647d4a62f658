import Foundation
import JSONKit

/// What a serializer reads: the finished request's parts.
///
/// `json()` returns the body as JSON, parsed while it downloaded when the request knew a
/// JSON serializer was coming, otherwise parsed from `data` now.
public struct ResponseInput: Sendable {
  /// The request as sent (after adapters).
  public let request: HTTPRequest?
  /// The response head, if one arrived.
  public let response: HTTPResponse?
  /// The body, if any.
  public let data: Data?
  /// The transport or validation error, if the request failed before serialization.
  public let error: TransferError?
  let streamedJSON: Result<JSON, JSONError>?

  init(_ outcome: RequestOutcome) {
    request = outcome.request
    response = outcome.response
    data = outcome.data
    error = outcome.error
    streamedJSON = outcome.streamedJSON
  }

  /// The body as one JSON value.
  public func json() throws(TransferError) -> JSON {
    if let streamedJSON {
      switch streamedJSON {
      case .success(let json): return json
      case .failure(let error):
        throw .responseSerializationFailed(reason: .jsonSerializationFailed(error: error))
      }
    }
    do {
      return try JSONParser.parse(data ?? Data())
    } catch {
      throw .responseSerializationFailed(reason: .jsonSerializationFailed(error: error))
    }
  }
}

/// Turns a finished request into a value.
///
/// Conform your own types to it to plug into
/// `DataRequest.response(responseSerializer:)`.
///
/// ```swift
/// struct LineCount: ResponseSerializer {
///   func serialize(_ input: ResponseInput) throws -> Int {
///     if let error = input.error { throw error }
///     return input.data.map { $0.filter { $0 == 10 }.count } ?? 0
///   }
/// }
/// session.request(url).response(responseSerializer: LineCount()) { print($0.value ?? 0) }
/// ```
public protocol ResponseSerializer<SerializedObject>: Sendable {
  /// What the serializer produces.
  associatedtype SerializedObject: Sendable
  /// Status codes for which an empty body is a valid answer (204 and 205 by default).
  var emptyResponseCodes: Set<Int> { get }
  /// Methods for which an empty body is a valid answer (HEAD by default).
  var emptyRequestMethods: Set<HTTPMethod> { get }
  /// Whether this serializer reads the body as JSON, so the request parses it while it
  /// downloads instead of afterwards.
  var readsJSON: Bool { get }
  /// The value, or an error (`TransferError`s pass through; others are wrapped as
  /// `responseSerializationFailed(reason: .customSerializationFailed)`).
  func serialize(_ input: ResponseInput) throws -> SerializedObject
}

extension ResponseSerializer {
  /// The status codes whose empty body is a valid answer unless a serializer is told
  /// otherwise: 204 No Content and 205 Reset Content, as Alamofire's.
  ///
  /// ```swift
  /// DataResponseSerializer.defaultEmptyResponseCodes   // [204, 205]
  /// ```
  public static var defaultEmptyResponseCodes: Set<Int> { [204, 205] }
  /// The methods whose empty body is a valid answer unless a serializer is told otherwise:
  /// HEAD.
  ///
  /// ```swift
  /// DataResponseSerializer.defaultEmptyRequestMethods  // [.head]
  /// ```
  public static var defaultEmptyRequestMethods: Set<HTTPMethod> { [.head] }
  public var emptyResponseCodes: Set<Int> { Self.defaultEmptyResponseCodes }
  public var emptyRequestMethods: Set<HTTPMethod> { Self.defaultEmptyRequestMethods }
  public var readsJSON: Bool { false }

  /// Whether the body is empty and allowed to be (by status code or method).
  public func isAllowedEmpty(_ input: ResponseInput) -> Bool {
    guard input.data?.isEmpty ?? true else { return false }
    if let method = input.request?.method, emptyRequestMethods.contains(method) { return true }
    if let code = input.response?.statusCode, emptyResponseCodes.contains(code) { return true }
    return false
  }
}

extension DataRequest {
  /// Adds a handler that gets the request's parts unserialized.
  ///
  /// ```swift
  /// session.request(url).response { response in
  ///   print(response.response?.statusCode ?? 0, response.data?.count ?? 0)
  /// }
  /// ```
  @discardableResult
  public func response(
    queue: DispatchQueue? = nil,
    completionHandler: @escaping @Sendable (TransferResponse<Data?>) -> Void
  ) -> Self {
    appendHandler(readsJSON: false) { outcome in
      let result: Result<Data?, TransferError> =
        outcome.error.map { .failure($0) } ?? .success(outcome.data)
      let response = TransferResponse<Data?>(
        request: outcome.request, response: outcome.response, data: outcome.data,
        metrics: outcome.metrics,
        serializationDuration: .zero, result: result)
      self.session.monitor?.request(self, didParseResponse: response)
      Self.deliver(response, on: queue, to: completionHandler)
    }
    return self
  }

  /// Adds a handler that gets the value `responseSerializer` makes of the response.
  @discardableResult
  public func response<Serializer: ResponseSerializer>(
    queue: DispatchQueue? = nil, responseSerializer: Serializer,
    completionHandler: @escaping @Sendable (TransferResponse<Serializer.SerializedObject>) -> Void
  ) -> Self {
    appendHandler(readsJSON: responseSerializer.readsJSON) { outcome in
      let response = Self.serialize(outcome, with: responseSerializer)
      self.session.monitor?.request(self, didParseResponse: response)
      Self.deliver(response, on: queue, to: completionHandler)
    }
    return self
  }

  static func serialize<Serializer: ResponseSerializer>(
    _ outcome: RequestOutcome, with serializer: Serializer
  ) -> TransferResponse<Serializer.SerializedObject> {
    let clock = ContinuousClock()
    let start = clock.now
    let result: Result<Serializer.SerializedObject, TransferError>
    do {
      result = .success(try serializer.serialize(ResponseInput(outcome)))
    } catch let error as TransferError {
      result = .failure(error)
    } catch {
      result = .failure(
        .responseSerializationFailed(reason: .customSerializationFailed(error: error)))
    }
    return TransferResponse(
      request: outcome.request, response: outcome.response, data: outcome.data,
      metrics: outcome.metrics,
      serializationDuration: clock.now - start, result: result)
  }

  private static func deliver<Value: Sendable>(
    _ response: TransferResponse<Value>, on queue: DispatchQueue?,
    to handler: @escaping @Sendable (TransferResponse<Value>) -> Void
  ) {
    if let queue { queue.async { handler(response) } } else { handler(response) }
  }
}
