import JSONKit

// ObjectMapper 4's throwing API for `ImmutableMappable` models: a model with `let`
// properties either maps completely or throws why. These overloads are more specialized
// than the optional-returning ones, so `try Mapper<Point>().map(JSONString: text)` picks
// them, as in ObjectMapper.

extension Mapper where N: ImmutableMappable {
  /// The model, or the first failure (always strict).
  ///
  /// ```swift
  /// let point = try Mapper<Point>().map(JSONString: #"{"x": 1, "y": 2}"#)
  /// ```
  public func map(JSONString: String) throws -> N {
    try Self.rethrowingUserErrors { () throws(MappingError) in
      try strictMapper.mapOrThrow(JSONString: JSONString)
    }
  }

  /// The model from a Foundation dictionary, or the first failure.
  public func map(JSON: [String: Any]) throws -> N {
    try Self.rethrowingUserErrors { () throws(MappingError) in
      try strictMapper.mapOrThrow(JSON: JSONKit.JSON(JSON))
    }
  }

  /// The model from a JSONKit value, or the first failure.
  public func map(JSON json: JSONKit.JSON) throws -> N {
    try Self.rethrowingUserErrors { () throws(MappingError) in
      try strictMapper.mapOrThrow(JSON: json)
    }
  }

  /// The model from a Foundation object or JSONKit value, or the first failure.
  public func map(JSONObject: Any) throws -> N {
    try Self.rethrowingUserErrors { () throws(MappingError) in
      try strictMapper.mapOrThrow(JSON: JSONKit.JSON(JSONObject))
    }
  }

  /// Every model of an array, or the first failure.
  ///
  /// ```swift
  /// let points = try Mapper<Point>().mapArray(JSONString: #"[{"x": 1, "y": 2}]"#)
  /// ```
  public func mapArray(JSONString: String) throws -> [N] {
    try Self.rethrowingUserErrors { () throws(MappingError) in
      try strictMapper.mapArrayOrThrow(JSONString: JSONString)
    }
  }

  /// Every model of a Foundation array, or the first failure.
  public func mapArray(JSONArray: [[String: Any]]) throws -> [N] {
    try Self.rethrowingUserErrors { () throws(MappingError) in
      try strictMapper.mapArrayOrThrow(JSON: JSONKit.JSON(JSONArray))
    }
  }

  /// Every model of a Foundation array or JSONKit value, or the first failure.
  public func mapArray(JSONObject: Any) throws -> [N] {
    try Self.rethrowingUserErrors { () throws(MappingError) in
      try strictMapper.mapArrayOrThrow(JSON: JSONKit.JSON(JSONObject))
    }
  }

  /// Every model of an object of objects in JSON text, or the first failure.
  public func mapDictionary(JSONString: String) throws -> [String: N] {
    try Self.rethrowingUserErrors { () throws(MappingError) in
      try strictMapper.mapDictionaryOrThrow(JSONString: JSONString)
    }
  }

  /// Every model of a Foundation dictionary of dictionaries, or the first failure.
  public func mapDictionary(JSON: [String: [String: Any]]) throws -> [String: N] {
    try Self.rethrowingUserErrors { () throws(MappingError) in
      try strictMapper.mapDictionaryOrThrow(JSON: JSONKit.JSON(JSON))
    }
  }

  /// Every model of an object of objects, or the first failure (`nil` fails as `null`).
  public func mapDictionary(JSONObject: Any?) throws -> [String: N] {
    try Self.rethrowingUserErrors { () throws(MappingError) in
      try strictMapper.mapDictionaryOrThrow(JSON: Self.required(JSONObject))
    }
  }

  /// Every model of a dictionary of arrays, or the first failure.
  public func mapDictionaryOfArrays(JSON: [String: [[String: Any]]]) throws
    -> [String: [N]]
  {
    try Self.rethrowingUserErrors { () throws(MappingError) in
      try strictMapper.mapDictionaryOfArraysOrThrow(JSON: JSONKit.JSON(JSON))
    }
  }

  /// Every model of an object of arrays, or the first failure (`nil` fails as `null`).
  public func mapDictionaryOfArrays(JSONObject: Any?) throws -> [String: [N]] {
    try Self.rethrowingUserErrors { () throws(MappingError) in
      try strictMapper.mapDictionaryOfArraysOrThrow(JSON: Self.required(JSONObject))
    }
  }

  /// Every model of an array of arrays, or the first failure (`nil` fails as `null`).
  public func mapArrayOfArrays(JSONObject: Any?) throws -> [[N]] {
    try Self.rethrowingUserErrors { () throws(MappingError) in
      try strictMapper.mapArrayOfArraysOrThrow(JSON: Self.required(JSONObject))
    }
  }

  /// This mapper in strict mode: an immutable model cannot be half mapped.
  ///
  /// Runs a throwing read; an error thrown by the model's own `init(map:)` comes out as
  /// itself, not inside a `MappingError`.
  static func rethrowingUserErrors<R>(_ body: () throws(MappingError) -> R) throws -> R {
    do {
      return try body()
    } catch {
      if let underlying = error.underlyingError { throw underlying }
      throw error
    }
  }

  fileprivate var strictMapper: Mapper<N> {
    Mapper(context: context, shouldIncludeNilValues: shouldIncludeNilValues, strict: true)
  }

  /// `nil` (ObjectMapper's "no JSON at all") as JSON `null`, so that it fails with a type
  /// mismatch that says so.
  private static func required(_ object: Any?) -> JSONKit.JSON {
    object.map { JSONKit.JSON($0) } ?? .null
  }
}

extension Mapper where N: ImmutableMappable & Hashable {
  /// Every model of an array in JSON text, as a set, or the first failure.
  public func mapSet(JSONString: String) throws -> Set<N> {
    try Self.rethrowingUserErrors { () throws(MappingError) in
      try strictMapper.mapSetOrThrow(JSONString: JSONString)
    }
  }
}
