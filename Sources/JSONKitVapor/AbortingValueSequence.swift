#if Vapor
  import JSONKit
  import Mapping
  import Vapor

  /// The values of a request body, whose errors are Vapor replies: a body that is not JSON
  /// (or stops being JSON) is `400 Bad Request` with the parse error's description, a value
  /// longer than `maxValueBytes` is `413 Payload Too Large`, a model that does not map is a
  /// 400 with its path. Made by `req.body.jsonValues()`, `decodedValues(_:)` and
  /// `mappedValues(_:)`.
  ///
  /// ```swift
  /// for try await event in req.body.jsonValues() { … }   // bad NDJSON: a 400 that says where
  /// ```
  ///
  /// The descriptions quote at most a short excerpt of the body. `DecodingError`s pass
  /// through: Vapor answers them with 400 itself.
  public struct AbortingValueSequence<Base: AsyncSequence>: AsyncSequence {
    /// Each value of the body.
    public typealias Element = Base.Element

    let base: Base

    /// An iterator that turns JSONKit's errors into `Abort`.
    public struct AsyncIterator: AsyncIteratorProtocol {
      var base: Base.AsyncIterator

      /// The next value; `nil` at the end of the body and after an error.
      public mutating func next() async throws -> Base.Element? {
        do {
          return try await base.next()
        } catch let error as JSONError {
          throw Abort(error.replyStatus, reason: error.description)
        } catch let error as MappingError {
          throw Abort(error.replyStatus, reason: error.description)
        }
      }
    }

    /// An iterator over the body's values.
    public func makeAsyncIterator() -> AsyncIterator {
      AsyncIterator(base: base.makeAsyncIterator())
    }
  }

  extension AbortingValueSequence: Sendable where Base: Sendable {}

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
