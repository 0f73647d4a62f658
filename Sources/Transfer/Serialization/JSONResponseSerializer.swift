import Foundation
import JSONKit

/// The body as a JSONKit value, parsed while it downloads.
///
/// An allowed empty body
/// (204, 205, HEAD) gives `JSON.null`.
///
/// ```swift
/// session.request(url).responseJSON { response in
///   print(response.value?["data"]["items"][0]["name"].stringValue ?? "")
/// }
/// ```
public struct JSONResponseSerializer: ResponseSerializer {
  /// Only this part of the body (`"data.items"`); see `responseObject(keyPath:)`.
  public let keyPath: String?
  public let emptyResponseCodes: Set<Int>
  public let emptyRequestMethods: Set<HTTPMethod>
  public var readsJSON: Bool { true }

  /// A serializer that gives the body (or the value at `keyPath`) as a `JSON` value.
  ///
  /// - Parameters:
  ///   - keyPath: a dotted path to the value to return.
  ///   - emptyResponseCodes: statuses for which an empty body is a valid answer.
  ///   - emptyRequestMethods: methods for which an empty body is a valid answer.
  public init(
    keyPath: String? = nil,
    emptyResponseCodes: Set<Int> = DataResponseSerializer.defaultEmptyResponseCodes,
    emptyRequestMethods: Set<HTTPMethod> = DataResponseSerializer.defaultEmptyRequestMethods
  ) {
    self.keyPath = keyPath
    self.emptyResponseCodes = emptyResponseCodes
    self.emptyRequestMethods = emptyRequestMethods
  }

  public func serialize(_ input: ResponseInput) throws -> JSON {
    if let error = input.error { throw error }
    if input.data?.isEmpty ?? true {
      if isAllowedEmpty(input) { return JSON.null }
      throw TransferError.responseSerializationFailed(reason: .inputDataNilOrZeroLength)
    }
    return try ResponseKeyPath.value(in: try input.json(), at: keyPath)
  }
}

extension DataRequest {
  /// Adds a handler that gets the body as a JSONKit value.
  @discardableResult
  public func responseJSON(
    queue: DispatchQueue? = nil, keyPath: String? = nil,
    completionHandler: @escaping @Sendable (TransferResponse<JSON>) -> Void
  ) -> Self {
    response(
      queue: queue, responseSerializer: JSONResponseSerializer(keyPath: keyPath),
      completionHandler: completionHandler)
  }
}
