import Foundation

/// The body as `Data`; an empty body is an error unless the status or method allows it.
///
/// ```swift
/// session.request(url).responseData { response in print(response.value?.count ?? 0) }
/// ```
public struct DataResponseSerializer: ResponseSerializer {
  public let emptyResponseCodes: Set<Int>
  public let emptyRequestMethods: Set<HTTPMethod>

  /// A serializer that hands the body back as it is.
  ///
  /// - Parameters:
  ///   - emptyResponseCodes: statuses for which an empty body is a valid answer.
  ///   - emptyRequestMethods: methods for which an empty body is a valid answer.
  public init(
    emptyResponseCodes: Set<Int> = DataResponseSerializer.defaultEmptyResponseCodes,
    emptyRequestMethods: Set<HTTPMethod> = DataResponseSerializer.defaultEmptyRequestMethods
  ) {
    self.emptyResponseCodes = emptyResponseCodes
    self.emptyRequestMethods = emptyRequestMethods
  }

  public func serialize(_ input: ResponseInput) throws -> Data {
    if let error = input.error { throw error }
    guard let data = input.data, !data.isEmpty else {
      if isAllowedEmpty(input) { return Data() }
      throw TransferError.responseSerializationFailed(reason: .inputDataNilOrZeroLength)
    }
    return data
  }
}

extension DataRequest {
  /// Adds a handler that gets the body as `Data`.
  @discardableResult
  public func responseData(
    queue: DispatchQueue? = nil,
    emptyResponseCodes: Set<Int> = DataResponseSerializer.defaultEmptyResponseCodes,
    emptyRequestMethods: Set<HTTPMethod> = DataResponseSerializer.defaultEmptyRequestMethods,
    completionHandler: @escaping @Sendable (TransferResponse<Data>) -> Void
  ) -> Self {
    response(
      queue: queue,
      responseSerializer: DataResponseSerializer(
        emptyResponseCodes: emptyResponseCodes, emptyRequestMethods: emptyRequestMethods),
      completionHandler: completionHandler)
  }
}
