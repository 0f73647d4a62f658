#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// Parsing any collection of bytes: `[UInt8]`, `ArraySlice<UInt8>`, `Data`, NIO's
// `ByteBufferView`, `UnsafeRawBufferPointer`. A collection with contiguous storage is parsed
// where it lies; only one without (a lazy or chained collection) is first copied into an
// array. The parser makes its own copy either way (the parsed value points into it), so
// nothing of the caller's buffer is kept.

extension JSONParser {
  /// Parses exactly one JSON value from any collection of bytes, in place when its storage
  /// is contiguous.
  ///
  /// ```swift
  /// let json = try JSONParser.parse(Array(#"{"id": 7}"#.utf8))
  /// let field = try JSONParser.parse(buffer.readableBytesView)   // NIO, without a copy
  /// ```
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 JSON text.
  ///   - options: what to accept; strict RFC 8259 and one value by default.
  /// - Returns: the value (with `allowMultipleValues`, an array of all of them).
  /// - Throws: `JSONError` with the byte offset, line and column of the first problem.
  public static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes, options: Options = .default)
    throws(JSONError) -> JSON
  {
    try withContiguousBytes(bytes) { raw throws(JSONError) in try parse(raw, options: options) }
  }

  /// Parses every top-level value of any collection of bytes: NDJSON, or values separated
  /// by white space.
  ///
  /// ```swift
  /// let values = try JSONParser.parseAll(Array("1 [2]\n{\"a\": 3}".utf8))  // 3 values
  /// ```
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 JSON text holding zero or more values.
  ///   - options: what to accept; `allowMultipleValues` is implied.
  /// - Returns: the values in order.
  /// - Throws: `JSONError` with the place of the first problem.
  public static func parseAll<Bytes: Collection<UInt8>>(
    _ bytes: Bytes, options: Options = .default
  ) throws(JSONError) -> [JSON] {
    try withContiguousBytes(bytes) { raw throws(JSONError) in
      try parseValues(raw, options: options, multiple: true)
    }
  }

  /// Runs `body` on the bytes of `bytes`: in place when the collection has contiguous
  /// storage, else on a copy.
  package static func withContiguousBytes<Bytes: Collection<UInt8>, Result>(
    _ bytes: Bytes, _ body: (UnsafeRawBufferPointer) throws(JSONError) -> Result
  ) throws(JSONError) -> Result {
    let inPlace = bytes.withContiguousStorageIfAvailable { buffer in
      Swift.Result { () throws(JSONError) -> Result in try body(UnsafeRawBufferPointer(buffer)) }
    }
    if let inPlace { return try inPlace.get() }
    let copy = Array(bytes)
    return try copy.withUnsafeBytes { raw in
      Swift.Result { () throws(JSONError) -> Result in try body(raw) }
    }.get()
  }
}

extension JSON {
  /// Parses one JSON value from any collection of bytes (`[UInt8]`, `ArraySlice<UInt8>`,
  /// `Data`, NIO's `ByteBufferView`), in place when its storage is contiguous.
  ///
  /// ```swift
  /// let json = try JSON(bytes: request.body.readableBytesView)
  /// json["user"]["name"].string
  /// ```
  ///
  /// - Parameters:
  ///   - bytes: UTF-8 JSON text.
  ///   - options: what to accept; strict RFC 8259 and one value by default.
  /// - Throws: `JSONError` with the byte offset, line and column of the first problem.
  public init<Bytes: Collection<UInt8>>(bytes: Bytes, options: JSONParser.Options = .default)
    throws(JSONError)
  {
    self = try JSONParser.parse(bytes, options: options)
  }
}

extension JSONStreamParser {
  /// Parses the next chunk, any collection of bytes, and returns the values it completed.
  ///
  /// - Parameter chunk: the next bytes of the stream, of any size.
  /// - Returns: the values the chunk completed, in order.
  /// - Throws: `JSONError` with the offset, line and column in the whole stream (after the
  ///   values that came before it, as for raw bytes).
  public func feed<Bytes: Collection<UInt8>>(_ chunk: Bytes) throws(JSONError) -> [JSON] {
    try JSONParser.withContiguousBytes(chunk) { raw throws(JSONError) in try feed(raw) }
  }
}
