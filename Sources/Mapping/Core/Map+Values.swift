import JSONKit

// Throwing reads, for `ImmutableMappable.init(map:)`.

extension Map {
  /// Reads the value at `key`, or throws a `MappingError` naming the full path and the
  /// call site.
  ///
  /// An optional `T` gives `nil` for a missing key or `null`.
  ///
  /// ```swift
  /// init(map: Map) throws {
  ///   id       = try map.value("id")
  ///   tags     = try map.value("meta.tags")          // [String]
  ///   nickname = try map.value("nickname")           // String?
  /// }
  /// ```
  public func value<T: MapValue>(
    _ key: String, nested: Bool? = nil, delimiter: String = ".",
    file: StaticString = #file, function: StaticString = #function, line: UInt = #line
  ) throws -> T {
    let json = try present(
      key, nested: nested, delimiter: delimiter, optional: T.mapValueWhenMissing != nil, file: file,
      line: line)
    // `present` returns nil only for a type with a value for missing keys.
    guard let json else { return T.mapValueWhenMissing! }
    do throws(MappingError) {
      return try T.fromMapJSON(json, map: self)
    } catch {
      throw located(error, file: file, line: line)
    }
  }

  /// Reads the value at `key` through `transform`, or throws.
  ///
  /// ```swift
  /// birthday = try map.value("birthday", using: ISO8601DateTransform())
  /// ```
  public func value<Transform: TransformType>(
    _ key: String, nested: Bool? = nil, delimiter: String = ".", using transform: Transform,
    file: StaticString = #file, function: StaticString = #function, line: UInt = #line
  ) throws -> Transform.Object {
    guard
      let json = try present(
        key, nested: nested, delimiter: delimiter, optional: false, file: file, line: line)
    else { throw located(MappingError(.keyNotFound), file: file, line: line) }
    do throws(MappingError) {
      return try transform.transformFromJSONValueOrThrow(json)
    } catch {
      throw located(error, file: file, line: line)
    }
  }

  /// Reads an optional value at `key` through `transform`: `nil` when missing or `null`;
  /// throws when present but not transformable.
  public func value<Transform: TransformType>(
    _ key: String, nested: Bool? = nil, delimiter: String = ".", using transform: Transform,
    file: StaticString = #file, function: StaticString = #function, line: UInt = #line
  ) throws -> Transform.Object? {
    guard
      let json = try present(
        key, nested: nested, delimiter: delimiter, optional: true, file: file, line: line),
      json.type != .null
    else { return nil }
    do throws(MappingError) {
      return try transform.transformFromJSONValueOrThrow(json)
    } catch {
      throw located(error, file: file, line: line)
    }
  }

  /// Reads a `RawRepresentable` enum at `key`, or throws.
  public func value<E: RawRepresentable>(
    _ key: String, nested: Bool? = nil, delimiter: String = ".",
    file: StaticString = #file, function: StaticString = #function, line: UInt = #line
  ) throws -> E where E.RawValue: MapValue {
    try value(
      key, nested: nested, delimiter: delimiter, using: RawValueTransform<E>(), file: file,
      line: line)
  }

  /// Reads an array at `key` through `transform`, or throws (naming the element that failed).
  ///
  /// ```swift
  /// dates = try map.value("dates", using: ISO8601DateTransform())   // [Date]
  /// ```
  public func value<Transform: TransformType>(
    _ key: String, nested: Bool? = nil, delimiter: String = ".", using transform: Transform,
    file: StaticString = #file, function: StaticString = #function, line: UInt = #line
  ) throws -> [Transform.Object] {
    guard
      let json = try present(
        key, nested: nested, delimiter: delimiter, optional: false, file: file, line: line)
    else { throw located(MappingError(.keyNotFound), file: file, line: line) }
    do throws(MappingError) {
      return try readTransformedArray(json, transform)
    } catch {
      throw located(error, file: file, line: line)
    }
  }

  /// Reads a string-keyed dictionary at `key` through `transform`, or throws.
  public func value<Transform: TransformType>(
    _ key: String, nested: Bool? = nil, delimiter: String = ".", using transform: Transform,
    file: StaticString = #file, function: StaticString = #function, line: UInt = #line
  ) throws -> [String: Transform.Object] {
    guard
      let json = try present(
        key, nested: nested, delimiter: delimiter, optional: false, file: file, line: line)
    else { throw located(MappingError(.keyNotFound), file: file, line: line) }
    do throws(MappingError) {
      return try readTransformedDictionary(json, transform)
    } catch {
      throw located(error, file: file, line: line)
    }
  }

  /// Reads an array of arrays at `key` through `transform`, or throws.
  ///
  /// ```swift
  /// grid = try map.value("grid", using: CellTransform())   // [[Cell]]
  /// ```
  public func value<Transform: TransformType>(
    _ key: String, nested: Bool? = nil, delimiter: String = ".", using transform: Transform,
    file: StaticString = #file, function: StaticString = #function, line: UInt = #line
  ) throws -> [[Transform.Object]] {
    guard
      let json = try present(
        key, nested: nested, delimiter: delimiter, optional: false, file: file, line: line)
    else { throw located(MappingError(.keyNotFound), file: file, line: line) }
    do throws(MappingError) {
      return try readTransformedArrays(json, transform)
    } catch {
      throw located(error, file: file, line: line)
    }
  }

  /// Reads an optional `RawRepresentable` enum at `key`: `nil` when missing or `null`;
  /// throws when present but not a raw value of `E`.
  ///
  /// - Parameters:
  ///   - key: the key or dotted path.
  ///   - nested: whether dots in `key` separate nested keys; `nil` uses the map's setting.
  ///   - delimiter: the separator of nested keys.
  ///   - file: the caller's file, recorded in the error.
  ///   - function: the caller's function (ObjectMapper's signature).
  ///   - line: the caller's line, recorded in the error.
  /// - Returns: the enum, or `nil`.
  /// - Throws: `MappingError` naming the full path and the call site.
  public func value<E: RawRepresentable>(
    _ key: String, nested: Bool? = nil, delimiter: String = ".",
    file: StaticString = #file, function: StaticString = #function, line: UInt = #line
  ) throws -> E? where E.RawValue: MapValue {
    try value(
      key, nested: nested, delimiter: delimiter, using: RawValueTransform<E>(), file: file,
      line: line)
  }

  /// Reads an array of `RawRepresentable` enums at `key`, or throws.
  public func value<E: RawRepresentable>(
    _ key: String, nested: Bool? = nil, delimiter: String = ".",
    file: StaticString = #file, function: StaticString = #function, line: UInt = #line
  ) throws -> [E] where E.RawValue: MapValue {
    try value(
      key, nested: nested, delimiter: delimiter, using: RawValueTransform<E>(), file: file,
      line: line)
  }

  /// Reads an optional array of `RawRepresentable` enums at `key`: `nil` when missing or
  /// `null`.
  public func value<E: RawRepresentable>(
    _ key: String, nested: Bool? = nil, delimiter: String = ".",
    file: StaticString = #file, function: StaticString = #function, line: UInt = #line
  ) throws -> [E]? where E.RawValue: MapValue {
    guard
      let json = try present(
        key, nested: nested, delimiter: delimiter, optional: true, file: file, line: line)
    else { return nil }
    do throws(MappingError) {
      return try readTransformedArray(json, RawValueTransform<E>())
    } catch {
      throw located(error, file: file, line: line)
    }
  }

  /// Reads an untyped `[Any]` or `[String: Any]` at `key` (Foundation objects), or throws.
  public func value<T: FoundationJSONObject>(
    _ key: String, nested: Bool? = nil, delimiter: String = ".",
    file: StaticString = #file, function: StaticString = #function, line: UInt = #line
  ) throws -> T {
    guard
      let json = try present(
        key, nested: nested, delimiter: delimiter, optional: false, file: file, line: line)
    else { throw located(MappingError(.keyNotFound), file: file, line: line) }
    guard let object = T(foundationJSON: json) else {
      throw located(.mismatch(T.self, json), file: file, line: line)
    }
    return object
  }

  /// Reads an optional untyped `[Any]?` or `[String: Any]?` at `key`: `nil` when missing or
  /// `null`.
  public func value<T: FoundationJSONObject>(
    _ key: String, nested: Bool? = nil, delimiter: String = ".",
    file: StaticString = #file, function: StaticString = #function, line: UInt = #line
  ) throws -> T? {
    guard
      let json = try present(
        key, nested: nested, delimiter: delimiter, optional: true, file: file, line: line)
    else { return nil }
    guard let object = T(foundationJSON: json) else {
      throw located(.mismatch(T.self, json), file: file, line: line)
    }
    return object
  }

  /// Selects `key` and returns its value; `nil` for a missing optional value.
  private func present(
    _ key: String, nested: Bool?, delimiter: String, optional: Bool, file: StaticString, line: UInt
  ) throws -> JSONKit.JSON? {
    _ = self[key, nested: nested, delimiter: delimiter]
    guard let json = currentJSON else {
      if optional { return nil }
      throw located(MappingError(.keyNotFound), file: file, line: line)
    }
    if optional && json.type == .null { return nil }
    return json
  }

  private func located(_ error: MappingError, file: StaticString, line: UInt) -> MappingError {
    var located = error.prefixed(by: currentPath)
    if located.file == nil {
      located.file = "\(file)".split(separator: "/").last.map(String.init) ?? "\(file)"
      located.line = line
    }
    return located
  }
}
