#if Hummingbird
  import Hummingbird
  import JSONKit

  extension JSONKitDecoder: RequestDecoder {
    /// Decodes a request's body, collected up to the context's `maxUploadSize` and parsed
    /// where NIO holds it (no copy into `Data`).
    ///
    /// ```swift
    /// router.post("/orders") { request, context in
    ///   let order = try await request.decode(as: Order.self, context: context)
    ///   return order.id
    /// }
    /// ```
    ///
    /// Bytes that are not JSON throw `DecodingError.dataCorrupted` whose description gives
    /// the parse error's line and column; `Request.decode(as:context:)` turns it into a
    /// 400 reply that says so.
    ///
    /// - Parameters:
    ///   - type: the type to decode.
    ///   - request: the request whose body is decoded.
    ///   - context: the request's context (its `maxUploadSize` bounds the body).
    /// - Returns: the decoded value.
    /// - Throws: `DecodingError`, or Hummingbird's error for a body over the limit.
    public func decode<T: Decodable>(
      _ type: T.Type, from request: Request, context: some RequestContext
    ) async throws -> T {
      let buffer = try await request.body.collect(upTo: context.maxUploadSize)
      return try decode(T.self, from: buffer.readableBytesView)
    }
  }
#endif
