// Decoding only what the model reads.
//
// A model usually reads a fraction of the document: a GitHub event's model skips the
// `payload` subtrees that make up most of the bytes. After a decoder has decoded a type
// twice (the second time recording the places the model reads, see `ProjectionSession`),
// it parses that type's documents with a `JSONProjection` of those places: values the model
// never reads are neither stored in the tape nor allocated, and `SkipScanner` checks them
// instead of yajl (a malformed document is the same error: see `ParserCore+Skipping`).
//
// Correctness never depends on the cache. A projected decode that asks about something
// the projection dropped, or that fails at all, is done again on the full document: the
// result, or the error, is the full decode's, and what it reads widens the type's record.

extension JSONKitDecoder {
  /// Parses `bytes` and decodes a `T`, with the type's projection when it has one.
  func decodeProjecting<T: Decodable, Bytes: Collection<UInt8>>(
    _ type: T.Type, from bytes: Bytes
  ) throws -> T {
    // A caller's own projection wins; several top-level values make one array whose
    // elements the projection (which applies to each value) does not describe; converted
    // keys are not the JSON's names.
    guard parsingOptions.projection == nil, !parsingOptions.allowMultipleValues,
      case .useDefaultKeys = keyDecodingStrategy
    else {
      return try decode(type, from: try parsed(bytes))
    }
    let id = ObjectIdentifier(T.self)
    switch projections.withLock({ $0.decision(for: id) }) {
    case .full:
      return try decode(type, from: try parsed(bytes))
    case .record:
      return try decodeRecording(type, from: try parsed(bytes), widening: false)
    case .project(let projection):
      var options = parsingOptions
      options.projection = projection
      let session = ProjectionSession(checking: projection)
      if let json = try? JSONParser.parse(bytes, options: options),
        let value = try? decode(type, from: json, session: session), !session.missed
      {
        return value
      }
      return try decodeRecording(type, from: try parsed(bytes), widening: session.missed)
    }
  }

  /// Decodes a `T` from a fully parsed `json`, recording what the model reads into the
  /// type's plan (also when the decode fails: what it read so far is still a place read).
  private func decodeRecording<T: Decodable>(_ type: T.Type, from json: JSON, widening: Bool)
    throws -> T
  {
    let session = ProjectionSession()
    defer {
      projections.withLock { $0.store(session, for: ObjectIdentifier(T.self), widening: widening) }
    }
    return try decode(type, from: json, session: session)
  }

  /// `decode(_:from:)` over a `JSON` value, within a projection session.
  func decode<T: Decodable>(_ type: T.Type, from json: JSON, session: ProjectionSession?)
    throws -> T
  {
    let value = json.detached
    let decoder = Impl(
      value: value, path: [], options: Options(self), reusesContainers: true,
      projection: session)
    defer { decoder.finish() }
    return try decoder.unbox(value, as: T.self, base: .shared(0), item: nil)
  }
}
