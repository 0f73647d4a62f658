extension JSON {
  /// Merges `other` into this value, as SwiftyJSON: objects merge member by member
  /// (recursively for nested objects), arrays are concatenated, and any other value of the
  /// same type is replaced by `other`.
  ///
  /// ```swift
  /// var base: JSON = ["name": "Ada", "langs": ["en"], "address": ["city": "London"]]
  /// try base.merge(with: ["langs": ["fr"], "address": ["zip": "N1"]])
  /// // {"name": "Ada", "langs": ["en", "fr"], "address": {"city": "London", "zip": "N1"}}
  /// ```
  ///
  /// - Throws: `JSONError` `.wrongType` when the two values have different types.
  public mutating func merge(with other: JSON) throws(JSONError) {
    try merge(with: other, typecheck: true)
  }

  /// A copy of this value merged with `other`; see `merge(with:)`.
  public func merged(with other: JSON) throws(JSONError) -> JSON {
    var copy = self
    try copy.merge(with: other)
    return copy
  }

  private mutating func merge(with other: JSON, typecheck: Bool) throws(JSONError) {
    if type == other.type {
      switch type {
      case .dictionary:
        for (key, value) in other {
          if self[key].exists() {
            try self[key].merge(with: value, typecheck: false)
          } else {
            self[key] = value
          }
        }
      case .array:
        append(contentsOf: other.arrayValue)
      default:
        self = other.detached
      }
    } else if typecheck {
      throw JSONError(
        .access(.wrongType(expected: type, found: other.type, preview: other.preview)), path: path)
    } else {
      self = other.detached
    }
  }
}
