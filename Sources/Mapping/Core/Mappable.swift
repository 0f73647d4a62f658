import JSONKit

/// What every model type has: a `mapping(map:)` that lists its properties with `<-`.
///
/// Conform to one of `Mappable`, `StaticMappable` or `ImmutableMappable`, which say how
/// an instance is created.
public protocol BaseMappable: MapValue {
  /// Maps each property: `name <- map["name"]`. Called to read (after the instance is
  /// created) and to write.
  mutating func mapping(map: Map)
}

/// A model created by `init?(map:)` and then filled by `mapping(map:)`.
///
/// ```swift
/// struct User: Mappable {
///   var name = ""
///   var age: Int?
///   var friends: [User] = []
///   init?(map: Map) {}
///   mutating func mapping(map: Map) {
///     name    <- map["name"]
///     age     <- map["age"]
///     friends <- map["friends"]
///   }
/// }
/// let user = User(JSONString: #"{"name": "Ada", "age": 36}"#)
/// ```
public protocol Mappable: BaseMappable {
  /// Return `nil` to reject the JSON before mapping (validate required keys with
  /// `map.JSON` or `map["key"].isKeyPresent`).
  init?(map: Map)
}

/// A model whose instance is chosen by a static function: class clusters (a subclass per
/// `"type"`), cached or shared objects.
///
/// ```swift
/// class Vehicle: StaticMappable {
///   class func objectForMapping(map: Map) -> BaseMappable? {
///     switch map["type"].currentValue as? String {
///     case "car": return Car()
///     default: return Vehicle()
///     }
///   }
///   func mapping(map: Map) { … }
/// }
/// ```
public protocol StaticMappable: BaseMappable {
  /// The object to map `map` into, chosen by looking at the JSON (a subclass, a cached
  /// instance); `nil` when the JSON does not describe one. `mapping(map:)` then fills it.
  static func objectForMapping(map: Map) -> (any BaseMappable)?
}

/// A model with `let` properties, read in a throwing initializer with `map.value(_:)`;
/// `mapping(map:)` writes it back with `>>>`.
///
/// ```swift
/// struct Point: ImmutableMappable {
///   let x: Double
///   let y: Double
///   init(map: Map) throws {
///     x = try map.value("x")
///     y = try map.value("y")
///   }
///   func mapping(map: Map) {
///     x >>> map["x"]
///     y >>> map["y"]
///   }
/// }
/// ```
public protocol ImmutableMappable: BaseMappable {
  /// Reads every property with `try map.value(_:)`; a missing or mismatched value throws a
  /// `MappingError` with its path, and the model is not made. `mapping(map:)` runs after it.
  init(map: Map) throws
}

extension ImmutableMappable {
  /// Immutable models usually write with `>>>` here; the default writes nothing.
  public mutating func mapping(map: Map) {}
}

// MARK: Reading and writing nested models

extension BaseMappable {
  public func toMapJSON(map: Map) -> JSONKit.JSON {
    let child = Map(nestedIn: map, mappingType: .toJSON, JSON: [:])
    var copy = self
    copy.mapping(map: child)
    return child.JSON
  }

  /// Appends the model's object as text, property by property, as `mapping(map:)` writes it.
  ///
  /// - Parameter map: the map whose current key (or element) is this model.
  /// - Returns: `false`: a model is never `null`.
  public func writeMapText(map: Map) -> Bool {
    guard let child = map.nestedTextMap() else {
      map.writeText(toMapJSON(map: map))
      return false
    }
    child.beginTextObject()
    var copy = self
    copy.mapping(map: child)
    child.endTextObject()
    return false
  }

  /// When the map updates an object (`map.toObject`), maps `json` onto `existing` (the same
  /// instance, for a class), as ObjectMapper does; otherwise reads a new model.
  public static func fromMapJSON(_ json: JSONKit.JSON, map: Map, updating existing: Self)
    throws(MappingError) -> Self
  {
    guard map.toObject else { return try fromMapJSON(json, map: map) }
    return try mapNested(json, map: map) { child throws(MappingError) in
      var object = existing
      object.mapping(map: child)
      return object
    }
  }

  /// Maps `json` into a new instance created by `make`, checking it is an object.
  @inlinable
  static func mapNested(
    _ json: JSONKit.JSON, map: Map, make: (Map) throws(MappingError) -> Self
  ) throws(MappingError) -> Self {
    guard json.type == .dictionary else { throw .mismatch(Self.self, json) }
    guard map.depth < Map.maxModelDepth else {
      throw MappingError(.custom("Models nested more than \(Map.maxModelDepth) levels deep"))
    }
    let child = map.nestedMap(reading: json)
    defer { map.finishNested(child) }
    return try make(child)
  }
}

extension Mappable {
  // `@inlinable` (as the reads below): each model's module specializes them for the model,
  // instead of instantiating generic metadata for every nested object.
  @inlinable
  public static func fromMapJSON(_ json: JSONKit.JSON, map: Map) throws(MappingError) -> Self {
    try mapNested(json, map: map) { child throws(MappingError) in
      guard var object = Self(map: child) else {
        throw MappingError(.objectNotCreated(type: typeName(Self.self)))
      }
      object.mapping(map: child)
      return object
    }
  }
}

extension StaticMappable {
  @inlinable
  public static func fromMapJSON(_ json: JSONKit.JSON, map: Map) throws(MappingError) -> Self {
    try mapNested(json, map: map) { child throws(MappingError) in
      guard var object = Self.objectForMapping(map: child) as? Self else {
        throw MappingError(.objectNotCreated(type: typeName(Self.self)))
      }
      object.mapping(map: child)
      return object
    }
  }
}

extension ImmutableMappable {
  public static func fromMapJSON(_ json: JSONKit.JSON, map: Map) throws(MappingError) -> Self {
    try mapNested(json, map: map) { child throws(MappingError) in
      do {
        // As ObjectMapper: `mapping(map:)` runs after `init(map:)`, so properties it reads
        // with `<-` are set too.
        var object = try Self(map: child)
        object.mapping(map: child)
        return object
      } catch let error as MappingError {
        throw error
      } catch {
        var failure = MappingError(.custom("\(error)"))
        failure.underlyingError = error
        failure = failure.prefixed(by: child.basePath)
        throw failure
      }
    }
  }
}
