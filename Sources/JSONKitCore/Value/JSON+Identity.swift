extension JSON {
  /// Whether this is the same value as `other`, as jq's `jv_identical` decides: the same
  /// container or string of the same document (or the same box), or equal scalars of one
  /// representation (an integer is not identical to a `Double`, a parsed number to a
  /// computed one).
  ///
  /// `path(f)` accepts a result of `f` identical to the value at the path
  /// so far (`path(.a as $x | $x)`), where an equal value made anew is refused.
  ///
  /// ```swift
  /// let json = try JSON(data: Data(#"{"a": [1]}"#.utf8))
  /// json["a"].isIdentical(to: json["a"])  // true
  /// json["a"].isIdentical(to: [1])        // false
  /// ```
  package func isIdentical(to other: JSON) -> Bool {
    switch (storage, other.storage) {
    case (.null, .null), (.invalid, .invalid), (.null, .invalid), (.invalid, .null):
      return type == other.type
    case (.bool(let a), .bool(let b)):
      return a == b
    case (.number(.int(let a)), .number(.int(let b))):
      return a == b
    case (.number(.uint(let a)), .number(.uint(let b))):
      return a == b
    case (.number(.double(let a)), .number(.double(let b))):
      return a.bitPattern == b.bitPattern
    case (.string(let a), .string(let b)):
      return a == b
    case (.node(let a, let x), .node(let b, let y)):
      return a === b && x == y
    case (.array(let a), .array(let b)):
      return a === b
    case (.object(let a), .object(let b)):
      return a === b
    default:
      return false
    }
  }
}
