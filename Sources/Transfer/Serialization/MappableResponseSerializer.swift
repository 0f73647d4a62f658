import Foundation
import JSONKit
import Mapping

/// A `Mappable`, `StaticMappable` or `ImmutableMappable` model mapped from the body (or the
/// part at `keyPath`), parsed while it downloads.
///
/// Mapping is lenient as ObjectMapper's
/// unless `strict`: then the first field that does not map fails the response, with its
/// path (`.data.user.age: expected Int, found String "ten"`).
///
/// ```swift
/// session.request(url).validate().responseObject(of: User.self, keyPath: "data") { response in
///   print(response.value?.name ?? "")
/// }
/// ```
public struct MappableResponseSerializer<Model: BaseMappable & Sendable>: ResponseSerializer {
  /// A dotted path to the object (or array) to map; `nil` maps the whole body.
  public let keyPath: String?
  /// Passed to every `Map` (`map.context`).
  public let context: (any MapContext)?
  /// Whether any failed property fails the mapping (see `Mapper`).
  public let strict: Bool
  public var readsJSON: Bool { true }

  /// A serializer that maps the body (or the object at `keyPath`) into `Model`.
  ///
  /// - Parameters:
  ///   - keyPath: a dotted path to the object.
  ///   - context: passed to every `Map`.
  ///   - strict: whether any failed property fails the mapping.
  public init(keyPath: String? = nil, context: (any MapContext)? = nil, strict: Bool = false) {
    self.keyPath = keyPath
    self.context = context
    self.strict = strict
  }

  public func serialize(_ input: ResponseInput) throws -> Model {
    try MappedBody.map(input, at: keyPath) { json throws(MappingError) in
      try Mapper<Model>(context: context, strict: strict).mapOrThrow(JSON: json)
    }
  }
}

/// An array of models mapped from the body (or the part at `keyPath`).
///
/// Lenient mapping
/// drops elements that cannot be made, as ObjectMapper does; `strict` fails instead.
public struct MappableArrayResponseSerializer<Model: BaseMappable & Sendable>: ResponseSerializer {
  /// A dotted path to the object (or array) to map; `nil` maps the whole body.
  public let keyPath: String?
  /// Passed to every `Map` (`map.context`).
  public let context: (any MapContext)?
  /// Whether any failed property fails the mapping (see `Mapper`).
  public let strict: Bool
  public var readsJSON: Bool { true }

  /// A serializer that maps the array in the body (or at `keyPath`) into `[Model]`.
  ///
  /// - Parameters:
  ///   - keyPath: a dotted path to the array.
  ///   - context: passed to every `Map`.
  ///   - strict: whether any failed element fails the mapping.
  public init(keyPath: String? = nil, context: (any MapContext)? = nil, strict: Bool = false) {
    self.keyPath = keyPath
    self.context = context
    self.strict = strict
  }

  public func serialize(_ input: ResponseInput) throws -> [Model] {
    try MappedBody.map(input, at: keyPath) { json throws(MappingError) in
      try Mapper<Model>(context: context, strict: strict).mapArrayOrThrow(JSON: json)
    }
  }
}

/// What the two Mappable serializers share: the transfer's error first, then the JSON at the
/// key path, then the mapping, whose failure becomes `.mappingFailed`.
///
/// The two public types stay (they are 0.4.0's API and AlamofireObjectMapper's names); only
/// the mapping call differs between them.
private enum MappedBody {
  static func map<Value>(
    _ input: ResponseInput, at keyPath: String?, _ mapping: (JSON) throws(MappingError) -> Value
  ) throws -> Value {
    if let error = input.error { throw error }
    let json = try ResponseKeyPath.value(in: try input.json(), at: keyPath)
    do {
      return try mapping(json)
    } catch {
      throw TransferError.responseSerializationFailed(reason: .mappingFailed(error: error))
    }
  }
}
