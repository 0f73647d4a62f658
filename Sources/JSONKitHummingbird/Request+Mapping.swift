#if Hummingbird
  import Hummingbird
  import JSONKit
  import Mapping
  import NIOCore

  extension Request {
    /// Maps the body into an ObjectMapper-style model.
    ///
    /// ```swift
    /// router.post("/users") { request, context -> MappedResponse<User> in
    ///   let user = try await request.mapBody(User.self, context: context)
    ///   return MappedResponse(user, status: .created)
    /// }
    /// ```
    ///
    /// A body that is not JSON, not an object of the model or (with `strict`) has a
    /// property that does not map is a `400 Bad Request` whose message says what and where,
    /// such as `Expected Int at .age but found string ("x")`.
    ///
    /// - Parameters:
    ///   - type: the model type.
    ///   - context: the request's context (its `maxUploadSize` bounds the body).
    ///   - mapContext: passed to every `Map` (`map.context`).
    ///   - strict: whether any failed property fails the mapping.
    /// - Returns: the model.
    /// - Throws: `HTTPError(.badRequest)`, or Hummingbird's error for a body over the limit.
    public func mapBody<Model: BaseMappable>(
      _ type: Model.Type, context: some RequestContext, mapContext: MapContext? = nil,
      strict: Bool = false
    ) async throws -> Model {
      let buffer = try await body.collect(upTo: context.maxUploadSize)
      do {
        return try Mapper<Model>(context: mapContext, strict: strict)
          .mapOrThrow(bytes: buffer.readableBytesView)
      } catch {
        throw HTTPError(.badRequest, message: error.description)
      }
    }
  }

  extension RequestBody {
    /// The JSON values of an NDJSON (or concatenated-values) body, each as soon as its
    /// bytes have arrived; memory holds one value and one chunk, whatever the body's size.
    ///
    /// ```swift
    /// router.post("/events") { request, context -> String in
    ///   var count = 0
    ///   for try await event in request.body.jsonValues() { count += event["n"].intValue }
    ///   return "\(count)"
    /// }
    /// ```
    ///
    /// - Parameter options: what to accept (comments, depth).
    /// - Returns: the values; the first bytes that are not JSON throw a `JSONError` with
    ///   the line in the body, after the values before them.
    public func jsonValues(options: JSONParser.Options = .default)
      -> JSONValueSequence<AsyncMapSequence<RequestBody, ByteBufferView>>
    {
      map(\.readableBytesView).jsonValues(options: options)
    }
  }

  /// An ObjectMapper-style model as a JSON reply, written with `toJSON`.
  ///
  /// ```swift
  /// router.get("/users/:id") { request, context in MappedResponse(user) }
  /// ```
  public struct MappedResponse<Model: BaseMappable & Sendable>: ResponseGenerator, Sendable {
    /// The model written in the body.
    public var model: Model
    /// The reply's status; `200 OK` by default.
    public var status: HTTPResponse.Status

    /// A reply carrying `model`.
    ///
    /// - Parameters:
    ///   - model: the model to write.
    ///   - status: the reply's status.
    public init(_ model: Model, status: HTTPResponse.Status = .ok) {
      self.model = model
      self.status = status
    }

    /// The reply: the model's JSON, compact.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
      var bytes: [UInt8] = []
      JSONWriter().write(Mapper<Model>().toJSONValue(model), into: &bytes)
      return .jsonKitReply(bytes, status: status)
    }
  }
#endif
