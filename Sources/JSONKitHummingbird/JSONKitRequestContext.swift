#if Hummingbird
  import Hummingbird
  import JSONKit

  /// A request context whose coders are JSONKit's: bodies decode with ``JSONKitDecoder``,
  /// `Encodable` return values encode with ``JSONKitEncoder``, both with Hummingbird's
  /// default settings (ISO-8601 dates: ``JSONKitDecoder/hummingbird``,
  /// ``JSONKitEncoder/hummingbird``), so replies are byte for byte what a
  /// `BasicRequestContext` gives.
  ///
  /// Bodies are collected up to Hummingbird's default
  /// `maxUploadSize`, 2 MiB; a context of your own raises it.
  ///
  /// ```swift
  /// let router = Router(context: JSONKitRequestContext.self)
  /// router.post("/echo") { request, context in
  ///   try await request.decode(as: Order.self, context: context)
  /// }
  /// ```
  ///
  /// A context of your own gets the same by declaring `requestDecoder` and
  /// `responseEncoder` with these types:
  ///
  /// ```swift
  /// struct AppContext: RequestContext {
  ///   var coreContext: CoreRequestContextStorage
  ///   init(source: Source) { coreContext = .init(source: source) }
  ///   var requestDecoder: JSONKitDecoder { .hummingbird }
  ///   var responseEncoder: JSONKitEncoder { .hummingbird }
  ///   var maxUploadSize: Int { 16 * 1024 * 1024 }   // Hummingbird's default is 2 MiB
  /// }
  /// ```
  public struct JSONKitRequestContext: RequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage

    /// A context for a request arriving from `source`.
    public init(source: ApplicationRequestContextSource) {
      coreContext = .init(source: source)
    }

    /// Decodes request bodies with JSONKit, as Hummingbird's default decoder would.
    public var requestDecoder: JSONKitDecoder { .hummingbird }

    /// Encodes replies with JSONKit, as Hummingbird's default encoder would.
    public var responseEncoder: JSONKitEncoder { .hummingbird }
  }
#endif
