#if Vapor
  import JSONKit
  import Mapping
  import NIOCore
  import Vapor

  // A streamed body (`body: .stream`) value by value: each value is handed on as soon as its
  // last byte has arrived, and the body is never collected, so memory holds one value and
  // one chunk. No value may be longer than `maxValueBytes` (4 MiB unless told otherwise).
  // Errors are replies: a parse error is a 400 that says where, a value over the limit a
  // 413 (see Abort+JSONKit.swift).

  extension Request.Body {
    /// The JSON values of a streamed NDJSON (or concatenated-values) body, each as soon as
    /// its bytes have arrived; register the route with `body: .stream`.
    ///
    /// ```swift
    /// app.on(.POST, "events", body: .stream) { req async throws -> String in
    ///   var count = 0
    ///   for try await event in req.body.jsonValues() { count += event["n"].intValue }
    ///   return "\(count)"
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - options: what to accept (comments, depth).
    ///   - maxValueBytes: the most bytes one value may span; `nil`: no limit.
    /// - Returns: the values; the first bytes that are not JSON throw a 400 `Abort` with the
    ///   line in the body, after the values before them; a value over the limit a 413.
    public func jsonValues(
      options: JSONParser.Options = .default,
      maxValueBytes: Int? = JSONStreamParser.defaultMaxValueBytes
    ) -> ErrorMappingSequence<JSONValueSequence<AsyncMapSequence<Request.Body, ByteBufferView>>> {
      map(\.readableBytesView).jsonValues(options: options, maxValueBytes: maxValueBytes)
        .mappingErrors(Abort.replying)
    }

    /// The values of a streamed NDJSON body decoded as `T`, one per line, as they arrive.
    ///
    /// ```swift
    /// app.on(.POST, "orders", "bulk", body: .stream) { req async throws -> String in
    ///   var count = 0
    ///   for try await order in req.body.decodedValues(Order.self) { count += order.items.count }
    ///   return "\(count)"
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: the type of each value.
    ///   - decoder: the decoder; by default Vapor's conventions (``JSONKitDecoder/vapor``).
    ///   - maxValueBytes: the most bytes one value may span; `nil`: no limit.
    /// - Returns: the decoded values; a parse error throws a 400 `Abort` and a value of the
    ///   wrong shape a `DecodingError` (which Vapor answers with 400).
    public func decodedValues<T: Decodable>(
      _ type: T.Type, decoder: JSONKitDecoder = .vapor,
      maxValueBytes: Int? = JSONStreamParser.defaultMaxValueBytes
    ) -> ErrorMappingSequence<
      DecodedValueSequence<AsyncMapSequence<Request.Body, ByteBufferView>, T>
    > {
      map(\.readableBytesView).decodedValues(
        T.self, decoder: decoder, maxValueBytes: maxValueBytes
      ).mappingErrors(Abort.replying)
    }

    /// The models of a streamed NDJSON body, one per line, as they arrive.
    ///
    /// ```swift
    /// app.on(.POST, "users", "bulk", body: .stream) { req async throws -> String in
    ///   var names: [String] = []
    ///   for try await user in req.body.mappedValues(User.self, strict: true) {
    ///     names.append(user.name)
    ///   }
    ///   return names.joined(separator: ",")
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: the model type.
    ///   - context: passed to every `Map` (`map.context`).
    ///   - strict: whether any failed property fails the model.
    ///   - maxValueBytes: the most bytes one value may span; `nil`: no limit.
    /// - Returns: the models; the first value that is not JSON or does not map throws a
    ///   400 `Abort` that says where.
    public func mappedValues<Model: BaseMappable>(
      _ type: Model.Type, context: MapContext? = nil, strict: Bool = false,
      maxValueBytes: Int? = JSONStreamParser.defaultMaxValueBytes
    ) -> ErrorMappingSequence<
      MappedValueSequence<AsyncMapSequence<Request.Body, ByteBufferView>, Model>
    > {
      map(\.readableBytesView).mappedValues(
        Model.self, context: context, strict: strict, maxValueBytes: maxValueBytes
      ).mappingErrors(Abort.replying)
    }
  }
#endif
