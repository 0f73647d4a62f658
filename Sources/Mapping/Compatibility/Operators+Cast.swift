import JSONKit

// ObjectMapper's last resort for a property of a type that is not mappable: the value at
// the key, as a Foundation object, cast with `as? T`. A `Codable` struct, for example, is
// never such an object, so it stays `nil` (use `CodableTransform`), as in ObjectMapper.
// Mappable types never come here: their overloads are more specific.

/// Reads the Foundation object at the key when it is a `T` (ObjectMapper's cast); writes
/// `T` back when `JSON(_:)` can represent it.
///
/// ```swift
/// var raw: NSDictionary?
/// raw <- map["raw"]
/// ```
public func <- <T>(left: inout T?, right: Map) {
  switch right.mappingType {
  case .fromJSON:
    guard let json = right.presentValue(optional: true) else { return }
    if json.type == .null {
      if !right.ignoreNil { left = nil }
      return
    }
    if let value = json.object as? T {
      left = value
    } else {
      right.record(.mismatch(T.self, json))
    }
  case .toJSON: left >>> right
  }
}

/// Writes `left` when `JSON(_:)` can represent it; `null` for `nil`.
public func >>> <T>(left: T?, right: Map) {
  guard right.mappingType == .toJSON else { return }
  guard let left else { return right.write(.null) }
  let json = JSONKit.JSON(left)
  if json.type != .unknown { right.write(json) }
}

extension Map {
  /// Reads the Foundation object at `key` cast to `T`, ObjectMapper's reading for types that
  /// are not mappable; throws when it is missing or not a `T`.
  ///
  /// ```swift
  /// let raw: NSDictionary = try map.value("raw")
  /// ```
  ///
  /// - Parameters:
  ///   - key: the key or dotted path.
  ///   - nested: whether dots in `key` separate nested keys; `nil` uses the map's setting.
  ///   - delimiter: the separator of nested keys.
  ///   - file: the caller's file, recorded in the error (ObjectMapper's signature).
  ///   - function: the caller's function (ObjectMapper's signature).
  ///   - line: the caller's line, recorded in the error.
  /// - Returns: the value.
  /// - Throws: `MappingError` when the key is missing or the value is not a `T`.
  public func value<T>(
    _ key: String, nested: Bool? = nil, delimiter: String = ".",
    file: StaticString = #file, function: StaticString = #function, line: UInt = #line
  ) throws -> T {
    let json: JSONKit.JSON = try value(
      key, nested: nested, delimiter: delimiter, file: file, function: function, line: line)
    guard let value = json.object as? T else {
      var failure = MappingError.mismatch(T.self, json).inside(.key(key))
      failure.file = "\(file)".split(separator: "/").last.map(String.init) ?? "\(file)"
      failure.line = line
      throw failure
    }
    return value
  }
}
