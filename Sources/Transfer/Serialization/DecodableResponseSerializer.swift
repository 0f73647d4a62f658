import Foundation
import JSONKit

/// A type that stands for "no body", for `responseDecodable` of 204 answers.
///
/// ```swift
/// session.request(url, method: .delete).responseDecodable(of: Empty.self) { … }
/// ```
public protocol EmptyResponse: Sendable {
  /// The value that stands for an allowed empty body.
  static func emptyValue() -> Self
}

/// Decodes to nothing; the value of an allowed empty body.
public struct Empty: Codable, Sendable, Hashable, EmptyResponse {
  /// The empty value.
  public init() {}
  /// The value of an allowed empty body: `Empty()`.
  public static func emptyValue() -> Empty { Empty() }
}

/// A `Decodable` value decoded by JSONKit's `Decoder` from the body, parsed while it downloads.
///
/// ```swift
/// session.request(url).validate().responseDecodable(of: User.self, keyPath: "data") { response in
///   print(response.value?.name ?? "")
/// }
/// ```
public struct DecodableResponseSerializer<Value: Decodable & Sendable>: ResponseSerializer {
  /// The decoder and its strategies.
  public let decoder: JSONKitDecoder
  /// A dotted path to the value to decode (`"data.items"`); `nil` decodes the whole body.
  public let keyPath: String?
  public let emptyResponseCodes: Set<Int>
  public let emptyRequestMethods: Set<HTTPMethod>
  public var readsJSON: Bool { true }

  /// A serializer that decodes the body (or the value at `keyPath`).
  ///
  /// - Parameters:
  ///   - decoder: the decoder and its strategies.
  ///   - keyPath: a dotted path to the value to decode.
  ///   - emptyResponseCodes: statuses for which an empty body is a valid answer.
  ///   - emptyRequestMethods: methods for which an empty body is a valid answer.
  public init(
    decoder: JSONKitDecoder = JSONKitDecoder(), keyPath: String? = nil,
    emptyResponseCodes: Set<Int> = DataResponseSerializer.defaultEmptyResponseCodes,
    emptyRequestMethods: Set<HTTPMethod> = DataResponseSerializer.defaultEmptyRequestMethods
  ) {
    self.decoder = decoder
    self.keyPath = keyPath
    self.emptyResponseCodes = emptyResponseCodes
    self.emptyRequestMethods = emptyRequestMethods
  }

  public func serialize(_ input: ResponseInput) throws -> Value {
    if let error = input.error { throw error }
    if input.data?.isEmpty ?? true {
      if isAllowedEmpty(input), let empty = Value.self as? any EmptyResponse.Type,
        let value = empty.emptyValue() as? Value
      {
        return value
      }
      throw TransferError.responseSerializationFailed(reason: .inputDataNilOrZeroLength)
    }
    let json = try ResponseKeyPath.value(in: try input.json(), at: keyPath)
    do {
      return try decoder.decode(Value.self, from: json)
    } catch {
      throw TransferError.responseSerializationFailed(reason: .decodingFailed(error: error))
    }
  }
}

extension DataRequest {
  /// Adds a handler that gets the body decoded as `type`.
  @discardableResult
  public func responseDecodable<Value: Decodable & Sendable>(
    of type: Value.Type = Value.self, queue: DispatchQueue? = nil, keyPath: String? = nil,
    decoder: JSONKitDecoder = JSONKitDecoder(),
    completionHandler: @escaping @Sendable (TransferResponse<Value>) -> Void
  ) -> Self {
    response(
      queue: queue,
      responseSerializer: DecodableResponseSerializer<Value>(decoder: decoder, keyPath: keyPath),
      completionHandler: completionHandler)
  }
}
