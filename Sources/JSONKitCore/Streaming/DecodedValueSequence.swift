/// The values of an asynchronous stream of byte chunks decoded as `Value`, one per JSON value.
///
/// Made by `AsyncSequence.decodedValues(_:decoder:)`.
///
/// A parse error ends the sequence after the values before it, as in ``JSONValueSequence``;
/// a `DecodingError` ends it at the value that failed.
public struct DecodedValueSequence<Base: AsyncSequence, Value: Decodable>: AsyncSequence
where Base.Element: Collection<UInt8> {
  /// Each decoded value.
  public typealias Element = Value

  let values: JSONValueSequence<Base>
  let decoder: JSONKitDecoder

  /// An iterator that decodes each value as it is parsed.
  public struct AsyncIterator: AsyncIteratorProtocol {
    var values: JSONValueSequence<Base>.AsyncIterator
    let decoder: JSONKitDecoder
    var ended = false

    /// The next decoded value; `nil` at the end and after an error.
    public mutating func next() async throws -> Value? {
      guard !ended else { return nil }
      do {
        guard let json = try await values.next() else { return nil }
        return try decoder.decode(Value.self, from: json)
      } catch {
        ended = true
        throw error
      }
    }
  }

  /// An iterator that reads the base sequence.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(values: values.makeAsyncIterator(), decoder: decoder)
  }
}

extension DecodedValueSequence: Sendable where Base: Sendable {}
