import Dispatch
import Foundation
import JSONKit
import Mapping

// AlamofireObjectMapper's `responseObject` and `responseArray`. ObjectMapper-style models are
// often classes with `var`s, which are not `Sendable`; these accept them anyway. The body is
// parsed while it downloads, and the model is made on the queue that runs the handler, right
// before the handler, so it never crosses threads; the object given to `mapToObject:` and the
// handler are handed over (`sending`) to that queue.

extension DataRequest {
  /// Adds a handler that gets the body (or the object at `keyPath`) mapped into a model, as
  /// AlamofireObjectMapper's `responseObject` does.
  ///
  /// ```swift
  /// session.request(url).responseObject(keyPath: "data") { (response: AFDataResponse<User>) in
  ///   let user = response.value
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: the model type (or let the handler's type say it).
  ///   - queue: where the model is made and the handler runs; `nil` (the default) is the
  ///     request's serialization queue. (Alamofire's default is the main queue, which a
  ///     server process may never run.)
  ///   - keyPath: a dotted path to the object (`"data"`, `"response.data"`).
  ///   - object: an existing object to map onto, as ObjectMapper's `map(JSON:toObject:)`:
  ///     its properties that the JSON does not mention keep their values.
  ///   - context: passed to every `Map` (`map.context`).
  ///   - strict: whether any failed property fails the mapping.
  ///   - completionHandler: gets the response; its value is the model.
  /// - Returns: the request, for chaining.
  @discardableResult
  public func responseObject<Model: BaseMappable>(
    of type: Model.Type = Model.self, queue: DispatchQueue? = nil, keyPath: String? = nil,
    mapToObject object: sending Model? = nil, context: (any MapContext)? = nil,
    strict: Bool = false,
    completionHandler: sending @escaping (DataResponse<Model, TransferError>) -> Void
  ) -> Self {
    let delivery = MappedDelivery(
      { outcome in
        Self.mapped(outcome) { json throws(MappingError) in
          let json = try Self.value(in: json, at: keyPath)
          let mapper = Mapper<Model>(context: context, strict: strict)
          if let object { return try mapper.mapOrThrow(JSON: json, toObject: object) }
          return try mapper.mapOrThrow(JSON: json)
        }
      }, handler: completionHandler)
    appendHandler(readsJSON: true) { outcome in
      if let queue { queue.async { delivery.run(outcome) } } else { delivery.run(outcome) }
    }
    return self
  }

  /// Adds a handler that gets the array in the body (or at `keyPath`) mapped into models, as
  /// AlamofireObjectMapper's `responseArray` does.
  ///
  /// ```swift
  /// session.request(url).responseArray(keyPath: "items") { (response: AFDataResponse<[Item]>) in
  ///   let items = response.value ?? []
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - type: the model type (or let the handler's type say it).
  ///   - queue: where the models are made and the handler runs; `nil` (the default) is the
  ///     request's serialization queue.
  ///   - keyPath: a dotted path to the array.
  ///   - context: passed to every `Map` (`map.context`).
  ///   - strict: whether any failed element fails the mapping (lenient mode skips it).
  ///   - completionHandler: gets the response; its value is the models.
  /// - Returns: the request, for chaining.
  @discardableResult
  public func responseArray<Model: BaseMappable>(
    of type: Model.Type = Model.self, queue: DispatchQueue? = nil, keyPath: String? = nil,
    context: (any MapContext)? = nil, strict: Bool = false,
    completionHandler: sending @escaping (DataResponse<[Model], TransferError>) -> Void
  ) -> Self {
    let delivery = MappedDelivery(
      { outcome in
        Self.mapped(outcome) { json throws(MappingError) in
          try Mapper<Model>(context: context, strict: strict)
            .mapArrayOrThrow(JSON: try Self.value(in: json, at: keyPath))
        }
      }, handler: completionHandler)
    appendHandler(readsJSON: true) { outcome in
      if let queue { queue.async { delivery.run(outcome) } } else { delivery.run(outcome) }
    }
    return self
  }

  /// The response whose value `map` makes of the body's JSON; the request's error, a body
  /// that is not JSON or a mapping failure make it a failure.
  fileprivate static func mapped<Value>(
    _ outcome: RequestOutcome, _ map: (JSON) throws(MappingError) -> Value
  ) -> DataResponse<Value, TransferError> {
    let clock = ContinuousClock()
    let start = clock.now
    let result: Result<Value, TransferError>
    do throws(TransferError) {
      let input = ResponseInput(outcome)
      if let error = input.error { throw error }
      let json = try input.json()
      do {
        result = .success(try map(json))
      } catch {
        throw TransferError.responseSerializationFailed(reason: .mappingFailed(error: error))
      }
    } catch {
      result = .failure(error)
    }
    return DataResponse(
      request: outcome.request, response: outcome.response, data: outcome.data,
      metrics: outcome.metrics, serializationDuration: clock.now - start, result: result)
  }

  /// The value at `keyPath`, a mapping failure when it is not there.
  private static func value(in json: JSON, at keyPath: String?) throws(MappingError) -> JSON {
    do {
      return try ResponseKeyPath.value(in: json, at: keyPath)
    } catch {
      throw MappingError(.custom("\(error)"))
    }
  }
}

/// What a mapped response handler does once the request has finished: make the response
/// (the mapping may hold the caller's object to map onto) and hand it to the caller's handler.
///
/// Not generic, so that the `@Sendable` closures that carry it to its queue capture no
/// model metatype.
///
/// `@unchecked Sendable`: what it holds need not be `Sendable` (a model class, a handler that
/// captures one). The caller hands both over (`sending` parameters), and `run` is called
/// once, by the single delivery after the request has finished, on one queue, so no two
/// threads ever touch them.
private struct MappedDelivery: @unchecked Sendable {
  // Safe: what it holds is handed over (`sending`) and `run` is called once, on one queue (above).
  let run: (RequestOutcome) -> Void

  init<Value>(
    _ respond: @escaping (RequestOutcome) -> DataResponse<Value, TransferError>,
    handler: @escaping (DataResponse<Value, TransferError>) -> Void
  ) {
    run = { outcome in handler(respond(outcome)) }
  }
}
