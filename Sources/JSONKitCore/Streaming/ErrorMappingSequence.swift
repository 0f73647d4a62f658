/// The elements of an asynchronous sequence, with each error it throws replaced by another:
/// how a server adapter turns a body's `JSONError` into its framework's 400 reply.
///
/// Made by
/// `AsyncSequence.mappingErrors(_:)`.
///
/// ```swift
/// let values = body.jsonValues().mappingErrors { error in
///   (error as? JSONError).map { ClientError(message: $0.description) } ?? error
/// }
/// ```
public struct ErrorMappingSequence<Base: AsyncSequence>: AsyncSequence {
  /// Each element of the base sequence.
  public typealias Element = Base.Element

  let base: Base
  let transform: @Sendable (any Error) -> any Error

  /// An iterator that hands on the base's elements and replaces its errors.
  public struct AsyncIterator: AsyncIteratorProtocol {
    var base: Base.AsyncIterator
    let transform: @Sendable (any Error) -> any Error

    /// The next element; `nil` at the end.
    ///
    /// Errors come through `transform`.
    public mutating func next() async throws -> Base.Element? {
      do {
        return try await base.next()
      } catch {
        throw transform(error)
      }
    }
  }

  /// An iterator over the base sequence.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(base: base.makeAsyncIterator(), transform: transform)
  }
}

extension ErrorMappingSequence: Sendable where Base: Sendable {}

extension AsyncSequence {
  /// This sequence with each error it throws replaced by `transform(error)`.
  ///
  /// ```swift
  /// for try await event in body.jsonValues().mappingErrors({ HTTPError(.badRequest, message: "\($0)") }) {
  ///   …
  /// }
  /// ```
  ///
  /// - Parameter transform: the error to throw instead of the one the sequence threw.
  /// - Returns: the sequence of the same elements.
  public func mappingErrors(_ transform: @escaping @Sendable (any Error) -> any Error)
    -> ErrorMappingSequence<Self>
  {
    ErrorMappingSequence(base: self, transform: transform)
  }
}
