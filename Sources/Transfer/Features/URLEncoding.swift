import Foundation

/// Form-style encoding: `a=1&b=two`, percent-escaped as RFC 3986 asks, keys sorted so the
/// same parameters always give the same URL (cache keys, signatures).
///
/// Arrays become `tags[]=a&tags[]=b` (or without brackets, or with indexes), dictionaries
/// `user[name]=Ada`, booleans `1`/`0` (or `true`/`false`).
///
/// ```swift
/// let encoding = URLEncoding(destination: .queryString, arrayEncoding: .noBrackets)
/// session.request(url, method: .post, parameters: ["tag": ["a", "b"]], encoding: encoding)
/// ```
public struct URLEncoding: ParameterEncoding {
  /// Where the encoded parameters go.
  public enum Destination: Sendable {
    /// The query for GET, HEAD and DELETE; the body for other methods.
    case methodDependent
    /// Always the query.
    case queryString
    /// Always the body, as `application/x-www-form-urlencoded`.
    case httpBody
  }

  /// How array values are written.
  public enum ArrayEncoding: Sendable {
    /// `brackets`: `key[]=a&key[]=b` (Alamofire's default); `noBrackets`: `key=a&key=b`;
    /// `indexInBrackets`: `key[0]=a&key[1]=b`.
    case brackets, noBrackets, indexInBrackets

    func key(_ key: String, index: Int) -> String {
      switch self {
      case .brackets: "\(key)[]"
      case .noBrackets: key
      case .indexInBrackets: "\(key)[\(index)]"
      }
    }
  }

  /// How booleans are written.
  public enum BoolEncoding: Sendable {
    /// `numeric`: `1` and `0` (Alamofire's default); `literal`: `true` and `false`.
    case numeric, literal

    func value(_ value: Bool) -> String {
      switch self {
      case .numeric: value ? "1" : "0"
      case .literal: value ? "true" : "false"
      }
    }
  }

  /// Query for GET, HEAD and DELETE, body otherwise; brackets; numeric booleans.
  public static let `default` = URLEncoding()
  /// Always in the query.
  public static let queryString = URLEncoding(destination: .queryString)
  /// Always in the body.
  public static let httpBody = URLEncoding(destination: .httpBody)

  /// Where the encoded parameters go.
  public let destination: Destination
  /// How array values are written.
  public let arrayEncoding: ArrayEncoding
  /// How booleans are written.
  public let boolEncoding: BoolEncoding

  /// An encoding; the defaults are Alamofire's.
  ///
  /// - Parameters:
  ///   - destination: where the parameters go.
  ///   - arrayEncoding: how array values are written.
  ///   - boolEncoding: how booleans are written.
  public init(
    destination: Destination = .methodDependent, arrayEncoding: ArrayEncoding = .brackets,
    boolEncoding: BoolEncoding = .numeric
  ) {
    self.destination = destination
    self.arrayEncoding = arrayEncoding
    self.boolEncoding = boolEncoding
  }

  public func encode(_ request: HTTPRequest, with parameters: Parameters?) throws(TransferError)
    -> HTTPRequest
  {
    guard let parameters, !parameters.isEmpty else { return request }
    let query = try self.query(parameters)
    var request = request
    if inQuery(request.method) {
      guard var components = URLComponents(url: request.url, resolvingAgainstBaseURL: false) else {
        throw .invalidURL(request.url.absoluteString)
      }
      let existing = components.percentEncodedQuery.map { $0 + "&" } ?? ""
      components.percentEncodedQuery = existing + query
      guard let url = components.url else { throw .invalidURL(request.url.absoluteString) }
      request.url = url
    } else {
      if request.headers["Content-Type"] == nil {
        request.headers.update(.contentType("application/x-www-form-urlencoded; charset=utf-8"))
      }
      request.body = Data(query.utf8)
    }
    return request
  }

  private func inQuery(_ method: HTTPMethod) -> Bool {
    switch destination {
    case .methodDependent: [.get, .head, .delete].contains(method)
    case .queryString: true
    case .httpBody: false
    }
  }

  /// `a=1&b=2`, keys sorted.
  func query(_ parameters: Parameters) throws(TransferError) -> String {
    var pairs: [(String, String)] = []
    for key in parameters.keys.sorted() { try components(key, parameters[key]!, into: &pairs) }
    return pairs.map { "\(Self.escape($0.0))=\(Self.escape($0.1))" }.joined(separator: "&")
  }

  private func components(_ key: String, _ value: Any, into pairs: inout [(String, String)])
    throws(TransferError)
  {
    switch value {
    case let dictionary as [String: Any]:
      for nested in dictionary.keys.sorted() {
        try components("\(key)[\(nested)]", dictionary[nested]!, into: &pairs)
      }
    case let array as [Any]:
      for (index, element) in array.enumerated() {
        try components(arrayEncoding.key(key, index: index), element, into: &pairs)
      }
    case let bool as Bool:
      pairs.append((key, boolEncoding.value(bool)))
    case let string as String:
      pairs.append((key, string))
    case let integer as any BinaryInteger:
      pairs.append((key, "\(integer)"))
    case let double as Double:
      pairs.append((key, "\(double)"))
    case let float as Float:
      pairs.append((key, "\(float)"))
    case let decimal as Decimal:
      pairs.append((key, "\(decimal)"))
    case let convertible as any LosslessStringConvertible:
      pairs.append((key, convertible.description))
    default:
      throw .parameterEncodingFailed(
        reason: .unsupportedValue(key: key, type: "\(type(of: value))"))
    }
  }

  /// Percent-escapes everything but RFC 3986's unreserved characters and the sub-delimiters
  /// that are safe inside a query value (`?` and `/`), as Alamofire does.
  static func escape(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
  }

  private static let allowed: CharacterSet = {
    var set = CharacterSet.urlQueryAllowed
    set.remove(charactersIn: ":#[]@!$&'()*+,;=")
    return set
  }()
}
