#if Vapor
  import JSONKit
  import Vapor

  extension JSONKitDecoder: ContentDecoder {
    /// Decodes a request or response body, parsed where NIO holds it.
    ///
    /// ```swift
    /// ContentConfiguration.global.useJSONKit()
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

    /// Decodes a body with `userInfo` added to this decoder's own (the given values win), as
    /// Vapor's key-path reads need: `req.content.get(_:at:)` and `req.content[_:at:]` pass
    /// their path this way.
    ///
    /// ```swift
    /// let name = try req.content.get(String.self, at: "user", "name")
    /// ```
    ///
    /// - Parameters:
    ///   - decodable: the type to decode.
    ///   - body: the body's bytes.
    ///   - headers: the message's headers (unused).
    ///   - userInfo: values for `Decoder.userInfo`, merged over ``JSONKitDecoder/userInfo``.
    /// - Returns: the decoded value.
    /// - Throws: `DecodingError`, as `decode(_:from:headers:)`.
    public func decode<D: Decodable>(
      _ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders,
      userInfo: [CodingUserInfoKey: any Sendable]
    ) throws -> D {
      guard !userInfo.isEmpty else { return try decode(D.self, from: body.readableBytesView) }
      var decoder = self
      decoder.userInfo.merge(userInfo) { _, given in given }
      return try decoder.decode(D.self, from: body.readableBytesView)
    }
  }

  extension JSONKitEncoder: ContentEncoder {
    /// Encodes a value into a body and sets `Content-Type: application/json;
    /// charset=utf-8`.
    ///
    /// ```swift
    /// ContentConfiguration.global.useJSONKit()
    /// try req.content.encode(order)   // a client request's body, through JSONKit
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

    /// Encodes a value with `userInfo` added to this encoder's own (the given values win).
    ///
    /// ```swift
    /// try response.content.encode(order, as: .json)
    /// ```
    ///
    /// - Parameters:
    ///   - encodable: the value to encode.
    ///   - body: the buffer the JSON text is appended to.
    ///   - headers: the message's headers; the content type is set.
    ///   - userInfo: values for `Encoder.userInfo`, merged over ``JSONKitEncoder/userInfo``.
    /// - Throws: `EncodingError` as `encode(_:)`.
    public func encode<E: Encodable>(
      _ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders,
      userInfo: [CodingUserInfoKey: any Sendable]
    ) throws {
      var encoder = self
      encoder.userInfo.merge(userInfo) { _, given in given }
      try encoder.encode(encodable, to: &body, headers: &headers)
    }
  }
#endif
