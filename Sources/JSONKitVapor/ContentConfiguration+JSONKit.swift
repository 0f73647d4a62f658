#if Vapor
  import JSONKit
  import Vapor

  extension JSONKitDecoder {
    /// A decoder that reads what Vapor's own JSON decoder reads: dates as ISO-8601 strings
    /// (`ContentConfiguration.default()` registers `JSONDecoder.custom(dates: .iso8601)`),
    /// every other strategy Foundation's default.
    ///
    /// ```swift
    /// ContentConfiguration.global.use(decoder: JSONKitDecoder.vapor, for: .json)
    /// ```
    public static var vapor: JSONKitDecoder {
      var decoder = JSONKitDecoder()
      decoder.dateDecodingStrategy = .iso8601
      return decoder
    }
  }

  extension JSONKitEncoder {
    /// An encoder that writes what Vapor's own JSON encoder writes: dates as ISO-8601
    /// strings (`ContentConfiguration.default()` registers
    /// `JSONEncoder.custom(dates: .iso8601)`), compact, slashes escaped.
    ///
    /// ```swift
    /// ContentConfiguration.global.use(encoder: JSONKitEncoder.vapor, for: .json)
    /// ```
    public static var vapor: JSONKitEncoder {
      var encoder = JSONKitEncoder()
      encoder.dateEncodingStrategy = .iso8601
      return encoder
    }
  }

  extension ContentConfiguration {
    /// Puts JSONKit behind `application/json` and `application/vnd.api+json` (`.jsonAPI`),
    /// the two media types Vapor's default configuration gives its JSON coders, with Vapor's
    /// wire format (``JSONKitEncoder/vapor`` and ``JSONKitDecoder/vapor``: ISO-8601 dates).
    ///
    /// Call it before the application starts.
    ///
    /// ```swift
    /// ContentConfiguration.global.useJSONKit()
    /// // or, with strategies of your own:
    /// var encoder = JSONKitEncoder.vapor
    /// encoder.keyEncodingStrategy = .convertToSnakeCase
    /// ContentConfiguration.global.useJSONKit(encoder: encoder)
    /// ```
    ///
    /// - Parameters:
    ///   - encoder: the encoder for replies and outgoing bodies.
    ///   - decoder: the decoder for request bodies.
    public mutating func useJSONKit(
      encoder: JSONKitEncoder = .vapor, decoder: JSONKitDecoder = .vapor
    ) {
      for type in [HTTPMediaType.json, .jsonAPI] {
        use(encoder: encoder, for: type)
        use(decoder: decoder, for: type)
      }
    }
  }
#endif
