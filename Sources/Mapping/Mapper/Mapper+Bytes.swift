import JSONKit

// Mapping straight from bytes: a request body as NIO hands it over (`ByteBufferView`),
// `[UInt8]`, `ArraySlice<UInt8>` or `Data`, parsed in place when its storage is contiguous.

extension Mapper {
  /// Maps UTF-8 JSON bytes; `nil` when they are not JSON or not an object of the model (or,
  /// in strict mode, on any failure).
  ///
  /// ```swift
  /// let user = Mapper<User>().map(bytes: request.body.readableBytesView)
  /// ```
  ///
  /// - Parameter bytes: UTF-8 JSON text.
  /// - Returns: the model, or `nil`.
  public func map<Bytes: Collection<UInt8>>(bytes: Bytes) -> N? {
    try? mapOrThrow(bytes: bytes)
  }

  /// Maps UTF-8 JSON bytes, throwing a parse error (with its line and column) or, in strict
  /// mode, the first failure.
  ///
  /// - Parameter bytes: UTF-8 JSON text.
  /// - Returns: the model.
  /// - Throws: `MappingError`; `.invalidJSON` carries the parser's `JSONError`.
  public func mapOrThrow<Bytes: Collection<UInt8>>(bytes: Bytes) throws(MappingError) -> N {
    try mapOrThrow(JSON: try Self.parse(bytes: bytes))
  }

  /// Maps UTF-8 JSON bytes holding an array of objects (or one object, as a one-element
  /// array, as `mapArray(JSONString:)`); `nil` when they are not JSON.
  ///
  /// ```swift
  /// let users = Mapper<User>().mapArray(bytes: body) ?? []
  /// ```
  ///
  /// - Parameter bytes: UTF-8 JSON text.
  /// - Returns: the models (lenient mode skips elements that fail), or `nil`.
  public func mapArray<Bytes: Collection<UInt8>>(bytes: Bytes) -> [N]? {
    guard let json = try? Self.parse(bytes: bytes) else { return nil }
    if json.type == .dictionary { return map(JSON: json).map { [$0] } }
    return mapArray(JSON: json)
  }

  /// Maps UTF-8 JSON bytes holding an array of objects, throwing the parse error or the
  /// first failure that fails the mapping.
  ///
  /// - Parameter bytes: UTF-8 JSON text.
  /// - Returns: the models.
  /// - Throws: `MappingError`; `.invalidJSON` carries the parser's `JSONError`.
  public func mapArrayOrThrow<Bytes: Collection<UInt8>>(bytes: Bytes) throws(MappingError) -> [N] {
    try mapArrayOrThrow(JSON: try Self.parse(bytes: bytes))
  }

  static func parse<Bytes: Collection<UInt8>>(bytes: Bytes) throws(MappingError) -> JSONKit.JSON {
    do {
      return try JSONParser.parse(bytes)
    } catch {
      throw MappingError(.invalidJSON(error))
    }
  }
}
