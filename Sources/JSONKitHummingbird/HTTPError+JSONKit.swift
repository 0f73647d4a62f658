#if Hummingbird
  import Hummingbird
  import JSONKit
  import Mapping

  // The errors of the body sequences (`request.body.jsonValues()` and its siblings) as
  // Hummingbird replies: a body that is not JSON (or stops being JSON) is `400 Bad Request`
  // with the parse error's description, a value longer than `maxValueBytes` is
  // `413 Content Too Large`, a value that does not decode or map is a 400 with its path.
  // The messages quote at most a short excerpt of the body.

  extension HTTPError {
    /// `error` as a reply when it is JSONKit's or a `DecodingError`, else `error` itself.
    @Sendable static func replying(to error: any Error) -> any Error {
      switch error {
      case let error as JSONError: HTTPError(error.replyStatus, message: error.description)
      case let error as MappingError: HTTPError(error.replyStatus, message: error.description)
      case let error as DecodingError: HTTPError(.badRequest, message: error.replyMessage)
      default: error
      }
    }
  }

  extension JSONError {
    /// The reply's status for this error: 413 for a value over `maxValueBytes`, else 400.
    var replyStatus: HTTPResponse.Status {
      if case .parse(.valueTooLarge) = reason { return .contentTooLarge }
      return .badRequest
    }
  }

  extension MappingError {
    /// The reply's status for this error: that of its `JSONError`, else 400.
    var replyStatus: HTTPResponse.Status {
      if case .invalidJSON(let error) = reason { return error.replyStatus }
      return .badRequest
    }
  }

  extension DecodingError {
    /// JSONKit's description of the failure: what was expected, at which path, and what was
    /// found (`Expected Int at .n but found string ("x")`).
    var replyMessage: String {
      switch self {
      case .dataCorrupted(let context), .keyNotFound(_, let context),
        .typeMismatch(_, let context), .valueNotFound(_, let context):
        context.debugDescription
      @unknown default: String(describing: self)
      }
    }
  }
#endif
