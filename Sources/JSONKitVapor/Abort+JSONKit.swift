#if Vapor
  import JSONKit
  import Mapping
  import Vapor

  // The errors of the body sequences (`req.body.jsonValues()` and its siblings) as Vapor
  // replies: a body that is not JSON (or stops being JSON) is `400 Bad Request` with the
  // parse error's description, a value longer than `maxValueBytes` is
  // `413 Payload Too Large`, a model that does not map is a 400 with its path. The
  // descriptions quote at most a short excerpt of the body. `DecodingError`s pass through:
  // Vapor answers them with 400 itself.

  extension Abort {
    /// `error` as a reply when it is JSONKit's, else `error` itself.
    @Sendable static func replying(to error: any Error) -> any Error {
      switch error {
      case let error as JSONError: Abort(error.replyStatus, reason: error.description)
      case let error as MappingError: Abort(error.replyStatus, reason: error.description)
      default: error
      }
    }
  }

  extension JSONError {
    /// The reply's status for this error: 413 for a value over `maxValueBytes`, else 400.
    var replyStatus: HTTPResponseStatus {
      if case .parse(.valueTooLarge) = reason { return .payloadTooLarge }
      return .badRequest
    }
  }

  extension MappingError {
    /// The reply's status for this error: that of its `JSONError`, else 400.
    var replyStatus: HTTPResponseStatus {
      if case .invalidJSON(let error) = reason { return error.replyStatus }
      return .badRequest
    }
  }
#endif
