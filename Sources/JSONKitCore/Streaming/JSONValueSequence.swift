/// The JSON values of an asynchronous stream of byte chunks: NDJSON or concatenated values,
/// each handed on as soon as its last byte arrives.
///
/// Made by
/// `AsyncSequence.jsonValues(options:)`.
///
/// Chunks may split a value, a string or a UTF-8 sequence anywhere. Memory is bounded by the
/// largest value plus one chunk, and no value may be longer than `maxValueBytes` (4 MiB
/// unless told otherwise), whatever the stream sends. When the bytes are not JSON, the values before the error
/// come first, then the `JSONError` (its line and column count from the start of the
/// stream), and after it the sequence ends. Errors of the base sequence pass through.
public struct JSONValueSequence<Base: AsyncSequence>: AsyncSequence
where Base.Element: Collection<UInt8> {
  /// Each value of the stream.
  public typealias Element = JSON

  @usableFromInline let base: Base
  @usableFromInline let options: JSONParser.Options
  @usableFromInline let maxValueBytes: Int?

  @usableFromInline
  init(base: Base, options: JSONParser.Options, maxValueBytes: Int?) {
    self.base = base
    self.options = options
    self.maxValueBytes = maxValueBytes
  }

  /// An iterator over the values; it owns one `JSONStreamParser`.
  public struct AsyncIterator: AsyncIteratorProtocol {
    var chunks: Base.AsyncIterator
    let parser: JSONStreamParser
    /// Values parsed but not yet returned, from `next` onwards.
    var ready: [JSON] = []
    var next = 0
    var ended = false

    init(chunks: Base.AsyncIterator, options: JSONParser.Options, maxValueBytes: Int?) {
      self.chunks = chunks
      self.parser = JSONStreamParser(options: options, maxValueBytes: maxValueBytes)
    }

    /// The next value; `nil` at the end of the stream and after an error.
    public mutating func next() async throws -> JSON? {
      while true {
        if next < ready.count {
          defer { next += 1 }
          return ready[next]
        }
        ready.removeAll(keepingCapacity: true)
        next = 0
        guard !ended else { return nil }
        do {
          if let chunk = try await chunks.next() {
            ready = try parser.feed(chunk)
          } else {
            ended = true
            ready = try parser.finish()
          }
        } catch {
          ended = true
          throw error
        }
      }
    }
  }

  /// An iterator that reads the base sequence.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(
      chunks: base.makeAsyncIterator(), options: options, maxValueBytes: maxValueBytes)
  }
}

extension JSONValueSequence: Sendable where Base: Sendable {}

extension AsyncSequence where Element: Collection<UInt8> {
  /// The JSON values of this stream of byte chunks (NDJSON or concatenated values), each as
  /// soon as it is complete.
  ///
  /// ```swift
  /// for try await event in request.body.jsonValues() {   // chunks of bytes, as they come
  ///   print(event["type"].stringValue)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - options: what to accept (comments, depth); several values are implied.
  ///   - maxValueBytes: the most bytes one value may span; a longer one throws
  ///     `JSONError.ParseFailure.valueTooLarge` as soon as the limit is passed. `nil`: no
  ///     limit (only for streams you trust).
  /// - Returns: a sequence of `JSON` values that throws `JSONError` at the first bytes that
  ///   are not JSON, after the values before them.
  public func jsonValues(
    options: JSONParser.Options = .default,
    maxValueBytes: Int? = JSONStreamParser.defaultMaxValueBytes
  ) -> JSONValueSequence<Self> {
    JSONValueSequence(base: self, options: options, maxValueBytes: maxValueBytes)
  }

  /// The values of this stream of byte chunks decoded as `T`, one per JSON value (NDJSON or
  /// concatenated values).
  ///
  /// ```swift
  /// for try await event in body.decodedValues(Event.self) { store(event) }
  /// ```
  ///
  /// - Parameters:
  ///   - type: the type of each value.
  ///   - decoder: the decoder and its strategies.
  ///   - maxValueBytes: the most bytes one value may span (see `jsonValues(options:maxValueBytes:)`).
  /// - Returns: a sequence of `T` that throws the first parse or decoding error.
  public func decodedValues<T: Decodable>(
    _ type: T.Type, decoder: JSONKitDecoder = JSONKitDecoder(),
    maxValueBytes: Int? = JSONStreamParser.defaultMaxValueBytes
  ) -> DecodedValueSequence<Self, T> {
    DecodedValueSequence(
      values: jsonValues(options: decoder.parsingOptions, maxValueBytes: maxValueBytes),
      decoder: decoder)
  }
}
