#if Hummingbird
  import Hummingbird
  import JSONKit

  /// A request context whose coders are JSONKit's: bodies decode with ``JSONKitDecoder``,
  /// `Encodable` return values encode with ``JSONKitEncoder``.
  ///
  /// ```swift
  /// let router = Router(context: JSONKitRequestContext.self)
  /// router.post("/echo") { request, context in
  ///   try await request.decode(as: Order.self, context: context)
  /// }
  /// ```
  ///
  /// A context of your own gets the same by declaring `requestDecoder` and
  /// `responseEncoder` with these types.
  public struct JSONKitRequestContext: RequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage

    /// A context for a request arriving from `source`.
    public init(source: ApplicationRequestContextSource) {
      coreContext = .init(source: source)
    }

    /// Decodes request bodies with JSONKit.
    public var requestDecoder: JSONKitDecoder { JSONKitDecoder() }

    /// Encodes replies with JSONKit.
    public var responseEncoder: JSONKitEncoder { JSONKitEncoder() }
  }
#endif
