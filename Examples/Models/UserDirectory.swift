import Logging
import Mapping
import Transfer

/// The upstream JSON API of users, called through Transfer: the example services'
/// `GET /profiles/:id` route asks it for one user and turns its answer into a reply.
public struct UserDirectory: Sendable {
  /// What a lookup found.
  public enum Answer: Sendable {
    /// The user, mapped from the API's answer.
    case found(User)
    /// The API has no such user (it answered 404).
    case notFound
    /// The call failed: no connection, another status, or an answer that does not map.
    case failed(TransferError)
  }

  /// The session the calls go through: made once per service, so that its connections are
  /// kept alive and shared by every request handler.
  public let session: Transfer.Session
  /// The API's base URL, without a trailing slash.
  public let baseURL: String

  /// A directory at `baseURL`, called through `session`.
  public init(session: Transfer.Session, baseURL: String) {
    self.session = session
    self.baseURL = baseURL
  }

  /// Fetches `/users/ID.json`, which answers `{"data": {"name": …, "age": …}}`, and maps the
  /// user inside it; `logger` (the incoming request's, with its id) logs the call at `debug`.
  ///
  /// The call joins the current trace: Transfer starts a client span in the handler's
  /// `ServiceContext` and sends `traceparent` upstream.
  public func user(_ id: Int, logger: Logger? = nil) async -> Answer {
    let answer = await session.request("\(baseURL)/users/\(id).json", logger: logger)
      .validate()
      .serializingObject(User.self, keyPath: "data")
      .result
    switch answer {
    case .success(let user): return .found(user)
    case .failure(.responseValidationFailed(reason: .unacceptableStatusCode(code: 404, _))):
      return .notFound
    case .failure(let error): return .failed(error)
    }
  }
}
