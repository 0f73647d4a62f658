import JSONKit

/// The models of an asynchronous stream of byte chunks, one per JSON value (NDJSON or
/// concatenated values).
///
/// Made by `AsyncSequence.mappedValues(_:context:strict:)`.
///
/// A parse error ends the sequence after the models before it (its `JSONError` inside a
/// `MappingError.invalidJSON` gives the line in the stream); a value that cannot be made into
/// a model (or, in strict mode, has any failure) ends it with that `MappingError`.
public struct MappedValueSequence<Base: AsyncSequence, Model: BaseMappable>: AsyncSequence
where Base.Element: Collection<UInt8> {
  /// Each model.
  public typealias Element = Model

  let values: JSONValueSequence<Base>
  let mapper: Mapper<Model>

  /// An iterator that maps each value as it is parsed.
  public struct AsyncIterator: AsyncIteratorProtocol {
    var values: JSONValueSequence<Base>.AsyncIterator
    let mapper: Mapper<Model>
    var ended = false

    /// The next model; `nil` at the end and after an error.
    public mutating func next() async throws -> Model? {
      guard !ended else { return nil }
      do {
        guard let json = try await values.next() else { return nil }
        return try mapper.mapOrThrow(JSON: json)
      } catch let error as JSONError {
        ended = true
        throw MappingError(.invalidJSON(error))
      } catch {
        ended = true
        throw error
      }
    }
  }

  /// An iterator that reads the base sequence.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(values: values.makeAsyncIterator(), mapper: mapper)
  }
}

extension MappedValueSequence: Sendable where Base: Sendable, Model: Sendable {}

extension AsyncSequence where Element: Collection<UInt8> {
  /// The models of this stream of byte chunks, one per JSON value (NDJSON or concatenated
  /// values), each as soon as its value is complete.
  ///
  /// ```swift
  /// for try await event in request.body.mappedValues(Event.self) { store(event) }
  /// ```
  ///
  /// - Parameters:
  ///   - type: the model type.
  ///   - context: passed to every `Map` (`map.context`).
  ///   - strict: whether any failed property fails the model (see ``Mapper``).
  ///   - maxValueBytes: the most bytes one value may span (see
  ///     `jsonValues(options:maxValueBytes:)`); `nil`: no limit.
  /// - Returns: a sequence of models that throws `MappingError` at the first value that
  ///   is not JSON or cannot be mapped.
  public func mappedValues<Model: BaseMappable>(
    _ type: Model.Type, context: MapContext? = nil, strict: Bool = false,
    maxValueBytes: Int? = JSONStreamParser.defaultMaxValueBytes
  ) -> MappedValueSequence<Self, Model> {
    MappedValueSequence(
      values: jsonValues(maxValueBytes: maxValueBytes),
      mapper: Mapper<Model>(context: context, strict: strict))
  }
}
