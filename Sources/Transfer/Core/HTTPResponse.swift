import Foundation

/// What came back: the final status line and header fields (after any redirects).
///
/// ```swift
/// if let response = dataResponse.response {
///   print(response.statusCode, response.headers["Content-Type"] ?? "-")
/// }
/// ```
public struct HTTPResponse: Sendable, Hashable, CustomStringConvertible {
  /// The status code of the final response, such as 200.
  public let statusCode: Int
  /// The header fields of the final response, in the order received.
  public let headers: HTTPHeaders
  /// The URL the body came from: the request's URL, or the last redirect's target.
  public let url: URL?
  /// The HTTP version, such as `"HTTP/1.1"` or `"HTTP/2"`.
  public let httpVersion: String

  /// A response head.
  ///
  /// - Parameters:
  ///   - statusCode: the status code.
  ///   - headers: the header fields.
  ///   - url: the URL that answered (after redirects).
  ///   - httpVersion: the protocol version of the status line.
  public init(statusCode: Int, headers: HTTPHeaders, url: URL?, httpVersion: String = "HTTP/1.1") {
    self.statusCode = statusCode
    self.headers = headers
    self.url = url
    self.httpVersion = httpVersion
  }

  /// The media type of `Content-Type` in lowercase without parameters (`"application/json"`).
  public var mimeType: String? {
    guard let value = headers["Content-Type"] else { return nil }
    let type = value.split(separator: ";", maxSplits: 1).first ?? value[...]
    let trimmed = type.trimmingHTTPWhitespace.lowercased()
    return trimmed.isEmpty ? nil : trimmed
  }

  /// The `charset` parameter of `Content-Type`, lowercased and unquoted (`"utf-8"`).
  public var textEncodingName: String? {
    guard let value = headers["Content-Type"] else { return nil }
    for parameter in value.split(separator: ";").dropFirst() {
      let pair = parameter.split(separator: "=", maxSplits: 1)
      guard pair.count == 2, pair[0].trimmingHTTPWhitespace.lowercased() == "charset"
      else { continue }
      return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t\"")).lowercased()
    }
    return nil
  }

  public var description: String { "\(httpVersion) \(statusCode)" }
}
