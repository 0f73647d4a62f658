import JSONKit

// ObjectMapper's conveniences on models and collections of models.

extension BaseMappable {
  /// The model as a Foundation dictionary: `user.toJSON()`.
  public func toJSON() -> [String: Any] { Mapper<Self>().toJSON(self) }

  /// The model as a JSONKit value.
  public func toJSONValue() -> JSONKit.JSON { Mapper<Self>().toJSONValue(self) }

  /// The model as JSON text: `user.toJSONString(prettyPrint: true)`.
  public func toJSONString(prettyPrint: Bool = false) -> String? {
    Mapper<Self>().toJSONString(self, prettyPrint: prettyPrint)
  }
}

extension Mappable {
  /// A model from JSON text: `User(JSONString: text)`; `nil` when the text is not JSON or
  /// `init?(map:)` rejects it.
  public init?(JSONString: String, context: MapContext? = nil) {
    guard let object = Mapper<Self>(context: context).map(JSONString: JSONString) else {
      return nil
    }
    self = object
  }

  /// A model from a Foundation dictionary.
  public init?(JSON: [String: Any], context: MapContext? = nil) {
    guard let object = Mapper<Self>(context: context).map(JSON: JSON) else { return nil }
    self = object
  }

  /// A model from a JSONKit value.
  public init?(JSONValue: JSONKit.JSON, context: MapContext? = nil) {
    guard let object = Mapper<Self>(context: context).map(JSON: JSONValue) else { return nil }
    self = object
  }
}

// These keep `throws(MappingError)`: an error thrown by the model's own `init(map:)` is the
// failure's `underlyingError` (`Mapper`'s throwing methods rethrow it as itself).
extension ImmutableMappable {
  /// A model from JSON text, or the first failure: `try Point(JSONString: text)`.
  public init(JSONString: String, context: MapContext? = nil) throws(MappingError) {
    self = try Mapper<Self>(context: context, strict: true).mapOrThrow(JSONString: JSONString)
  }

  /// A model from a Foundation dictionary, or the first failure.
  public init(JSON: [String: Any], context: MapContext? = nil) throws(MappingError) {
    self = try Mapper<Self>(context: context, strict: true).mapOrThrow(JSON: JSONKit.JSON(JSON))
  }

  /// A model from a JSONKit value, or the first failure.
  public init(JSONValue: JSONKit.JSON, context: MapContext? = nil) throws(MappingError) {
    self = try Mapper<Self>(context: context, strict: true).mapOrThrow(JSON: JSONValue)
  }

  /// A model from any JSON object (Foundation or JSONKit), or the first failure.
  public init(JSONObject: Any, context: MapContext? = nil) throws(MappingError) {
    self = try Mapper<Self>(context: context, strict: true).mapOrThrow(
      JSON: JSONKit.JSON(JSONObject))
  }
}

extension Array where Element: BaseMappable {
  /// Models from JSON text holding an array.
  public init?(JSONString: String, context: MapContext? = nil) {
    guard let objects = Mapper<Element>(context: context).mapArray(JSONString: JSONString) else {
      return nil
    }
    self = objects
  }

  /// The models as Foundation dictionaries.
  public func toJSON() -> [[String: Any]] { Mapper<Element>().toJSONArray(self) }

  /// The models as JSON text.
  public func toJSONString(prettyPrint: Bool = false) -> String? {
    Mapper<Element>().toJSONString(self, prettyPrint: prettyPrint)
  }
}

extension Set where Element: BaseMappable {
  /// The models as Foundation dictionaries.
  public func toJSON() -> [[String: Any]] { Mapper<Element>().toJSONSet(self) }
}
