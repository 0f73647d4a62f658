#if Vapor
  import JSONKit
  import Vapor

  extension JSONKitDecoder: ContentDecoder {
    /// Decodes a request or response body, parsed where NIO holds it.
    ///
    /// ```swift
    /// ContentConfiguration.global.use(decoder: JSONKitDecoder(), for: .json)
    /// let order = try req.content.decode(Order.self)   // now through JSONKit
    /// ```
    ///
    /// - Parameters:
    ///   - decodable: the type to decode.
    ///   - body: the body's bytes.
    ///   - headers: the message's headers (unused: the content type chose this decoder).
    /// - Returns: the decoded value.
    /// - Throws: `DecodingError`; bytes that are not JSON give `.dataCorrupted` whose
    ///   description has the parse error's line and column, which Vapor answers with 400.
    public func decode<D: Decodable>(
      _ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders
    ) throws -> D {
      try decode(D.self, from: body.readableBytesView)
    }
  }

  extension JSONKitEncoder: ContentEncoder {
    /// Encodes a value into a body and sets `Content-Type: application/json;
    /// charset=utf-8`.
    ///
    /// ```swift
    /// ContentConfiguration.global.use(encoder: JSONKitEncoder(), for: .json)
    /// ```
    ///
    /// - Parameters:
    ///   - encodable: the value to encode.
    ///   - body: the buffer the JSON text is appended to.
    ///   - headers: the message's headers; the content type is set.
    /// - Throws: `EncodingError` as `encode(_:)`.
    public func encode<E: Encodable>(
      _ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders
    ) throws {
      var bytes: [UInt8] = []
      try encode(encodable, into: &bytes)
      headers.contentType = .json
      body.writeBytes(bytes)
    }
  }
#endif
