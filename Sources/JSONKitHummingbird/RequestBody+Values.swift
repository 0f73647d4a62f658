#if Hummingbird
  import Hummingbird
  import JSONKit
  import Mapping
  import NIOCore

  // A body value by value: each value is handed on as soon as its last byte has arrived and
  // the body is never collected (so `maxUploadSize` does not apply), memory holding one value
  // and one chunk. No value may be longer than `maxValueBytes` (4 MiB unless told
  // otherwise). Errors are replies: see HTTPError+JSONKit.swift.

  extension RequestBody {
    /// The JSON values of an NDJSON (or concatenated-values) body, each as soon as its
    /// bytes have arrived.
    ///
    /// ```swift
    /// router.post("/events") { request, context -> String in
    ///   var count = 0
    ///   for try await event in request.body.jsonValues() { count += event["n"].intValue }
    ///   return "\(count)"
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - options: what to accept (comments, depth).
    ///   - maxValueBytes: the most bytes one value may span; `nil`: no limit.
    /// - Returns: the values; the first bytes that are not JSON throw a 400 `HTTPError` with
    ///   the line in the body, after the values before them; a value over the limit a 413.
    public func jsonValues(
      options: JSONParser.Options = .default,
      maxValueBytes: Int? = JSONStreamParser.defaultMaxValueBytes
    ) -> ErrorMappingSequence<JSONValueSequence<AsyncMapSequence<RequestBody, ByteBufferView>>> {
      map(\.readableBytesView).jsonValues(options: options, maxValueBytes: maxValueBytes)
        .mappingErrors(HTTPError.replying)
    }

    /// The values of an NDJSON body decoded as `T`, one per line, as they arrive.
    ///
    /// ```swift
    /// router.post("/orders/bulk") { request, context -> String in
    ///   var count = 0
    ///   for try await order in request.body.decodedValues(Order.self) {
    ///     count += order.items.count
    ///   }
    ///   return "\(count)"
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: the type of each value.
    ///   - decoder: the decoder; by default Hummingbird's conventions
    ///     (``JSONKit/JSONKitDecoder/hummingbird``).
    ///   - maxValueBytes: the most bytes one value may span; `nil`: no limit.
    /// - Returns: the decoded values; a parse error or a value of the wrong shape throws a
    ///   400 `HTTPError` that says where.
    public func decodedValues<T: Decodable>(
      _ type: T.Type, decoder: JSONKitDecoder = .hummingbird,
      maxValueBytes: Int? = JSONStreamParser.defaultMaxValueBytes
    ) -> ErrorMappingSequence<
      DecodedValueSequence<AsyncMapSequence<RequestBody, ByteBufferView>, T>
    > {
      map(\.readableBytesView).decodedValues(
        T.self, decoder: decoder, maxValueBytes: maxValueBytes
      ).mappingErrors(HTTPError.replying)
    }

    /// The models of an NDJSON body, one per line, as they arrive.
    ///
    /// ```swift
    /// router.post("/users/bulk") { request, context -> String in
    ///   var names: [String] = []
    ///   for try await user in request.body.mappedValues(User.self, strict: true) {
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
    ///   400 `HTTPError` that says where.
    public func mappedValues<Model: BaseMappable>(
      _ type: Model.Type, context: MapContext? = nil, strict: Bool = false,
      maxValueBytes: Int? = JSONStreamParser.defaultMaxValueBytes
    ) -> ErrorMappingSequence<
      MappedValueSequence<AsyncMapSequence<RequestBody, ByteBufferView>, Model>
    > {
      map(\.readableBytesView).mappedValues(
        Model.self, context: context, strict: strict, maxValueBytes: maxValueBytes
      ).mappingErrors(HTTPError.replying)
    }
  }
#endif
