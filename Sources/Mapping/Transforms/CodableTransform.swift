import JSONKit

/// Maps a nested `Codable` value inside a `Mappable` model, as ObjectMapper's
/// `CodableTransform`: for types that already have a `Codable` conformance and no
/// `mapping(map:)`.
///
/// ```swift
/// struct Address: Codable { var street: String; var zip: String? }
/// address   <- (map["address"], CodableTransform<Address>())
/// previous  <- (map["previous"], CodableTransform<Address>())   // [Address]?
/// let home: Address = try map.value("home", using: CodableTransform<Address>())
/// ```
///
/// **Reading** decodes the JSON value at the key (an object, an array or a single value)
/// with `JSONKitDecoder`'s default strategies, reading the JSONKit value directly (exact
/// numbers: `1.5` is no `Int`, a `Decimal` keeps its digits). When decoding throws (a
/// missing key, a wrong type), the property is left unchanged and the failure recorded
/// with the decoding error's coding path after the property's
/// (`.address.zip: Expected String … but found number`).
///
/// **Writing** encodes the value with `JSONKitEncoder` straight into the JSON at the key
/// (members in encoding order, numbers exact); a value whose encoding throws
/// (a non-finite `Double`, say) is written as `null`, since writing cannot report an
/// error.
///
/// Holds no state and is `Sendable`: one instance can serve any number of threads (the
/// `JSONKitDecoder` and `JSONKitEncoder` it uses are `Sendable` values made per call).
public final class CodableTransform<T: Codable>: TransformType, Sendable {
  /// The property's type.
  public typealias Object = T
  /// The JSON side's type: what `transformToJSON` returns.
  public typealias JSON = Any

  /// A transform for `Object`; it has no settings.
  public init() {}

  /// Reads a Foundation value (`nil` for a missing or `null` one), as described for the type;
  /// `nil` when it does not convert.
  public func transformFromJSON(_ value: Any?) -> T? {
    transformFromFoundationObject(value)
  }

  /// The JSON form of `value`, as described for the type; `nil` when there is nothing to
  /// write.
  public func transformToJSON(_ value: T?) -> Any? {
    guard value != nil else { return nil }
    let json = transformToJSONValue(value)
    return json.type == .null ? nil : json.object
  }

  public func transformFromJSONValue(_ json: JSONKit.JSON) -> T? {
    try? transformFromJSONValueOrThrow(json)
  }

  public func transformFromJSONValueOrThrow(_ json: JSONKit.JSON) throws(MappingError) -> T {
    // Straight from the JSONKit value: no text in between, and numbers (`Decimal` too)
    // are read exactly from their source text.
    do {
      return try JSONKitDecoder().decode(T.self, from: json)
    } catch let error as DecodingError {
      throw MappingError(decoding: error, in: json, rootType: T.self)
    } catch {
      throw MappingError(.custom("\(error)"))
    }
  }

  public func transformToJSONValue(_ object: T?) -> JSONKit.JSON {
    guard let object else { return .null }
    // Straight to a JSONKit value, members in encoding order: no text in between.
    guard let json = try? JSONKitEncoder().encodeToJSON(object) else { return .null }
    return json
  }
}
