import JSONKit

/// A `Mappable` model inside a `Codable` one: the other direction of `CodableTransform`.
///
/// ```swift
/// struct Envelope: Codable {
///   var id: Int
///   @Mapped var user: User          // User: Mappable, read by its mapping(map:)
/// }
/// let envelope = try JSONKitDecoder().decode(Envelope.self, from: data)
/// envelope.user.name
/// ```
///
/// Decoding reads the value at the key as a JSONKit value and maps it strictly: the first
/// failure becomes a `DecodingError.dataCorrupted` whose coding path goes down to the
/// failing property (`envelope.user.friends[3].birthday`). Encoding writes
/// `toJSONValue()`. Works with any `Decoder`/`Encoder` (Foundation's too); with
/// `JSONKitDecoder` the value is taken from the parsed document without a copy to text.
@propertyWrapper
public struct Mapped<Model: BaseMappable>: Codable {
  /// The model.
  public var wrappedValue: Model

  /// Wraps a model: `@Mapped var user = User()`.
  public init(wrappedValue: Model) {
    self.wrappedValue = wrappedValue
  }

  /// Decodes the value at the key as JSON and maps it strictly.
  public init(from decoder: any Decoder) throws {
    let json = try JSONKit.JSON(from: decoder)
    do {
      wrappedValue = try Mapper<Model>(strict: true).mapOrThrow(JSON: json)
    } catch {
      let path = error.path.map(MappedCodingKey.init)
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath + path, debugDescription: error.description))
    }
  }

  /// Encodes the model's `toJSONValue()`.
  public func encode(to encoder: any Encoder) throws {
    try wrappedValue.toJSONValue().encode(to: encoder)
  }
}

extension Mapped: Equatable where Model: Equatable {}
extension Mapped: Hashable where Model: Hashable {}
extension Mapped: Sendable where Model: Sendable {}

/// A step of a mapping path as a coding key (an array index has an `intValue`).
struct MappedCodingKey: CodingKey {
  let stringValue: String
  let intValue: Int?

  init(_ component: JSONPathComponent) {
    switch component {
    case .key(let key): (stringValue, intValue) = (key, nil)
    case .index(let index): (stringValue, intValue) = ("Index \(index)", index)
    }
  }

  init?(stringValue: String) {
    self.stringValue = stringValue
    self.intValue = nil
  }

  init?(intValue: Int) {
    self.stringValue = "Index \(intValue)"
    self.intValue = intValue
  }
}
