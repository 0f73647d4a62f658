import JSONKit

/// Why a value could not be mapped, and where.
///
/// ```swift
/// let mapper = Mapper<User>(strict: true)
/// do { _ = try mapper.mapOrThrow(JSONString: text) }
/// catch let error as MappingError {
///   print(error)  // Expected Date at .friends[3].birthday but found string ("soon")
/// }
/// ```
public struct MappingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What went wrong.
  public enum Reason: Sendable, Hashable {
    /// The key is missing (or `null`) where a value is required.
    case keyNotFound
    /// The JSON value has another type than the property.
    case typeMismatch(expected: String, found: JSONType, preview: String)
    /// A number that does not fit the property's type (`300` into `Int8`, `1.5` into `Int`).
    case numberOutOfRange(expected: String, preview: String)
    /// A transform returned `nil`.
    case transformFailed(transform: String, preview: String)
    /// A raw value that no case of the enum has.
    case unknownRawValue(type: String, preview: String)
    /// `init?(map:)` returned `nil` or `objectForMapping(map:)` returned no object.
    case objectNotCreated(type: String)
    /// The text is not JSON.
    case invalidJSON(JSONError)
    /// Anything else, in the model's own words.
    case custom(String)
  }

  /// What went wrong.
  public var reason: Reason
  /// Where, from the root of the mapped document (`.friends[3].birthday`).
  public var path: [JSONPathComponent]
  /// The source file and line of the `map.value(_:)` call, for `ImmutableMappable`.
  public var file: String?
  /// The line of the `map.value(_:)` call, with `file`.
  public var line: UInt?
  /// The error the model's own code threw inside `init(map:)`, when that is what failed.
  ///
  /// `Mapper`'s throwing `ImmutableMappable` methods rethrow it unchanged, as ObjectMapper
  /// does; it takes no part in `==`.
  public var underlyingError: (any Error)?
  /// Whether `path` is complete (from the root), or relative to the value being read.
  var pathIsAbsolute = false

  /// An error with its reason and where it happened.
  ///
  /// - Parameters:
  ///   - reason: what failed.
  ///   - path: the steps from the root (or from the value being read) to the failure.
  ///   - file: the file of the `map.value` call, for `ImmutableMappable` models.
  ///   - line: the line of that call.
  public init(
    _ reason: Reason, path: [JSONPathComponent] = [], file: String? = nil, line: UInt? = nil
  ) {
    self.reason = reason
    self.path = path
    self.file = file
    self.line = line
  }

  /// Equal when they say the same thing about the same place (whether the path was
  /// completed from the root while mapping is bookkeeping, not part of the error).
  public static func == (a: MappingError, b: MappingError) -> Bool {
    a.reason == b.reason && a.path == b.path && a.file == b.file && a.line == b.line
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(reason)
    hasher.combine(path)
    hasher.combine(file)
    hasher.combine(line)
  }

  /// The path in jq's notation.
  public var pathDescription: String { JSONPathComponent.render(path) }

  /// What, where and (for `ImmutableMappable`) the source line: `Expected Int at .friends[3].age but found string ("x")`.
  public var description: String {
    let at = pathDescription
    var text: String
    switch reason {
    case .keyNotFound: text = "Missing value at \(at)"
    case .typeMismatch(let expected, let found, let preview):
      text = "Expected \(expected) at \(at) but found \(found) (\(preview))"
    case .numberOutOfRange(let expected, let preview):
      text = "Number \(preview) at \(at) does not fit \(expected)"
    case .transformFailed(let transform, let preview):
      text = "\(transform) could not transform \(preview) at \(at)"
    case .unknownRawValue(let type, let preview):
      text = "\(preview) at \(at) is not a raw value of \(type)"
    case .objectNotCreated(let type): text = "\(type) could not be created from the value at \(at)"
    case .invalidJSON(let error): text = "Invalid JSON: \(error)"
    case .custom(let message): text = "\(message) at \(at)"
    }
    if let file, let line { text += " (\(file):\(line))" }
    return text
  }

  /// This error with `prefix` put in front of a relative path.
  @usableFromInline
  func prefixed(by prefix: [JSONPathComponent]) -> MappingError {
    guard !pathIsAbsolute else { return self }
    var copy = self
    copy.path = prefix + path
    copy.pathIsAbsolute = true
    return copy
  }

  /// This error with its path taken as relative again (an error from a nested mapping
  /// that a transform passes on from inside the value it reads).
  func relative() -> MappingError {
    var copy = self
    copy.pathIsAbsolute = false
    return copy
  }

  /// This error with one more step in front of a relative path.
  @usableFromInline
  func inside(_ component: JSONPathComponent) -> MappingError {
    guard !pathIsAbsolute else { return self }
    var copy = self
    copy.path.insert(component, at: 0)
    return copy
  }

  @usableFromInline
  static func mismatch<T>(_ type: T.Type, _ json: JSON) -> MappingError {
    MappingError(
      .typeMismatch(expected: typeName(type), found: json.type, preview: json.shortPreview))
  }
}
