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
      let bytes = Mapper<Model>().toJSONBytes(model)
      return .jsonKitReply(bytes, status: status)
    }
  }
#endif
