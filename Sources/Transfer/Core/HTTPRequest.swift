import Foundation

/// What is sent: a URL, a method, header fields and an optional body.
///
/// This is Transfer's `URLRequest`: a plain value that adapters rewrite and that
/// `cURLDescription()` prints. It does not import FoundationNetworking.
///
/// ```swift
/// var request = try HTTPRequest("https://api.example.com/users", method: .post)
/// request.headers.add(.contentType("application/json"))
/// request.body = Data(#"{"name":"Ada"}"#.utf8)
/// let users = session.request(request)
/// ```
public struct HTTPRequest: Sendable, Hashable {
  /// Where the request goes.
  public var url: URL
  /// The method (`GET` by default).
  public var method: HTTPMethod
  /// The header fields sent, besides those curl adds (`Host`, `Content-Length`, …).
  public var headers: HTTPHeaders
  /// The body sent, if any.
  public var body: Data?
  /// Overrides the session's `SessionConfiguration.timeout` for this request.
  public var timeout: Duration?
  /// Replaces the session's `SessionConfiguration.tls` for this request, whole (not field by
  /// field); `nil`: the session's.
  ///
  /// A `RequestAdapter` can set it per host, as Alamofire's
  /// `ServerTrustManager` chooses an evaluator per host.
  ///
  /// ```swift
  /// var request = try HTTPRequest("https://payments.example.com/charges", method: .post)
  /// request.tls = TLSSettings(
  ///   pinnedPublicKeys: .sha256(["sjf9/Buri/51/+xZyZGaHOGBi1/rI+IStM1uhM5IN7o="]),
  ///   clientCertificate: ClientCertificate(certificatePath: "client.pem", privateKeyPath: "client.key"))
  /// session.request(request).validate().responseJSON { print($0.result) }
  /// ```
  public var tls: TLSSettings?

  /// A request.
  ///
  /// - Parameters:
  ///   - url: where it goes.
  ///   - method: the method.
  ///   - headers: the header fields.
  ///   - body: the body, if any.
  public init(url: URL, method: HTTPMethod = .get, headers: HTTPHeaders = [], body: Data? = nil) {
    self.url = url
    self.method = method
    self.headers = headers
    self.body = body
  }

  /// Builds a request from anything URL-like; throws `TransferError.invalidURL` for text that
  /// is not an absolute URL with a scheme.
  public init(_ url: any URLConvertible, method: HTTPMethod = .get, headers: HTTPHeaders = [])
    throws(TransferError)
  {
    let resolved = try url.asURL()
    self.init(url: resolved, method: method, headers: headers)
  }
}

/// Something that names a URL: `String`, `URL`, `URLComponents`.
///
/// ```swift
/// session.request("https://api.example.com/users")
/// session.request(URL(string: "https://api.example.com/users")!)
/// ```
public protocol URLConvertible: Sendable {
  /// The URL, or `TransferError.invalidURL`.
  func asURL() throws(TransferError) -> URL
}

extension String: URLConvertible {
  /// A URL with a scheme and, for http(s), a host; anything else is `invalidURL`.
  public func asURL() throws(TransferError) -> URL {
    guard let url = URL(string: self), let scheme = url.scheme, !scheme.isEmpty else {
      throw .invalidURL(self)
    }
    // Compared without `lowercased()` and an array: every request of a `String` URL does this.
    let web = HTTPHeaders.same(scheme, "http") || HTTPHeaders.same(scheme, "https")
    if web && (url.host ?? "").isEmpty {
      throw .invalidURL(self)
    }
    return url
  }
}

extension URL: URLConvertible {
  public func asURL() throws(TransferError) -> URL { self }
}

extension URLComponents: URLConvertible {
  public func asURL() throws(TransferError) -> URL {
    guard let url else { throw .invalidURL(description) }
    return url
  }
}
