import Foundation

/// Request parameters: strings, numbers, booleans, arrays and dictionaries of them.
public typealias Parameters = [String: any Sendable]

/// Puts parameters into a request: its query string or its body.
///
/// ```swift
/// session.request(url, parameters: ["q": "swift"])                                   // ?q=swift
/// session.request(url, method: .post, parameters: ["q": "swift"])                    // form body
/// session.request(url, method: .post, parameters: ["q": "swift"], encoding: JSONEncoding.default)
/// ```
public protocol ParameterEncoding: Sendable {
  /// The request with `parameters` encoded into it.
  func encode(_ request: HTTPRequest, with parameters: Parameters?) throws(TransferError)
    -> HTTPRequest
}
