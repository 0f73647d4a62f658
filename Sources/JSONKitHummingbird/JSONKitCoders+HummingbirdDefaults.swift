#if Hummingbird
  import Hummingbird
  import JSONKit

  extension JSONKitDecoder {
    /// A decoder that reads what Hummingbird's default request decoder reads: dates as
    /// ISO-8601 strings (a `RequestContext`'s default `requestDecoder` is a `JSONDecoder`
    /// with `dateDecodingStrategy = .iso8601`), every other strategy Foundation's default.
    ///
    /// ```swift
    /// var requestDecoder: JSONKitDecoder { .hummingbird }   // in a RequestContext
    /// ```
    public static var hummingbird: JSONKitDecoder {
      var decoder = JSONKitDecoder()
      decoder.dateDecodingStrategy = .iso8601
      return decoder
    }
  }

  extension JSONKitEncoder {
    /// An encoder that writes what Hummingbird's default response encoder writes: dates as
    /// ISO-8601 strings (a `RequestContext`'s default `responseEncoder` is a `JSONEncoder`
    /// with `dateEncodingStrategy = .iso8601`), compact, slashes escaped.
    ///
    /// ```swift
    /// var responseEncoder: JSONKitEncoder { .hummingbird }   // in a RequestContext
    /// ```
    public static var hummingbird: JSONKitEncoder {
      var encoder = JSONKitEncoder()
      encoder.dateEncodingStrategy = .iso8601
      return encoder
    }
  }
#endif
