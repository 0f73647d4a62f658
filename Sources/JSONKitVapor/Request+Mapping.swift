#if Vapor
  import JSONKit
  import Mapping
  import NIOCore
  import Vapor

  extension Request {
    /// Maps the collected body into an ObjectMapper-style model.
    ///
    /// ```swift
    /// app.post("users") { req async throws -> MappedContent<User> in
    ///   MappedContent(try req.mapBody(User.self), status: .created)
    /// }
    /// ```
    ///
    /// A body that is missing, not JSON, not an object of the model or (with `strict`) has
    /// a property that does not map is a `400 Bad Request` whose reason says what and where,
    /// such as `Expected Int at .age but found string ("x")`.
    ///
    /// - Parameters:
    ///   - type: the model type.
    ///   - context: passed to every `Map` (`map.context`).
    ///   - strict: whether any failed property fails the mapping.
    /// - Returns: the model.
    /// - Throws: `Abort(.badRequest)` with the mapping error's description.
    public func mapBody<Model: BaseMappable>(
      _ type: Model.Type, context: MapContext? = nil, strict: Bool = false
    ) throws -> Model {
      guard let buffer = body.data else {
        throw Abort(.badRequest, reason: "The request has no body.")
      }
      do {
        return try Mapper<Model>(context: context, strict: strict)
          .mapOrThrow(bytes: buffer.readableBytesView)
      } catch {
        throw Abort(.badRequest, reason: error.description)
      }
    }
  }

  /// An ObjectMapper-style model as a JSON reply, written with `toJSON`.
  ///
  /// ```swift
  /// app.get("users", ":id") { req async throws in MappedContent(user) }
  /// ```
  public struct MappedContent<Model: BaseMappable & Sendable>: AsyncResponseEncodable, Sendable {
    /// The model written in the body.
    public var model: Model
    /// The reply's status; `200 OK` by default.
    public var status: HTTPResponseStatus

    /// A reply carrying `model`.
    ///
    /// - Parameters:
    ///   - model: the model to write.
    ///   - status: the reply's status.
    public init(_ model: Model, status: HTTPResponseStatus = .ok) {
      self.model = model
      self.status = status
    }

    /// The reply: the model's JSON, compact, `Content-Type: application/json`.
    public func encodeResponse(for request: Request) async throws -> Response {
      let bytes = Mapper<Model>().toJSONBytes(model)
      var headers = HTTPHeaders()
      headers.contentType = .json
      return Response(status: status, headers: headers, body: .init(data: Data(bytes)))
    }
  }
#endif
