#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The coders over any collection of bytes, and into a byte array the caller owns: a server
// decodes a request body where NIO left it and builds a reply without an intermediate `Data`.

extension JSONKitDecoder {
  /// Decodes a value from any collection of bytes (`[UInt8]`, `ArraySlice<UInt8>`, NIO's
  /// `ByteBufferView`), parsed in place when its storage is contiguous.
  ///
  /// ```swift
  /// let order = try JSONKitDecoder().decode(Order.self, from: buffer.readableBytesView)
  /// ```
  ///
  /// - Parameters:
  ///   - type: the type to decode.
  ///   - bytes: UTF-8 JSON text.
  /// - Returns: the decoded value.
  /// - Throws: `DecodingError.dataCorrupted` wrapping the `JSONError` (with its line and
  ///   column) when the bytes are not JSON; otherwise `DecodingError`s as `JSONDecoder`'s.
  public func decode<T: Decodable, Bytes: Collection<UInt8>>(_ type: T.Type, from bytes: Bytes)
    throws -> T
  {
    try decodeProjecting(type, from: bytes)
  }
}

extension JSONKitEncoder {
  /// Appends the JSON text of `value` to `buffer`.
  ///
  /// ```swift
  /// var body: [UInt8] = []
  /// try JSONKitEncoder().encode(reply, into: &body)
  /// ```
  ///
  /// - Parameters:
  ///   - value: the value to encode.
  ///   - buffer: the bytes to append to; what it holds already stays in front.
  /// - Throws: `EncodingError` as `encode(_:)`; `buffer` is unchanged then.
  public func encode<T: Encodable>(_ value: T, into buffer: inout [UInt8]) throws {
    if let out = try? streamed(value) {
      defer { out.deallocate() }
      // Safe: `out` holds `count` bytes written at `base`, freed only by the `defer` above.
      buffer.append(contentsOf: UnsafeBufferPointer(start: out.base, count: out.count))
      return
    }
    let json = try encodeToJSON(value)
    JSONWriter(options: outputFormatting.writingOptions).write(json, into: &buffer)
  }
}
