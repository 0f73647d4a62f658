import JSONKit

extension Mapper {
  /// Maps a Foundation object onto an existing model; the model unchanged when the object
  /// is not a dictionary.
  ///
  /// ```swift
  /// let user = Mapper<User>().map(JSONObject: ["name": "Ada"], toObject: existing)
  /// ```
  ///
  /// - Parameters:
  ///   - JSONObject: a `[String: Any]`, an `NSDictionary` or a `JSON` object.
  ///   - object: the model to update.
  /// - Returns: the updated model.
  public func map(JSONObject: Any?, toObject object: N) -> N {
    guard let JSONObject else { return object }
    return map(JSON: JSONKit.JSON(JSONObject), toObject: object)
  }

  /// Maps a dictionary of dictionaries onto existing models: a key that has a model updates
  /// it, other keys create one, as in ObjectMapper.
  ///
  /// ```swift
  /// let updated = Mapper<User>().mapDictionary(JSON: ["ada": ["age": 37]], toDictionary: users)
  /// ```
  ///
  /// - Parameters:
  ///   - JSON: the dictionaries by key.
  ///   - dictionary: the models to update.
  /// - Returns: the models by key (keys only in `dictionary` are kept).
  public func mapDictionary(JSON: [String: [String: Any]], toDictionary dictionary: [String: N])
    -> [String: N]
  {
    var result = dictionary
    for (key, value) in JSON {
      if let existing = dictionary[key] {
        result[key] = map(JSON: value, toObject: existing)
      } else if let created = map(JSON: value) {
        result[key] = created
      }
    }
    return result
  }
}

extension Map {
  /// Reads the value at `key`, or `default` when the key is missing or `null`; ObjectMapper's
  /// spelling for `ImmutableMappable` initializers.
  ///
  /// ```swift
  /// name = try map.value("name", default: "Anonymous")
  /// ```
  ///
  /// - Parameters:
  ///   - key: the key or dotted path.
  ///   - defaultValue: the value for a missing key or `null`.
  ///   - file: the caller's file, recorded in the error (ObjectMapper's signature).
  ///   - function: the caller's function (ObjectMapper's signature).
  ///   - line: the caller's line, recorded in the error.
  /// - Returns: the value read, or `defaultValue`.
  /// - Throws: `MappingError` when the value is present but is not a `T`.
  public func value<T: MapValue>(
    _ key: String, default defaultValue: T,
    file: StaticString = #file, function: StaticString = #function, line: UInt = #line
  ) throws -> T {
    let optional: T? = try value(key, file: file, function: function, line: line)
    return optional ?? defaultValue
  }
}
