import Foundation
import JSONKit
import Mapping

/// A request's serialized response, awaited with async/await.
///
/// ```swift
/// let user = try await session.request(url).validate().serializingObject(User.self).value
/// let response = await session.request(url).serializingJSON().response   // never throws
/// ```
///
/// Cancelling the awaiting `Task` cancels the transfer; the result is then
/// `TransferError.explicitlyCancelled`.
public struct DataTask<Value: Sendable>: Sendable {
  private let request: DataRequest
  private let delivered = AwaitedResponse<TransferResponse<Value>>()

  /// Adds the response handler at once, which starts the request (as Alamofire's task does)
  /// on the calling thread: the task ends the chain, so there is nothing to wait for.
  ///
  /// `response` awaits what the handler delivers.
  init(
    request: DataRequest,
    attach: (@escaping @Sendable (TransferResponse<Value>) -> Void) -> Void
  ) {
    self.request = request
    request.startOnCallerWhenResumed()
    attach { [delivered] in delivered.deliver($0) }
  }

  /// The whole response: request, response, data, metrics and result.
  public var response: TransferResponse<Value> {
    get async {
      let request = self.request
      return await withTaskCancellationHandler {
        // The end of the transfer comes straight to this task, which runs the handlers.
        await request.runAttemptEndsHere()
        return await delivered.value
      } onCancel: {
        request.cancel()
      }
    }
  }

  /// The result.
  public var result: Result<Value, TransferError> {
    get async { await response.result }
  }

  /// The value, or the error thrown.
  public var value: Value {
    get async throws(TransferError) { try await result.get() }
  }

  /// Cancels the request.
  public func cancel() { request.cancel() }
}

extension DataRequest {
  /// Awaits the response unserialized.
  public func serializingResponse() -> DataTask<Data?> {
    DataTask(request: self) { deliver in self.response(completionHandler: deliver) }
  }

  /// Awaits the value a custom serializer makes.
  public func serializing<Serializer: ResponseSerializer>(_ serializer: Serializer) -> DataTask<
    Serializer.SerializedObject
  > {
    DataTask(request: self) { deliver in
      self.response(responseSerializer: serializer, completionHandler: deliver)
    }
  }

  /// Awaits the body as `Data`.
  public func serializingData() -> DataTask<Data> { serializing(DataResponseSerializer()) }

  /// Awaits the body as text.
  public func serializingString(encoding: String.Encoding? = nil) -> DataTask<String> {
    serializing(StringResponseSerializer(encoding: encoding))
  }

  /// Awaits the body as a JSONKit value.
  public func serializingJSON(keyPath: String? = nil) -> DataTask<JSONKit.JSON> {
    serializing(JSONResponseSerializer(keyPath: keyPath))
  }

  /// Awaits the body decoded as `type` by JSONKit's decoder.
  public func serializingDecodable<Value: Decodable & Sendable>(
    _ type: Value.Type = Value.self, keyPath: String? = nil,
    decoder: JSONKitDecoder = JSONKitDecoder()
  ) -> DataTask<Value> {
    serializing(DecodableResponseSerializer<Value>(decoder: decoder, keyPath: keyPath))
  }

  /// Awaits the body mapped into a model.
  public func serializingObject<Model: BaseMappable & Sendable>(
    _ type: Model.Type = Model.self, keyPath: String? = nil, context: (any MapContext)? = nil,
    strict: Bool = false
  ) -> DataTask<Model> {
    serializing(
      MappableResponseSerializer<Model>(keyPath: keyPath, context: context, strict: strict))
  }

  /// Awaits the body mapped into an array of models.
  public func serializingArray<Model: BaseMappable & Sendable>(
    _ type: Model.Type = Model.self, keyPath: String? = nil, context: (any MapContext)? = nil,
    strict: Bool = false
  ) -> DataTask<[Model]> {
    serializing(
      MappableArrayResponseSerializer<Model>(keyPath: keyPath, context: context, strict: strict))
  }
}
