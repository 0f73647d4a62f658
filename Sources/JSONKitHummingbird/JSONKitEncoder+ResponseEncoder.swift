#if Hummingbird
  import Hummingbird
  import JSONKit

  extension JSONKitEncoder: ResponseEncoder {
    /// Encodes a handler's return value as a `200 OK` JSON reply.
    ///
    /// ```swift
    /// struct AppContext: RequestContext {
    ///   var coreContext: CoreRequestContextStorage
    ///   init(source: Source) { coreContext = .init(source: source) }
    ///   var responseEncoder: JSONKitEncoder { .hummingbird }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - value: the value to encode.
    ///   - request: the request being answered.
    ///   - context: the request's context.
    /// - Returns: the reply, `Content-Type: application/json; charset=utf-8`.
    /// - Throws: `EncodingError` as `encode(_:)`.
    public func encode(
      _ value: some Encodable, from request: Request, context: some RequestContext
    ) throws -> Response {
      var bytes: [UInt8] = []
      try encode(value, into: &bytes)
      return .jsonKitReply(bytes)
    }
  }

  extension Response {
    /// A `200 OK` reply whose body is `bytes` of JSON text.
    static func jsonKitReply(_ bytes: [UInt8], status: HTTPResponse.Status = .ok) -> Response {
      Response(
        status: status,
        headers: [
          .contentType: "application/json; charset=utf-8",
          .contentLength: String(bytes.count),
        ],
        body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
  }
#endif
