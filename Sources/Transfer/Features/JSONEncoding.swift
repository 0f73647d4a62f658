import Foundation
import JSONKit

/// Writes parameters as a JSON body with JSONKit's writer and sets
/// `Content-Type: application/json` unless the request has one.
///
/// ```swift
/// session.request(url, method: .post, parameters: ["name": "Ada", "tags": ["a"]], encoding: JSONEncoding.default)
/// ```
public struct JSONEncoding: ParameterEncoding {
  /// Compact JSON in the body.
  public static let `default` = JSONEncoding()
  /// Indented JSON in the body.
  public static let prettyPrinted = JSONEncoding(prettyPrinted: true)

  /// Whether the body is indented.
  public let prettyPrinted: Bool

  /// An encoding that writes the parameters as a JSON body (`Content-Type:
  /// application/json` unless the request sets one).
  ///
  /// - Parameter prettyPrinted: whether the body is indented.
  public init(prettyPrinted: Bool = false) { self.prettyPrinted = prettyPrinted }

  public func encode(_ request: HTTPRequest, with parameters: Parameters?) throws(TransferError)
    -> HTTPRequest
  {
    guard let parameters else { return request }
    let json = JSON(parameters as [String: Any])
    if let error = json.error {
      throw .parameterEncodingFailed(reason: .jsonEncodingFailed(error: error))
    }
    var request = request
    do {
      request.body = try json.rawData(options: prettyPrinted ? .prettyPrinted : [])
    } catch {
      throw .parameterEncodingFailed(reason: .jsonEncodingFailed(error: error))
    }
    if request.headers["Content-Type"] == nil {
      request.headers.update(.contentType("application/json"))
    }
    return request
  }

  /// An `Encodable` body written by JSONKit's encoder.
  static func encodeBody<Body: Encodable>(_ body: Body) throws(TransferError) -> Data {
    do {
      return try JSONKitEncoder().encode(body)
    } catch {
      throw .parameterEncodingFailed(reason: .jsonEncodingFailed(error: error))
    }
  }
}
