/// An HTTP request method.
///
/// Any token is allowed; the common ones have names.
///
/// ```swift
/// session.request("https://api.example.com/users/1", method: .delete)
/// let purge = HTTPMethod(rawValue: "PURGE")
/// ```
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// `CONNECT`.
  public static let connect = HTTPMethod(rawValue: "CONNECT")
  /// `DELETE`.
  public static let delete = HTTPMethod(rawValue: "DELETE")
  /// `GET`.
  public static let get = HTTPMethod(rawValue: "GET")
  /// `HEAD`.
  public static let head = HTTPMethod(rawValue: "HEAD")
  /// `OPTIONS`.
  public static let options = HTTPMethod(rawValue: "OPTIONS")
  /// `PATCH`.
  public static let patch = HTTPMethod(rawValue: "PATCH")
  /// `POST`.
  public static let post = HTTPMethod(rawValue: "POST")
  /// `PUT`.
  public static let put = HTTPMethod(rawValue: "PUT")
  /// `QUERY` (a safe method with a body, RFC 9110's successor draft).
  public static let query = HTTPMethod(rawValue: "QUERY")
  /// `TRACE`.
  public static let trace = HTTPMethod(rawValue: "TRACE")

  public let rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }

  public var description: String { rawValue }

  /// Methods that RFC 9110 calls idempotent: repeating them has the effect of doing them once,
  /// which is what makes them safe to retry by default.
  public var isIdempotent: Bool {
    switch self {
    case .get, .head, .options, .put, .delete, .trace, .query: true
    default: false
    }
  }
}
