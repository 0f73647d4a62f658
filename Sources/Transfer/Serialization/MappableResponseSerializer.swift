import Foundation
import JSONKit
import Mapping

/// A `Mappable`, `StaticMappable` or `ImmutableMappable` model, or an array of them, mapped from
/// the body (or the part at `keyPath`), parsed while it downloads.
///
/// Mapping is lenient as ObjectMapper's unless `strict`: then the first field that does not map
/// fails the response, with its path (`.data.user.age: expected Int, found String "ten"`); a
/// lenient array drops the elements that cannot be made, as ObjectMapper does.
///
/// One serializer for both shapes: `MappableResponseSerializer<User>` maps one model,
/// `MappableArrayResponseSerializer<User>` (that is, `MappableResponseSerializer<[User]>`) an
/// array.
///
/// ```swift
/// session.request(url).validate().responseObject(of: User.self, keyPath: "data") { response in
///   print(response.value?.name ?? "")
/// }
/// ```
public struct MappableResponseSerializer<Value: Sendable>: ResponseSerializer {
  /// A dotted path to the object (or array) to map; `nil` maps the whole body.
  public let keyPath: String?
  /// Passed to every `Map` (`map.context`).
  public let context: (any MapContext)?
  /// Whether any failed property fails the mapping (see `Mapper`).
  public let strict: Bool
  public var readsJSON: Bool { true }
  /// Maps the JSON at `keyPath` with a mapper of these settings.
  private let map: @Sendable (JSON, (any MapContext)?, Bool) throws(MappingError) -> Value

  /// A serializer that maps the body (or the object at `keyPath`) into a model.
  ///
  /// - Parameters:
  ///   - keyPath: a dotted path to the object.
  ///   - context: passed to every `Map`.
  ///   - strict: whether any failed property fails the mapping.
  public init(keyPath: String? = nil, context: (any MapContext)? = nil, strict: Bool = false)
  where Value: BaseMappable {
    self.init(keyPath: keyPath, context: context, strict: strict) {
      json, context, strict throws(MappingError) in
      try Mapper<Value>(context: context, strict: strict).mapOrThrow(JSON: json)
    }
  }

  /// A serializer that maps the array in the body (or at `keyPath`) into models.
  ///
  /// - Parameters:
  ///   - keyPath: a dotted path to the array.
  ///   - context: passed to every `Map`.
  ///   - strict: whether any failed element fails the mapping.
  public init<Model: BaseMappable & Sendable>(
    keyPath: String? = nil, context: (any MapContext)? = nil, strict: Bool = false
  ) where Value == [Model] {
    self.init(keyPath: keyPath, context: context, strict: strict) {
      json, context, strict throws(MappingError) in
      try Mapper<Model>(context: context, strict: strict).mapArrayOrThrow(JSON: json)
    }
  }

  private init(
    keyPath: String?, context: (any MapContext)?, strict: Bool,
    map: @escaping @Sendable (JSON, (any MapContext)?, Bool) throws(MappingError) -> Value
  ) {
    self.keyPath = keyPath
    self.context = context
    self.strict = strict
    self.map = map
  }

  public func serialize(_ input: ResponseInput) throws -> Value {
    if let error = input.error { throw error }
    let json = try ResponseKeyPath.value(in: try input.json(), at: keyPath)
    do {
      return try map(json, context, strict)
    } catch {
      throw TransferError.responseSerializationFailed(reason: .mappingFailed(error: error))
    }
  }
}

/// An array of models mapped from the body (or the part at `keyPath`): the
/// `MappableResponseSerializer` of `[Model]`.
public typealias MappableArrayResponseSerializer<Model: BaseMappable & Sendable> =
  MappableResponseSerializer<[Model]>
