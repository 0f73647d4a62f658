#if Hummingbird
  import Hummingbird
  import JSONKit
  import Mapping

  /// The values of a request body, whose errors are Hummingbird replies: a body that is not
  /// JSON (or stops being JSON) is `400 Bad Request` with the parse error's description, a
  /// value longer than `maxValueBytes` is `413 Content Too Large`, a value that does not
  /// decode or map is a 400 with its path. Made by `request.body.jsonValues()`,
  /// `decodedValues(_:)` and `mappedValues(_:)`.
  ///
  /// ```swift
  /// for try await event in request.body.jsonValues() { … }   // bad NDJSON: a 400 that says where
  /// ```
  ///
  /// The messages quote at most a short excerpt of the body. Other errors pass through.
  public struct HTTPErrorValueSequence<Base: AsyncSequence>: AsyncSequence {
    /// Each value of the body.
    public typealias Element = Base.Element

    let base: Base

    /// An iterator that turns JSONKit's errors into `HTTPError`.
    public struct AsyncIterator: AsyncIteratorProtocol {
      var base: Base.AsyncIterator

      /// The next value; `nil` at the end of the body and after an error.
      public mutating func next() async throws -> Base.Element? {
        do {
          return try await base.next()
        } catch let error as JSONError {
          throw HTTPError(error.replyStatus, message: error.description)
        } catch let error as MappingError {
          throw HTTPError(error.replyStatus, message: error.description)
        } catch let error as DecodingError {
          throw HTTPError(.badRequest, message: error.replyMessage)
        }
      }
    }

    /// An iterator over the body's values.
    public func makeAsyncIterator() -> AsyncIterator {
      AsyncIterator(base: base.makeAsyncIterator())
    }
  }

  extension HTTPErrorValueSequence: Sendable where Base: Sendable {}

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
